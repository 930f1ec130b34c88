import {
  fromCents,
  type ContentBlock,
  type ContentPage,
  type Feed,
  type FeedPost,
  type MembershipFaq,
  type MembershipLanding,
  type SocialMediaLander,
  type SocialMediaSpecial,
} from '@store/core'
import type { Kysely } from 'kysely'
import { flag, readJson } from '../db/json.ts'
import { dialectOf } from '../db/connection.ts'
import { byPosition, jsonArrayFrom, readJsonColumn } from '../db/json-aggregate.ts'
import type { ContentBlocksRow, Database } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { BrandScope, SETTINGS_TTL_MS } from '../shared/ttl-cache.ts'

type Db = Kysely<Database>

/**
 * Content comes from the local content documents seeded into the database
 * (DESIGN §6: a Sanity adapter can stand behind the same functions).
 */
export async function getContentPage(db: Db, brandId: string, slug: string): Promise<ContentPage> {
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
    .executeTakeFirst()
  if (!page) throw notFound(`We couldn't find the page '${slug}'.`)
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

/** The feed: its posts (one statement) and the bio and Instagram link of the cached store settings. */
export async function getFeed(db: Db, brandId: string): Promise<Feed> {
  const [bundle, posts] = await Promise.all([getSettingsBundle(db, brandId), db.selectFrom('feed_posts').selectAll().where('brand_id', '=', brandId).orderBy('position').execute()])
  const settings = bundle?.row
  return {
    bio: settings?.feed_bio ?? '',
    instagram: settings?.instagram_url ?? null,
    feed_posts: posts.map(
      (post): FeedPost => ({
        id: post.id,
        image: post.image,
        caption: post.caption,
        item_id: post.item_id,
        link: post.item_id ? `/item/${post.item_id}` : null,
      }),
    ),
  }
}

/**
 * The club's landing copy is on every home page of a brand with a club (its offer)
 * and changes only with the content: cached like the settings (SETTINGS_TTL_MS, one
 * deep-frozen value per brand), dropped at once by invalidateContent(brandId).
 */
const contentScope = new BrandScope()
const landingCache = contentScope.cache<MembershipLanding>({ ttlMs: SETTINGS_TTL_MS, maxEntries: 100 })

/** Drops the brand's cached content (the club's landing copy), after an edit. */
export function invalidateContent(brandId: string): void {
  contentScope.invalidate(brandId)
}

/** The club's landing copy (cached: see landingCache); a 404 when the brand has no club. */
export function getMembershipLanding(db: Db, brandId: string): Promise<MembershipLanding> {
  return landingCache(db, brandId, 'membership-landing', () => loadMembershipLanding(db, brandId))
}

async function loadMembershipLanding(db: Db, brandId: string): Promise<MembershipLanding> {
  const row = await db.selectFrom('membership_landings').selectAll().where('brand_id', '=', brandId).executeTakeFirst()
  if (!row) throw notFound('This store has no club.')
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

export async function getSocialMediaSpecial(db: Db, brandId: string, id: string): Promise<SocialMediaSpecial> {
  const row = await db.selectFrom('social_media_specials').selectAll().where('brand_id', '=', brandId).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound(`We couldn't find the offer '${id}'.`)
  return {
    id: row.id,
    permalink: row.permalink,
    landing_page_headline: row.landing_page_headline,
    free_shipping: flag(row.free_shipping),
    main_item_description: row.main_item_description,
    item_id: row.item_id,
    price: fromCents(row.price_cents),
    split_test_no_lander: flag(row.split_test_no_lander),
    split_test_landers: readJson<string[]>(row.split_test_landers, []),
    landers: readJson<SocialMediaLander[]>(row.landers, []),
  }
}
