import { sql, type Kysely } from 'kysely'

/**
 * Cart writes that race stay whole: one open cart per session (the session that
 * made it is named on the cart), and one mergeable line per item and size in a
 * cart, so concurrent adds meet in one row and add up instead of overwriting.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('carts').addColumn('session_key', 'text').execute()
  await db.schema.createIndex('carts_open_per_session').unique().on('carts').columns(['brand_id', 'session_key']).where(sql.ref('status'), '=', 'open').execute()
  await db.schema
    .createIndex('cart_lines_mergeable')
    .unique()
    .on('cart_lines')
    .columns(['cart_id', 'item_id', 'size'])
    .where(sql<boolean>`bundled_with is null and social_media_special = 0 and price_override_cents is null`)
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('cart_lines_mergeable').execute()
  await db.schema.dropIndex('carts_open_per_session').execute()
  await db.schema.alterTable('carts').dropColumn('session_key').execute()
}
