import type { Kysely } from 'kysely'

/**
 * What an accepted one-time offer adds to its order once paid, kept on the offer's pending
 * payment (docs/checkout.md "A charge that had no answer"): a charge with no answer leaves the
 * work for a retry of the key, or the reservation sweeper, to finish.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('payments').addColumn('offer_line', 'text').execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('offer_line').execute()
}
