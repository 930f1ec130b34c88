import { fromCents, type CartBanner, type FooterMenuGroup, type HeaderMenuEntry, type ImageRef, type SizingGuideRow, type StoreSettings } from '@store/core'
import type { Kysely } from 'kysely'
import { flag, readJson, readList } from '../db/json.ts'
import type { BannersRow, Database, MenuItemsRow, StoreSettingsRow } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { cachePerDatabase } from '../shared/ttl-cache.ts'
import { findSettingsRow, listBanners, listMenuItems, listSizingGuide } from './settings.queries.ts'

const settingsCache = cachePerDatabase<StoreSettings>()
const cartBannerCache = cachePerDatabase<CartBanner[]>()

/**
 * Store settings of one brand (SPEC §3), in the camelCase of the contract.
 * Every page reads them: they are cached for SETTINGS_TTL_MS (shared/ttl-cache.ts).
 */
export function getStoreSettings(db: Kysely<Database>, brandId: string): Promise<StoreSettings> {
  return settingsCache(db, brandId, () => loadStoreSettings(db, brandId))
}

async function loadStoreSettings(db: Kysely<Database>, brandId: string): Promise<StoreSettings> {
  const [row, menu, banners, sizing] = await Promise.all([
    findSettingsRow(db, brandId),
    listMenuItems(db, brandId),
    listBanners(db, brandId),
    listSizingGuide(db, brandId),
  ])
  if (!row) throw notFound('This store has no settings yet.')
  return shapeSettings(row, menu, banners, sizing)
}

function shapeSettings(
  row: StoreSettingsRow,
  menu: MenuItemsRow[],
  banners: BannersRow[],
  sizing: Awaited<ReturnType<typeof listSizingGuide>>,
): StoreSettings {
  const global = banners.find((banner) => banner.placement === 'global')
  return {
    storeName: row.store_name,
    domain: row.domain,
    mainProduct: row.main_product,
    mainProductPlural: row.main_product_plural,
    mainShoppingPath: row.main_shopping_path,
    brandHasClub: flag(row.brand_has_club),
    brandHas236Gifts: flag(row.brand_has_236_gifts),
    brandHas12Gifts: flag(row.brand_has_12_gifts),
    clubName: row.club_name,
    clubMonthly: row.club_monthly_cents === null ? null : fromCents(row.club_monthly_cents),
    clubDiscountPercentage: row.club_discount_percentage,
    clubMultiQty: flag(row.club_multi_qty),
    clubExchanges: flag(row.club_exchanges),
    monthlyItemFlair: row.monthly_item_flair,
    showClubOffer: flag(row.show_club_offer),
    afterpay: flag(row.afterpay),
    afterpayMinimum: fromCents(row.afterpay_min_cents),
    afterpayMaximum: fromCents(row.afterpay_max_cents),
    facebook: row.facebook_url,
    instagram: row.instagram_url,
    socialMediaDiscountCode: row.social_media_discount_code,
    personaFullName: row.persona_full_name,
    stripeJs: flag(row.stripe_js),
    stripeJsApplePay: flag(row.stripe_js_apple_pay),
    analytics: readJson<Record<string, string>>(row.analytics_ids, {}),
    sizes: readList(row.sizes),
    scrollingImages: readJson<ImageRef[]>(row.scrolling_images, []),
    feedBio: row.feed_bio,
    freeShippingThreshold: fromCents(row.free_shipping_threshold_cents),
    standardShippingCost: fromCents(row.standard_shipping_cost_cents),
    headerMenu: headerMenu(menu),
    footerMenu: footerMenu(menu),
    globalBanner: global
      ? {
          link: global.link,
          desktop: image(global.desktop_url, global.desktop_width, global.desktop_height, global.alt),
          mobile: image(global.mobile_url, global.mobile_width, global.mobile_height, global.alt),
        }
      : null,
    sizingGuide: sizing.map((entry): SizingGuideRow => ({
      size: entry.size,
      bust: entry.bust,
      waist: entry.waist,
      hip: entry.hip,
      pant: entry.pant,
      front: entry.front_image,
      side: entry.side_image,
      back: entry.back_image,
    })),
  }
}

function image(url: string | null, width: number | null, height: number | null, alt: string | null): ImageRef | null {
  return url ? { url, width, height, alt: alt ?? '' } : null
}

function headerMenu(menu: MenuItemsRow[]): HeaderMenuEntry[] {
  const header = menu.filter((entry) => entry.menu === 'header')
  return header
    .filter((entry) => !entry.parent_id)
    .map((entry) => ({
      caption: entry.caption,
      link: entry.link,
      dropdownImage: image(entry.image_url, null, null, entry.image_alt),
      children: header
        .filter((child) => child.parent_id === entry.id)
        .map((child) => ({ caption: child.caption, link: child.link })),
    }))
}

function footerMenu(menu: MenuItemsRow[]): FooterMenuGroup[] {
  const groups = new Map<string, FooterMenuGroup>()
  for (const entry of menu) {
    if (entry.menu !== 'footer') continue
    const header = entry.group_header ?? ''
    const group = groups.get(header) ?? { header, showDuringCheckout: false, links: [] }
    group.showDuringCheckout ||= flag(entry.show_during_checkout)
    group.links.push({ caption: entry.caption, link: entry.link })
    groups.set(header, group)
  }
  return [...groups.values()]
}

/** Banners shown in the cart drawer (cached like the settings). */
export function getCartBanners(db: Kysely<Database>, brandId: string): Promise<CartBanner[]> {
  return cartBannerCache(db, brandId, () => loadCartBanners(db, brandId))
}

async function loadCartBanners(db: Kysely<Database>, brandId: string): Promise<CartBanner[]> {
  const rows = await db
    .selectFrom('banners')
    .select(['text', 'button_text', 'button_link', 'image', 'css_class'])
    .where('brand_id', '=', brandId)
    .where('placement', '=', 'cart')
    .where('active', '=', 1)
    .orderBy('position')
    .execute()
  return rows.map((row) => ({
    text: row.text,
    buttonText: row.button_text,
    buttonLink: row.button_link,
    image: row.image,
    css_class: row.css_class,
  }))
}
