import type { Kysely } from 'kysely'

/**
 * A shopper's returns and exchanges (docs/orders.md): the pieces asked for, per line with a
 * reason, and where they are (requested, received, or for an exchange its replacement sent, whose
 * order is named). And the test gateway's refunds, in part or in full, once per idempotency key,
 * as a provider keeps them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('order_returns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('order_number', 'text', (c) => c.notNull().references('orders.order_number'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('exchange_order_number', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('order_returns_order').on('order_returns').columns(['brand_id', 'order_number']).execute()

  await db.schema
    .createTable('test_gateway_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('charge_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('test_gateway_refunds_key', ['brand_id', 'idempotency_key'])
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('test_gateway_refunds').execute()
  await db.schema.dropTable('order_returns').execute()
}
