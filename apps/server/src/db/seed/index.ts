/**
 * Seeds a new database with the three brands of DESIGN §3 and everything they sell.
 * Deterministic (seeded PRNG, explicit ids): the same rows every time, apart from
 * timestamps, which count back from `options.now`.
 *
 * The first start seeds; later starts find the brands table filled and do nothing.
 * Everything goes in one transaction, in multi-row inserts of at most 100 rows.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.ts'
import { CLUB_BRANDS, seedBanners, seedBrands, seedMenus, seedSizingGuide } from './brands.ts'
import { seedCatalog } from './catalog.ts'
import { seedMembershipLanding, seedSocialMediaSpecials, seedSplitTests, seedStyleProfile } from './club.ts'
import { BRAND_IDS } from './constants.ts'
import { seedContent, seedFeed } from './content.ts'
import { seedOffers } from './offers.ts'
import { seedReviews } from './reviews.ts'

export { BRAND_IDS, LAST_ITEM, MAIN_CATEGORY, MANY_CUSTOMER_IMAGES_ITEM } from './constants.ts'

/**
 * `demo` (default true; main.ts passes shouldSeedDemo(env)): the made-up catalogue,
 * reviews, offers, specials and feed. Without it a new database gets the brands,
 * their menus, banners, sizing guides, style profile, club landing, split tests and
 * content pages: a store ready for its own catalogue.
 */
export async function seedDatabase(db: Kysely<Database>, options: { now?: Date; demo?: boolean } = {}): Promise<{ seeded: boolean }> {
  const demo = options.demo ?? true
  const existing = await db.selectFrom('brands').select('id').limit(1).executeTakeFirst()
  if (existing) return { seeded: false }
  const now = options.now ?? new Date()
  let seeded = false

  try {
    await db.transaction().execute(async (trx) => {
      // a concurrent first start may have seeded in the meantime
      const raced = await trx.selectFrom('brands').select('id').limit(1).executeTakeFirst()
      if (raced) return
      await seedBrands(trx, now)
      for (const brandId of BRAND_IDS) {
        const hasClub = CLUB_BRANDS.includes(brandId)
        await seedMenus(trx, brandId)
        await seedBanners(trx, brandId)
        await seedSizingGuide(trx, brandId)
        await seedStyleProfile(trx, brandId)
        await seedMembershipLanding(trx, brandId)
        await seedSplitTests(trx, brandId)
        await seedContent(trx, brandId, now, demo)
        if (!demo) continue
        const { items } = await seedCatalog(trx, brandId, hasClub, now)
        await seedReviews(trx, brandId, items, now)
        await seedOffers(trx, brandId, items)
        await seedSocialMediaSpecials(trx, brandId, items)
        await seedFeed(trx, brandId, items)
      }
      seeded = true
    })
  } catch (error) {
    // two instances starting on one new database: the loser's inserts collide with the
    // winner's committed rows and roll back; the database is seeded all the same
    seeded = false
    const winner = await db.selectFrom('brands').select('id').limit(1).executeTakeFirst()
    if (!winner) throw error
  }
  return { seeded }
}
