import { displaySize, normalizeSizes } from '@store/core'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../connection.ts'
import { migrateToLatest } from '../migrate.ts'
import type { Database } from '../schema.ts'
import { BRAND_IDS, seedDatabase } from './index.ts'
import { sizeRange } from './constants.ts'

/** The demo store's tables of words a shopper reads (copy, banners, descriptions, reviews, pages). */
const COPY_TABLES = [
  'store_settings',
  'banners',
  'categories',
  'category_groups',
  'items',
  'item_bullet_sections',
  'reviews',
  'one_time_offers',
  'order_bumps',
  'social_media_specials',
  'membership_landings',
  'content_pages',
  'content_blocks',
  'feed_posts',
] as const satisfies readonly (keyof Database)[]

/** Issue 33: popfit's copy promised sizes to 5XL where its sizes stop at 4XL. */
describe("the demo store's copy names only sizes the brand makes", () => {
  it("every size named in the copy (2XL, 4XL, ...) is one of the brand's sizes, as shown", async () => {
    const store = openDatabase('sqlite::memory:')
    try {
      await migrateToLatest(store.db)
      await seedDatabase(store.db, { demo: true })
      for (const brandId of BRAND_IDS) {
        const settings = await store.db.selectFrom('store_settings').select('sizes').where('brand_id', '=', brandId).executeTakeFirstOrThrow()
        const made = new Set(normalizeSizes(settings.sizes).map((size) => displaySize(size, brandId)))
        const named = new Set<string>()
        for (const table of COPY_TABLES) {
          const rows: unknown[] = await store.db.selectFrom(table).selectAll().where('brand_id', '=', brandId).execute()
          for (const size of JSON.stringify(rows).matchAll(/(?<![\w%])\dXL\b/g)) named.add(size[0])
        }
        expect(
          [...named].filter((size) => !made.has(size)),
          brandId,
        ).toEqual([])
      }
    } finally {
      await store.close()
    }
  })

  it("says a brand's range from its own list: popfit's stored XXXXXL is its 4XL", () => {
    expect(sizeRange(['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXXL'], 'popfitclothing')).toBe('XS to 4XL')
    expect(sizeRange(['XXL', 'XS', 'M'], 'ckb')).toBe('XS to 2XL')
  })
})
