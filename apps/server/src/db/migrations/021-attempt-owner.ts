import type { Kysely } from 'kysely'

/**
 * Whose a payment attempt is (`checkout_attempts.visitor_id`, the session's visitor that made it), so
 * only that shopper answers the bank's step for its payment (payments.service authenticateTestPayment),
 * even after the reservation ran out and the order was given back; and an index to find an attempt by
 * its payment. Attempts made before it have no owner, and their step can no longer be answered by
 * anyone: they were at most 30 minutes from running out.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('checkout_attempts').addColumn('visitor_id', 'text').execute()
  await db.schema.createIndex('checkout_attempts_payment').on('checkout_attempts').columns(['brand_id', 'payment_id']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('checkout_attempts_payment').execute()
  await db.schema.alterTable('checkout_attempts').dropColumn('visitor_id').execute()
}
