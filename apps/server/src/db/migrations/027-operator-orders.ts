import { sql, type Kysely } from 'kysely'

/**
 * The operator's orders (docs/admin-orders.md): the list is read newest first by keyset, so each
 * brand's orders are indexed by (created_at, order_number), with and without the status in front;
 * a search by name reads an index of the lower-cased name the order ships to (a prefix is a
 * range of it), by e-mail the (brand_id, email) index of 017. And the most support may refund
 * at once, which the owner sets (default $100.00).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('store_settings')
    .addColumn('support_refund_limit_cents', 'integer', (c) => c.notNull().defaultTo(10_000))
    .execute()
  await db.schema.createIndex('orders_brand_placed').on('orders').columns(['brand_id', 'created_at', 'order_number']).execute()
  await db.schema.createIndex('orders_brand_status_placed').on('orders').columns(['brand_id', 'status', 'created_at', 'order_number']).execute()
  await sql`create index orders_brand_name on orders (brand_id, lower(shipping_name))`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_brand_name').execute()
  await db.schema.dropIndex('orders_brand_status_placed').execute()
  await db.schema.dropIndex('orders_brand_placed').execute()
  await db.schema.alterTable('store_settings').dropColumn('support_refund_limit_cents').execute()
}
