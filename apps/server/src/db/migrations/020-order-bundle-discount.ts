import type { Kysely } from 'kysely'

/**
 * What the bundle offers ('3 for $75') saved on an order (`orders.bundle_discount_cents`, the part of
 * `discount_cents` that is not the code's), written when the order is placed, so the thank-you page,
 * the order history and the e-mail show "Bundle savings" and "Discount" on rows of their own, as the
 * cart and the checkout did. Orders placed before it keep 0: their split was not kept and rounding
 * per line makes it unrecoverable to the cent, so they show their discount on one row as before.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('bundle_discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('bundle_discount_cents').execute()
}
