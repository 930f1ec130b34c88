import type { Kysely } from 'kysely'

/**
 * Promotions edited by the operator (docs/admin-promotions.md, decisions 209-211):
 *
 * - `discount_codes`: an amount off (cents) beside the percentage, one use per customer for any
 *   code (first_order_only stays the 10First/First15 rule), a start and an end, and a cap on the
 *   uses in all;
 * - `orders.discount_code_id`: the code an order was placed with, so a code's uses and its revenue
 *   are counted from the orders (an index by code); and an index of a visitor's orders at a brand
 *   by time, for a split test's results (experiments/split-test-tallies.ts);
 * - `split_tests`: a traffic split (weights, one per variant, in the variants' order; [] is even)
 *   and when the test was started and stopped (null for a test seeded running, Vip4sh); an index of
 *   the assignments by test and variant, so a test's visitors are counted from it alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('discount_codes')
    .addColumn('amount_off_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('discount_codes')
    .addColumn('one_per_customer', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('discount_codes').addColumn('starts_at', 'text').execute()
  await db.schema.alterTable('discount_codes').addColumn('ends_at', 'text').execute()
  await db.schema.alterTable('discount_codes').addColumn('max_uses', 'integer').execute()

  await db.schema.alterTable('orders').addColumn('discount_code_id', 'text').execute()
  // the code first: a query of a brand's orders alone never takes this index for a scan of the brand
  await db.schema.createIndex('orders_discount_code').on('orders').columns(['discount_code_id', 'brand_id']).execute()
  // a split test's results: each visitor's orders at the brand, after the assignment
  await db.schema.createIndex('orders_visitor_brand').on('orders').columns(['placed_by_visitor_id', 'brand_id', 'created_at']).execute()

  await db.schema
    .alterTable('split_tests')
    .addColumn('weights', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema.alterTable('split_tests').addColumn('started_at', 'text').execute()
  // a test's visitors per variant, counted from the index alone
  await db.schema.createIndex('split_test_assignments_value').on('split_test_assignments').columns(['brand_id', 'test_name', 'value']).execute()
  await db.schema.alterTable('split_tests').addColumn('stopped_at', 'text').execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('split_test_assignments_value').execute()
  for (const column of ['stopped_at', 'started_at', 'weights']) await db.schema.alterTable('split_tests').dropColumn(column).execute()
  await db.schema.dropIndex('orders_visitor_brand').execute()
  await db.schema.dropIndex('orders_discount_code').execute()
  await db.schema.alterTable('orders').dropColumn('discount_code_id').execute()
  for (const column of ['max_uses', 'ends_at', 'starts_at', 'one_per_customer', 'amount_off_cents']) await db.schema.alterTable('discount_codes').dropColumn(column).execute()
}
