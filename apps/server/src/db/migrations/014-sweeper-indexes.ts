import type { Kysely } from 'kysely'

/**
 * What the reservation sweeper reads every minute (checkout/reservations.ts), by index rather than
 * by reading the tables whole: a checkout's attempt by its order, and the payments still pending (a
 * one-time offer whose charge had no answer, or waits for the bank's step).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('checkout_attempts_order').on('checkout_attempts').columns(['brand_id', 'order_number']).execute()
  await db.schema.createIndex('payments_status').on('payments').columns(['status', 'created_at']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('payments_status').execute()
  await db.schema.dropIndex('checkout_attempts_order').execute()
}
