/**
 * The store's own content (the embedded default, CONTENT_SOURCE=local): the documents the seed
 * and the operator keep in the database. The page and landing statements are the ones the
 * content service always ran; the menus and banners ride on the settings statement
 * (settings.queries.ts), shaped here for both the settings bundle and the export.
 */
import {
  fromCents,
  type CartBanner,
  type ContentBlock,
  type ContentPage,
  type FooterMenuGroup,
  type HeaderMenuEntry,
  type ImageRef,
  type MembershipFaq,
  type MembershipLanding,
} from '@store/core'
import type { Kysely } from 'kysely'
import { dialectOf } from '../db/connection.ts'
import { byPosition, jsonArrayFrom, readJsonColumn } from '../db/json-aggregate.ts'
import { flag, readJson } from '../db/json.ts'
import type { BannersRow, ContentBlocksRow, Database, MenuItemsRow } from '../db/schema.ts'
import { findSettingsBundle } from '../settings/settings.queries.ts'
import type { ContentSource, StorefrontContent } from './content-source.ts'

type Db = Kysely<Database>
export type MenuRow = Omit<MenuItemsRow, 'brand_id'>
export type BannerRow = Omit<BannersRow, 'id' | 'brand_id' | 'active'>

export const localContent: ContentSource = {
  name: 'local',
  // the pages shown: not one the operator is still drafting or has retired (migration 050)
  pageList: (db, brandId) => db.selectFrom('content_pages').select(['slug', 'updated_at']).where('brand_id', '=', brandId).where('status', '=', 'live').orderBy('slug').execute(),
  page: findPage,
  membershipLanding: findMembershipLanding,
  async storefront(db, brandId) {
    const found = await findSettingsBundle(db, brandId)
    if (!found) return null
    return storefrontFromRows(byPosition(readJsonColumn<MenuRow[]>(found.menu_items, [])), byPosition(readJsonColumn<BannerRow[]>(found.banners, [])), found.scrolling_images)
  },
}

async function findPage(db: Db, brandId: string, slug: string): Promise<ContentPage | null> {
  // one statement: the page with its blocks as a JSON array column
  const page = await db
    .selectFrom('content_pages')
    .selectAll('content_pages')
    .select((eb) =>
      jsonArrayFrom(
        dialectOf(db),
        eb
          .selectFrom('content_blocks')
          .select([
            'content_blocks.type',
            'content_blocks.body',
            'content_blocks.wistia_video_id',
            'content_blocks.button_text',
            'content_blocks.link',
            'content_blocks.desktop_image',
            'content_blocks.mobile_image',
            'content_blocks.position',
          ])
          .whereRef('content_blocks.page_id', '=', 'content_pages.id'),
      ).as('blocks'),
    )
    .where('content_pages.brand_id', '=', brandId)
    .where('content_pages.slug', '=', slug)
    .where('content_pages.status', '=', 'live')
    .executeTakeFirst()
  if (!page) return null
  const blocks = byPosition(readJsonColumn<Omit<ContentBlocksRow, 'id' | 'page_id'>[]>(page.blocks, []))
  return {
    slug: page.slug,
    name: page.name,
    body: page.body,
    hide_headline: flag(page.hide_headline),
    updated_at: page.updated_at,
    blocks: blocks.map(
      (block): ContentBlock => ({
        type: block.type,
        body: block.body,
        wistia_video_id: block.wistia_video_id,
        button_text: block.button_text,
        link: block.link,
        desktop_image: block.desktop_image,
        mobile_image: block.mobile_image,
      }),
    ),
  }
}

async function findMembershipLanding(db: Db, brandId: string): Promise<MembershipLanding | null> {
  const row = await db.selectFrom('membership_landings').selectAll().where('brand_id', '=', brandId).executeTakeFirst()
  if (!row) return null
  return {
    headline: row.headline,
    subheadline: row.subheadline,
    faqs: readJson<MembershipFaq[]>(row.faqs, []),
    founder_letter_name: row.founder_letter_name,
    founder_letter_bullets: readJson<string[]>(row.founder_letter_bullets, []),
    price: fromCents(row.price_cents),
    how_many: row.how_many,
  }
}

/** Menus and active banners (in position order) and the settings' scrolling images, as every page shows them. */
export function storefrontFromRows(menu: MenuRow[], banners: BannerRow[], scrollingImages: string | null): StorefrontContent {
  const global = banners.find((banner) => banner.placement === 'global')
  return {
    headerMenu: headerMenu(menu),
    footerMenu: footerMenu(menu),
    globalBanner: global
      ? {
          link: global.link,
          desktop: image(global.desktop_url, global.desktop_width, global.desktop_height, global.alt),
          mobile: image(global.mobile_url, global.mobile_width, global.mobile_height, global.alt),
        }
      : null,
    cartBanners: banners.filter((banner) => banner.placement === 'cart').map(cartBanner),
    scrollingImages: readJson<ImageRef[]>(scrollingImages, []),
  }
}

function cartBanner(row: BannerRow): CartBanner {
  return {
    text: row.text,
    buttonText: row.button_text,
    buttonLink: row.button_link,
    image: row.image,
    css_class: row.css_class,
  }
}

function image(url: string | null, width: number | null, height: number | null, alt: string | null): ImageRef | null {
  return url ? { url, width, height, alt: alt ?? '' } : null
}

function headerMenu(menu: MenuRow[]): HeaderMenuEntry[] {
  const header = menu.filter((entry) => entry.menu === 'header')
  return header
    .filter((entry) => !entry.parent_id)
    .map((entry) => ({
      caption: entry.caption,
      link: entry.link,
      dropdownImage: image(entry.image_url, null, null, entry.image_alt),
      children: header.filter((child) => child.parent_id === entry.id).map((child) => ({ caption: child.caption, link: child.link })),
    }))
}

function footerMenu(menu: MenuRow[]): FooterMenuGroup[] {
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
