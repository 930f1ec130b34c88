import { sql, type Kysely } from 'kysely'

/**
 * Discount codes for a first order ("Take 15% off your first order", "One use per customer"):
 * `discount_codes.first_order_only`, set for the store's 10First and First15, and an index to
 * find a shopper's earlier orders by their e-mail at checkout (checkout/first-order-codes.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('discount_codes')
    .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update discount_codes set first_order_only = 1 where code in ('10FIRST', 'FIRST15')`.execute(db)
  await db.schema.createIndex('orders_brand_email').on('orders').columns(['brand_id', 'email']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_brand_email').execute()
  await db.schema.alterTable('discount_codes').dropColumn('first_order_only').execute()
}
