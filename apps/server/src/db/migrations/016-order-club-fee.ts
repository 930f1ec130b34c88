import { sql, type Kysely } from 'kysely'

/**
 * What an order that joined the club charged for the club's first period (`orders.club_fee_cents`,
 * in the subtotal): the order, its e-mail and the order history show it as a line of its own
 * instead of a subtotal larger than its items. Orders placed before it get it back as their
 * subtotal less their lines, for the joining flows only.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('club_fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`
    update orders set club_fee_cents = subtotal_cents - coalesce((select sum(l.price_cents * l.qty) from order_lines l where l.order_number = orders.order_number), 0)
    where checkout_flow in ('checkout_club_flow', 'vip_flow')
      and subtotal_cents > coalesce((select sum(l.price_cents * l.qty) from order_lines l where l.order_number = orders.order_number), 0)
  `.execute(db)
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('club_fee_cents').execute()
}
