import { fromCents, type CartBanner, type SizingGuideRow, type StoreSettings } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import { contentSource, type StorefrontContent } from '../content/content-source.ts'
import { type BannerRow, type MenuRow, storefrontFromRows } from '../content/local-content.ts'
import { byPosition, readJsonColumn } from '../db/json-aggregate.ts'
import { flag, readJson, readList } from '../db/json.ts'
import type { Database, SizingGuideEntriesRow, StoreSettingsRow } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { BrandScope, SETTINGS_TTL_MS } from '../shared/ttl-cache.ts'
import { findSettingsBundle } from './settings.queries.ts'

type SizingRow = Omit<SizingGuideEntriesRow, 'id' | 'brand_id'>

/** What one statement reads of a brand's settings, shaped for each reader. */
export interface SettingsBundle {
  /** the store_settings row as stored (cents, flags), for the cart's money rule and the feed */
  row: StoreSettingsRow
  /** SPEC §3 store settings */
  settings: StoreSettings
  cartBanners: CartBanner[]
}

/**
 * Every page reads the settings (row, menus, banners, sizing guide), the cart
 * its money rule and banners: one statement per brand per SETTINGS_TTL_MS,
 * shared by all of them. An operator's edit shows within that time, at once
 * on an instance that calls invalidateSettings(brandId). The menus, banners and scrolling
 * images come from the content source (content/content-source.ts): with the store's own
 * content they ride on the same statement; from the content service they are read beside it
 * and cached with it (its webhook calls invalidateSettings too).
 */
const settingsScope = new BrandScope()
const bundleCache = settingsScope.cache<SettingsBundle | null>({ ttlMs: SETTINGS_TTL_MS, maxEntries: 100 })

/** Drops the brand's cached settings, menus and banners (after an edit). */
export function invalidateSettings(brandId: string): void {
  settingsScope.invalidate(brandId)
}

/** The brand's settings bundle (cached), null when the brand has no settings row. */
export function getSettingsBundle(db: Kysely<Database> | Transaction<Database>, brandId: string): Promise<SettingsBundle | null> {
  return bundleCache(db, brandId, 'settings', () => loadSettingsBundle(db as Kysely<Database>, brandId))
}

async function loadSettingsBundle(db: Kysely<Database>, brandId: string): Promise<SettingsBundle | null> {
  const source = contentSource()
  const [found, remote] = await Promise.all([findSettingsBundle(db, brandId), source.name === 'local' ? null : source.storefront(db, brandId)])
  if (!found) return null
  const { menu_items, banners, sizing_guide, ...row } = found
  const content =
    source.name === 'local' || !remote
      ? storefrontFromRows(byPosition(readJsonColumn<MenuRow[]>(menu_items, [])), byPosition(readJsonColumn<BannerRow[]>(banners, [])), row.scrolling_images)
      : remote
  const sizing = byPosition(readJsonColumn<SizingRow[]>(sizing_guide, []))
  return {
    row,
    settings: shapeSettings(row, content, sizing),
    cartBanners: content.cartBanners,
  }
}

/**
 * Store settings of one brand (SPEC §3), in the camelCase of the contract.
 * Every page reads them: cached for SETTINGS_TTL_MS (see getSettingsBundle).
 */
export async function getStoreSettings(db: Kysely<Database>, brandId: string): Promise<StoreSettings> {
  const bundle = await getSettingsBundle(db, brandId)
  if (!bundle) throw notFound('This store has no settings yet.')
  return bundle.settings
}

/** Banners shown in the cart drawer (cached with the settings). */
export async function getCartBanners(db: Kysely<Database>, brandId: string): Promise<CartBanner[]> {
  return (await getSettingsBundle(db, brandId))?.cartBanners ?? []
}

function shapeSettings(row: StoreSettingsRow, content: StorefrontContent, sizing: SizingRow[]): StoreSettings {
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
    scrollingImages: content.scrollingImages,
    feedBio: row.feed_bio,
    freeShippingThreshold: fromCents(row.free_shipping_threshold_cents),
    standardShippingCost: fromCents(row.standard_shipping_cost_cents),
    headerMenu: content.headerMenu,
    footerMenu: content.footerMenu,
    globalBanner: content.globalBanner,
    sizingGuide: sizing.map(
      (entry): SizingGuideRow => ({
        size: entry.size,
        bust: entry.bust,
        waist: entry.waist,
        hip: entry.hip,
        pant: entry.pant,
        front: entry.front_image,
        side: entry.side_image,
        back: entry.back_image,
      }),
    ),
  }
}
