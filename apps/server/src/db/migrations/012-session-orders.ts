import type { Kysely } from 'kysely'

/**
 * The orders a session placed, kept on the session (docs/checkout.md "The session's orders"):
 * the cart's `session_orders` and `purchased` read them with the session, so the cart asks
 * nothing more of the database for them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('order_numbers', 'text').execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('order_numbers').execute()
}
