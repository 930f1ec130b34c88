import type { Kysely } from 'kysely'
import type { OnlineIndex } from '../migrate-online.ts'
import { dropIndexOnline } from '../migrate-online.ts'

/**
 * Afterpay's return and Stripe's webhook name the PaymentIntent, not the shopper's key: the
 * attempt paying with it is found by (brand_id, payment_id) (checkout/afterpay.ts). A partial
 * index of the attempts that have a payment (those waiting at the bank's step or Afterpay, or
 * without an answer), built online after the migrations (db/migrate-online.ts), so the
 * checkout_attempts of a live store are never locked while it is built.
 */
export const online: OnlineIndex[] = [{ name: 'checkout_attempts_payment', table: 'checkout_attempts', columns: ['brand_id', 'payment_id'], where: 'payment_id is not null' }]

// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
export async function up(_db: Kysely<any>): Promise<void> {
  // nothing inside the migration's transaction: the index is built after it (migrate.ts: buildOnlineIndexes)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of online) await dropIndexOnline(db, index.name)
}
