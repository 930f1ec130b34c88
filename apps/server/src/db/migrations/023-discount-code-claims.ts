import type { Kysely } from 'kysely'

/**
 * One use per customer, held by the database (checkout/code-claims.ts, docs/cart-rules.md "Codes
 * for a first order"): a claim per brand, code kind and claimant (the customer, and the e-mail the
 * order goes to), taken in the reservation's transaction. The primary key makes the second of two
 * checkouts sent at once find the first's claim, whatever each of them read before. The order
 * that holds it is named, so a declined or released order gives it back.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('discount_code_claims')
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    // what is used once: 'first-order' for the codes of a first order (10First, First15 share it)
    .addColumn('claim', 'text', (c) => c.notNull())
    // 'customer:<id>' or 'email:<address, trimmed and lower-case>'
    .addColumn('claimant', 'text', (c) => c.notNull())
    .addColumn('discount_code_id', 'text', (c) => c.notNull().references('discount_codes.id'))
    // no reference: a released order's row goes, and its claims with it (in the same transaction)
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('discount_code_claims_pk', ['brand_id', 'claim', 'claimant'])
    .execute()
  await db.schema.createIndex('discount_code_claims_order').on('discount_code_claims').column('order_number').execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('discount_code_claims').execute()
}
