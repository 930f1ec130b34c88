/** What the sitemap lists, read for one brand only (every query is bound to brand_id). */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database>

export function findClubFlag(db: Db, brandId: string) {
  return db.selectFrom('store_settings').select(['brand_has_club']).where('brand_id', '=', brandId).executeTakeFirst()
}

export function listCategoryNames(db: Db, brandId: string) {
  return db.selectFrom('categories').select(['name']).where('brand_id', '=', brandId).orderBy('position').orderBy('id').execute()
}

export function listCategoryGroupNames(db: Db, brandId: string) {
  return db.selectFrom('category_groups').select(['name']).where('brand_id', '=', brandId).orderBy('position').orderBy('id').execute()
}

/** Items on sale (active), oldest first. */
export function listActiveItemIds(db: Db, brandId: string) {
  return db.selectFrom('items').select(['id', 'created_at']).where('brand_id', '=', brandId).where('active', '=', 1).orderBy('id').execute()
}

export async function hasFeedPosts(db: Db, brandId: string): Promise<boolean> {
  const row = await db.selectFrom('feed_posts').select(['id']).where('brand_id', '=', brandId).limit(1).executeTakeFirst()
  return row !== undefined
}
