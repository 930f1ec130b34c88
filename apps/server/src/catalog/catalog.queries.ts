import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database>

export const ITEM_SUMMARY_COLUMNS = [
  'items.id',
  'items.style_id',
  'items.name',
  'items.item_type_name',
  'items.description',
  'items.color',
  'items.base_colors',
  'items.swatch',
  'items.aspect_class',
  'items.price_cents',
  'items.original_price_cents',
  'items.member_price_cents',
  'items.discount_class',
  'items.image_max_height',
  'items.item_group_ids',
  'items.category_page_attributes',
  'items.vip_exclusive',
  'items.created_at',
] as const

export function findCategory(db: Db, brandId: string, name: string) {
  return db.selectFrom('categories').selectAll().where('brand_id', '=', brandId).where('name', '=', name).executeTakeFirst()
}

export function listCategoryItems(db: Db, categoryId: number) {
  return db
    .selectFrom('item_categories')
    .innerJoin('items', 'items.id', 'item_categories.item_id')
    .select(ITEM_SUMMARY_COLUMNS)
    .where('item_categories.category_id', '=', categoryId)
    .where('items.active', '=', 1)
    .orderBy('item_categories.position')
    .orderBy('items.id')
    .execute()
}

export function listSizes(db: Db, itemIds: number[]) {
  if (itemIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('item_sizes')
    .select(['item_id', 'size', 'stock'])
    .where('item_id', 'in', itemIds)
    .orderBy('item_id')
    .orderBy('position')
    .execute()
}

/** Images of the given kinds (all kinds when omitted). */
export function listImages(db: Db, itemIds: number[], kinds?: string[]) {
  if (itemIds.length === 0) return Promise.resolve([])
  let query = db
    .selectFrom('item_images')
    .select(['item_id', 'kind', 'url', 'width', 'height', 'alt', 'position'])
    .where('item_id', 'in', itemIds)
  if (kinds) query = query.where('kind', 'in', kinds)
  return query.orderBy('item_id').orderBy('position').execute()
}

export function findItem(db: Db, brandId: string, id: number) {
  return db
    .selectFrom('items')
    .select(ITEM_SUMMARY_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst()
}

export function listStyleVariants(db: Db, brandId: string, styleId: string) {
  return db
    .selectFrom('items')
    .select(ITEM_SUMMARY_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('style_id', '=', styleId)
    .where('active', '=', 1)
    .orderBy('id')
    .execute()
}

export function listMatchingItems(db: Db, itemId: number) {
  return db
    .selectFrom('item_matches')
    .innerJoin('items', 'items.id', 'item_matches.match_item_id')
    .select(ITEM_SUMMARY_COLUMNS)
    .where('item_matches.item_id', '=', itemId)
    .where('items.active', '=', 1)
    .orderBy('item_matches.position')
    .execute()
}

export function listBulletSections(db: Db, itemId: number) {
  return db
    .selectFrom('item_bullet_sections')
    .select(['header', 'icon', 'bullets'])
    .where('item_id', '=', itemId)
    .orderBy('position')
    .execute()
}

export function listItemCategories(db: Db, itemId: number) {
  return db
    .selectFrom('item_categories')
    .innerJoin('categories', 'categories.id', 'item_categories.category_id')
    .select(['categories.name', 'categories.title'])
    .where('item_categories.item_id', '=', itemId)
    .orderBy('categories.position')
    .execute()
}

export function reviewSummary(db: Db, brandId: string, itemId: number) {
  return db
    .selectFrom('reviews')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.avg<number | string | null>('rating').as('average')])
    .where('brand_id', '=', brandId)
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow()
}

export function findCategoryGroup(db: Db, brandId: string, name: string) {
  return db.selectFrom('category_groups').selectAll().where('brand_id', '=', brandId).where('name', '=', name).executeTakeFirst()
}

export function listGroupCategories(db: Db, groupId: number) {
  return db
    .selectFrom('category_group_members')
    .innerJoin('categories', 'categories.id', 'category_group_members.category_id')
    .selectAll('categories')
    .where('category_group_members.group_id', '=', groupId)
    .orderBy('category_group_members.position')
    .execute()
}

export function countCategoryItems(db: Db, categoryIds: number[]) {
  if (categoryIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('item_categories')
    .innerJoin('items', 'items.id', 'item_categories.item_id')
    .select((eb) => ['item_categories.category_id', eb.fn.countAll<number>().as('count')])
    .where('item_categories.category_id', 'in', categoryIds)
    .where('items.active', '=', 1)
    .groupBy('item_categories.category_id')
    .execute()
}

export function listReviews(db: Db, brandId: string, itemId: number | null, limit: number, offset: number) {
  let query = db.selectFrom('reviews').selectAll().where('brand_id', '=', brandId)
  if (itemId !== null) query = query.where('item_id', '=', itemId)
  return query.orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute()
}

export function listCategories(db: Db, brandId: string) {
  return db.selectFrom('categories').selectAll().where('brand_id', '=', brandId).orderBy('position').execute()
}
