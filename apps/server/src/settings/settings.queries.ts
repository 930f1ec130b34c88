import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export function findSettingsRow(db: Kysely<Database>, brandId: string) {
  return db.selectFrom('store_settings').selectAll().where('brand_id', '=', brandId).executeTakeFirst()
}

export function listMenuItems(db: Kysely<Database>, brandId: string) {
  return db.selectFrom('menu_items').selectAll().where('brand_id', '=', brandId).orderBy('position').execute()
}

export function listBanners(db: Kysely<Database>, brandId: string) {
  return db
    .selectFrom('banners')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('active', '=', 1)
    .orderBy('position')
    .execute()
}

export function listSizingGuide(db: Kysely<Database>, brandId: string) {
  return db.selectFrom('sizing_guide_entries').selectAll().where('brand_id', '=', brandId).orderBy('position').execute()
}
