import type { Kysely } from 'kysely'

/**
 * A member's exchange goes through the cart (docs/decisions/223): its line in the cart names the
 * replacement's order, reserved at once ('pending_payment', its stock taken, total 0), the order it
 * exchanges a piece of and that piece's line, and the reason given. Null on every other line.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

const COLUMNS = ['exchange_order', 'exchange_of', 'exchange_line_id', 'exchange_reason'] as const

export async function up(db: Db): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('cart_lines').addColumn(column, 'text').execute()
}

export async function down(db: Db): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('cart_lines').dropColumn(column).execute()
}
