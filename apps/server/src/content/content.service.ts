import { fromCents, type ContentPage, type Feed, type FeedPost, type MembershipLanding, type SocialMediaLander, type SocialMediaSpecial } from '@store/core'
import type { Kysely } from 'kysely'
import { flag, readJson } from '../db/json.ts'
import type { Database } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { BrandScope, SETTINGS_TTL_MS } from '../shared/ttl-cache.ts'
import { contentSource } from './content-source.ts'

type Db = Kysely<Database>

/**
 * A page with its blocks, from the content source chosen at start-up (content-source.ts): the
 * store's database (read each time, one statement), or the content service, whose answers are
 * cached like the landing copy (SETTINGS_TTL_MS, dropped at once by invalidateContent).
 */
export async function getContentPage(db: Db, brandId: string, slug: string): Promise<ContentPage> {
  const source = contentSource()
  const page = source.name === 'local' ? await source.page(db, brandId, slug) : await pageCache(db, brandId, `page\u0000${slug}`, () => source.page(db, brandId, slug))
  if (!page) throw notFound(`We couldn't find the page '${slug}'.`)
  return page
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
 * deep-frozen value per brand), dropped at once by invalidateContent(brandId), which the
 * content service's webhook calls too (content-webhook.routes.ts).
 */
const contentScope = new BrandScope()
const landingCache = contentScope.cache<MembershipLanding>({ ttlMs: SETTINGS_TTL_MS, maxEntries: 100 })
/** Pages read from the content service (a page that is not there is kept too: null). */
const pageCache = contentScope.cache<ContentPage | null>({ ttlMs: SETTINGS_TTL_MS, maxEntries: 1000 })

/** Drops the brand's cached content (the club's landing copy, pages of the content service), after an edit. */
export function invalidateContent(brandId: string): void {
  contentScope.invalidate(brandId)
}

/** The club's landing copy (cached: see landingCache); a 404 when the brand has no club. */
export function getMembershipLanding(db: Db, brandId: string): Promise<MembershipLanding> {
  return landingCache(db, brandId, 'membership-landing', async () => {
    const landing = await contentSource().membershipLanding(db, brandId)
    if (!landing) throw notFound('This store has no club.')
    return landing
  })
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
