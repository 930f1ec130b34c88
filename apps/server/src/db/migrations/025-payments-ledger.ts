import { sql, type Kysely } from 'kysely'

/**
 * The payments table becomes the ledger of every movement of money on an order (docs/orders.md):
 * `kind` charge (checkout, one-time offers, the club join, a monthly box), refund or void; a refund
 * row names the charge it gives back (`refund_of`), the reason, and the order line it is for when it
 * is for exactly one (`order_line_id`); refund_lines says which lines and how many pieces a refund
 * covered, so no line is refunded beyond what was paid for it. A refund's idempotency key is unique
 * per brand: the same key twice refunds once.
 *
 * Backfill: a monthly box paid by its period's fee had its charge only in membership_charges; it
 * gets its ledger row, so every paid order's total is read from the ledger.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('charge'))
    .execute()
  await db.schema.alterTable('payments').addColumn('order_line_id', 'text').execute()
  await db.schema.alterTable('payments').addColumn('refund_of', 'text').execute()
  await db.schema.alterTable('payments').addColumn('reason', 'text').execute()
  // a refund request's rows (one per charge it gives back): the request's Idempotency-Key, and what it asked (JSON: notify, restock, lines, shipping)
  await db.schema.alterTable('payments').addColumn('refund_group', 'text').execute()
  await db.schema.alterTable('payments').addColumn('refund_detail', 'text').execute()
  await db.schema.createIndex('payments_refund_key').on('payments').columns(['brand_id', 'idempotency_key']).unique().where(sql.ref('kind'), '=', 'refund').execute()

  await db.schema
    .createTable('refund_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('order_number', 'text', (c) => c.notNull().references('orders.order_number'))
    .addColumn('order_line_id', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('restocked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('refund_lines_order').on('refund_lines').columns(['order_number', 'order_line_id']).execute()

  await sql`insert into payments (id, brand_id, order_number, offer_id, gateway, gateway_payment_id, idempotency_key, amount_cents, status, kind, created_at, updated_at)
    select 'box:' || o.order_number, o.brand_id, o.order_number, null,
      case when c.gateway_payment_id like 'pi_%' then 'stripe' else 'test' end,
      c.gateway_payment_id, coalesce(c.gateway_key, 'box:' || o.order_number), o.total_cents, 'succeeded', 'charge', o.created_at, o.created_at
    from orders o
    join membership_charges c on c.membership_id = o.membership_id and c.period = o.club_period and c.status = 'charged'
    where o.checkout_flow = 'club_monthly' and o.total_cents > 0
      and not exists (select 1 from payments p where p.order_number = o.order_number)`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('refund_lines').execute()
  await db.schema.dropIndex('payments_refund_key').execute()
  for (const column of ['kind', 'order_line_id', 'refund_of', 'reason', 'refund_group', 'refund_detail']) await db.schema.alterTable('payments').dropColumn(column).execute()
}
