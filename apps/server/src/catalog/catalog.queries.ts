import type { ExpressionBuilder, Kysely } from 'kysely'
import { dialectOf } from '../db/connection.ts'
import { jsonArrayFrom } from '../db/json-aggregate.ts'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database>

/**
 * Statement budget (cold cache, catalogue statements only; guarded by
 * catalog.statements.test.ts): a category 2, a category group 1, an item 2.
 * Children (sizes, images, bullet sections...) come back as JSON array
 * columns of their parent row (db/json-aggregate.ts), not one statement each.
 */

const ITEM_SUMMARY_COLUMNS = [
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

const CATEGORY_COLUMNS = [
  'categories.id',
  'categories.name',
  'categories.title',
  'categories.layout',
  'categories.icon',
  'categories.icon_2',
  'categories.images',
  'categories.short_description',
  'categories.long_description',
  'categories.bullets',
  'categories.base_category_name',
  'categories.banner',
] as const

/** JSON of `items` columns (these are the raw column values of the aggregated rows). */
export interface SizeJson {
  size: string
  stock: number
  position: number
}
export interface ImageJson {
  kind: string
  url: string
  width: number
  height: number
  alt: string
  position: number
  /** an uploaded photo's files (JSON text, migration 031), null for a drawn image */
  variants: string | null
  focal_x: number | null
  focal_y: number | null
}
export interface BulletSectionJson {
  header: string
  icon: string | null
  bullets: string
  position: number
}
export interface ItemCategoryJson {
  name: string
  title: string
  position: number
}

type ItemsScope = ExpressionBuilder<Database, 'items'>

/** The sizes of the outer row's item with their stock, as a JSON array column. */
function sizesOf(db: Db, eb: ItemsScope) {
  return jsonArrayFrom(
    dialectOf(db),
    eb.selectFrom('item_sizes').select(['item_sizes.size', 'item_sizes.stock', 'item_sizes.position']).whereRef('item_sizes.item_id', '=', 'items.id'),
  )
}

/** The images of the outer row's item (of the given kinds, or all), as a JSON array column. */
function imagesOf(db: Db, eb: ItemsScope, kinds?: string[]) {
  let images = eb
    .selectFrom('item_images')
    .select([
      'item_images.kind',
      'item_images.url',
      'item_images.width',
      'item_images.height',
      'item_images.alt',
      'item_images.position',
      'item_images.variants',
      'item_images.focal_x',
      'item_images.focal_y',
    ])
    .whereRef('item_images.item_id', '=', 'items.id')
  if (kinds) images = images.where('item_images.kind', 'in', kinds)
  return jsonArrayFrom(dialectOf(db), images)
}

export function findCategory(db: Db, brandId: string, name: string) {
  return db.selectFrom('categories').select(CATEGORY_COLUMNS).where('brand_id', '=', brandId).where('name', '=', name).executeTakeFirst()
}

/** Where a page of a category's cards starts: after the card at this place of the category's order. */
export interface CategoryCardsCursor {
  position: number
  itemId: number
}

/**
 * The cards of a category, found by its name, with each card's sizes and
 * images of `imageKinds`: one statement however many items. In the category's
 * order (position, then item id), which the index item_categories_in_order
 * (migration 051) carries: no sort of the category, so a page (`limit` cards
 * after `after`) reads only its own rows. The category is a subquery, not a join,
 * so the planner reads item_categories by that one category id, in the index's order;
 * `items` comes by CROSS JOIN, which SQLite keeps as the inner loop (by its statistics
 * it otherwise walked every item of the brand, probing the category, then sorted).
 */
export function listCategoryCards(db: Db, brandId: string, categoryName: string, imageKinds: string[], page?: { limit: number; after: CategoryCardsCursor | null }) {
  return categoryCardsQuery(db, brandId, categoryName, imageKinds, page).execute()
}

/** listCategoryCards' statement, unsent (its plan is guarded: catalog.plans.test.ts). */
export function categoryCardsQuery(db: Db, brandId: string, categoryName: string, imageKinds: string[], page?: { limit: number; after: CategoryCardsCursor | null }) {
  let query = db
    .selectFrom('item_categories')
    .crossJoin('items')
    .whereRef('items.id', '=', 'item_categories.item_id')
    .select(ITEM_SUMMARY_COLUMNS)
    .select(['item_categories.position as category_position'])
    .select((eb) => [sizesOf(db, eb).as('sizes'), imagesOf(db, eb, imageKinds).as('images')])
    .where('item_categories.category_id', '=', (eb) =>
      eb.selectFrom('categories').select('categories.id').where('categories.brand_id', '=', brandId).where('categories.name', '=', categoryName),
    )
    .where('items.brand_id', '=', brandId)
    .where('items.active', '=', 1)
  if (page?.after) {
    const { position, itemId } = page.after
    query = query.where((eb) => eb(eb.refTuple('item_categories.position', 'item_categories.item_id'), '>', eb.tuple(position, itemId)))
  }
  query = query.orderBy('item_categories.position').orderBy('item_categories.item_id')
  return page ? query.limit(page.limit) : query
}

/**
 * An item with everything of its own page: sizes, all images, bullet
 * sections, categories and review count and average. One statement.
 */
export function findItemPage(db: Db, brandId: string, id: number) {
  const dialect = dialectOf(db)
  return db
    .selectFrom('items')
    .select(ITEM_SUMMARY_COLUMNS)
    .select((eb) => [
      sizesOf(db, eb).as('sizes'),
      imagesOf(db, eb).as('images'),
      jsonArrayFrom(
        dialect,
        eb
          .selectFrom('item_bullet_sections')
          .select(['item_bullet_sections.header', 'item_bullet_sections.icon', 'item_bullet_sections.bullets', 'item_bullet_sections.position'])
          .whereRef('item_bullet_sections.item_id', '=', 'items.id'),
      ).as('bullet_sections'),
      jsonArrayFrom(
        dialect,
        eb
          .selectFrom('item_categories')
          .innerJoin('categories', 'categories.id', 'item_categories.category_id')
          .select(['categories.name', 'categories.title', 'categories.position'])
          .whereRef('item_categories.item_id', '=', 'items.id'),
      ).as('categories'),
      eb
        .selectFrom('reviews')
        .select((r) => r.fn.countAll<number>().as('count'))
        .whereRef('reviews.brand_id', '=', 'items.brand_id')
        .whereRef('reviews.item_id', '=', 'items.id')
        .where('reviews.hidden', '=', 0)
        .as('review_count'),
      eb
        .selectFrom('reviews')
        .select((r) => r.fn.avg<number | string | null>('reviews.rating').as('average'))
        .whereRef('reviews.brand_id', '=', 'items.brand_id')
        .whereRef('reviews.item_id', '=', 'items.id')
        .where('reviews.hidden', '=', 0)
        .as('review_average'),
    ])
    .where('items.brand_id', '=', brandId)
    .where('items.id', '=', id)
    .where('items.active', '=', 1)
    .executeTakeFirst()
}

/**
 * The items an item page shows beside it, in one statement: its colour
 * variants (same style, the item itself among them) and its matching items,
 * each with sizes and front image. `match_position` is null for a row that is
 * only a variant. Needs no earlier statement (the style is a subquery), so it
 * runs beside findItemPage. Reads only those items, by index, however large the catalogue:
 * one list of ids (the style's, then the matches'), where `style = ... or id in (...)` made
 * PostgreSQL test every item of the brand (it finds no `or` of two subqueries by index).
 */
export function listItemNeighbours(db: Db, brandId: string, id: number) {
  return itemNeighboursQuery(db, brandId, id).execute()
}

/** listItemNeighbours' statement, unsent (its plan is guarded: catalog.plans.test.ts). */
export function itemNeighboursQuery(db: Db, brandId: string, id: number) {
  return db
    .selectFrom('items')
    .select(ITEM_SUMMARY_COLUMNS)
    .select((eb) => [
      sizesOf(db, eb).as('sizes'),
      imagesOf(db, eb, ['image1']).as('images'),
      eb
        .selectFrom('item_matches')
        .select('item_matches.position')
        .where('item_matches.item_id', '=', id)
        .whereRef('item_matches.match_item_id', '=', 'items.id')
        .as('match_position'),
    ])
    .where('items.brand_id', '=', brandId)
    .where('items.active', '=', 1)
    .where('items.id', 'in', (eb) =>
      eb
        .selectFrom('items as variant')
        .select('variant.id')
        .where('variant.brand_id', '=', brandId)
        .where('variant.style_id', '=', eb.selectFrom('items as main').select('main.style_id').where('main.brand_id', '=', brandId).where('main.id', '=', id))
        .union(eb.selectFrom('item_matches').select('item_matches.match_item_id as id').where('item_matches.item_id', '=', id)),
    )
    .orderBy('items.id')
}

/** A category group with its categories and their active item counts: one statement. */
export function findCategoryGroupWithCategories(db: Db, brandId: string, name: string) {
  return db
    .selectFrom('category_groups')
    .select(['category_groups.id', 'category_groups.name', 'category_groups.title', 'category_groups.description'])
    .select((eb) =>
      jsonArrayFrom(
        dialectOf(db),
        eb
          .selectFrom('category_group_members')
          .innerJoin('categories', 'categories.id', 'category_group_members.category_id')
          .select(CATEGORY_COLUMNS)
          .select((member) => [
            'category_group_members.position as member_position',
            member
              .selectFrom('item_categories')
              .innerJoin('items', 'items.id', 'item_categories.item_id')
              .select((count) => count.fn.countAll<number>().as('count'))
              .whereRef('item_categories.category_id', '=', 'categories.id')
              .where('items.active', '=', 1)
              .as('item_count'),
          ])
          .whereRef('category_group_members.group_id', '=', 'category_groups.id'),
      ).as('categories'),
    )
    .where('category_groups.brand_id', '=', brandId)
    .where('category_groups.name', '=', name)
    .executeTakeFirst()
}

export function listReviews(db: Db, brandId: string, itemId: number | null, limit: number, offset: number) {
  let query = db.selectFrom('reviews').selectAll().where('brand_id', '=', brandId).where('hidden', '=', 0)
  if (itemId !== null) query = query.where('item_id', '=', itemId)
  return query.orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute()
}
