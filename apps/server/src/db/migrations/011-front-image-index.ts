import type { Kysely } from 'kysely'

/**
 * An item's image of one kind (its front image, `image1`) found by the index
 * instead of reading every image row of the item: the cart's lines and the
 * drawer's suggestions join each item to its front image. With only
 * (item_id, position), SQLite read all of an item's image rows (7 for a
 * legging, up to 49 with customer photos) to check their kind; GET /api/cart's
 * one statement took ~10 % less with this index (docs/performance.md, cart-speed).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('item_images_item_kind').on('item_images').columns(['item_id', 'kind']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('item_images_item_kind').execute()
}
