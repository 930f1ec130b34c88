import type { Kysely } from 'kysely'

/**
 * The one-time offers a shopper said "No thanks" to, per order: an offer declined is closed, so a
 * later "Yes" (the browser's Back button, an old tab, a replayed form) charges nothing
 * (docs/checkout.md "No thanks closes the offer").
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('declined_offers')
    .addColumn('brand_id', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('declined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('declined_offers_pk', ['brand_id', 'order_number', 'offer_id'])
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('declined_offers').execute()
}
