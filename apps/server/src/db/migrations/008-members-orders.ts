import { sql, type Kysely } from 'kysely'

/**
 * Orders, tracking, payment methods and buyers' reviews of the members area
 * (docs/tracking.md, docs/members.md, docs/reviews.md).
 *
 * tracking_events (migration 001) hung every event on a shipment and had no key to
 * recognise a carrier's event delivered twice. Nothing wrote it before this
 * migration, so it is made again, with its rows (none) kept: an event belongs to an
 * order (a store event such as "order placed" comes before any shipment), names its
 * shipment when there is one, and carries a key unique per brand (the carrier's
 * event id, or `store:placed:{order}`), which makes a repeated webhook a no-op.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  // made beside the old one, then renamed: PostgreSQL keeps a renamed table's constraint names
  await db.schema
    .createTable('tracking_events_008')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('order_number', 'text', (c) => c.notNull().references('orders.order_number'))
    .addColumn('shipment_id', 'text', (c) => c.references('shipments.id'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull()) // 'store' | 'carrier'
    .addColumn('status', 'text') // the order status it moved the order to, if any
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await sql`insert into tracking_events_008 (id, brand_id, order_number, shipment_id, event_key, source, status, description, occurred_at, created_at)
    select e.id, o.brand_id, s.order_number, e.shipment_id, 'legacy:' || e.id, 'carrier', null, e.description, e.occurred_at, e.occurred_at
    from tracking_events e join shipments s on s.id = e.shipment_id join orders o on o.order_number = s.order_number`.execute(db)
  await db.schema.dropTable('tracking_events').execute()
  await db.schema.alterTable('tracking_events_008').renameTo('tracking_events').execute()
  await db.schema.createIndex('tracking_events_key').on('tracking_events').columns(['brand_id', 'event_key']).unique().execute()
  await db.schema.createIndex('tracking_events_order').on('tracking_events').columns(['order_number', 'occurred_at']).execute()

  // reviews written by buyers: who wrote it, from which order, whether the store saw the purchase,
  // and whether the operator hid it (npm run review:hide); one review per customer and item
  await db.schema
    .alterTable('reviews')
    .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
    .execute()
  await db.schema.alterTable('reviews').addColumn('order_number', 'text').execute()
  await db.schema
    .alterTable('reviews')
    .addColumn('verified_buyer', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('reviews')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('reviews_customer_item').on('reviews').columns(['brand_id', 'customer_id', 'item_id']).unique().execute()

  // a customer's saved methods, listed and defaulted per customer
  await db.schema.createIndex('payment_methods_customer').ifNotExists().on('payment_methods').columns(['brand_id', 'customer_id']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('payment_methods_customer').ifExists().execute()
  await db.schema.dropIndex('reviews_customer_item').ifExists().execute()
  for (const column of ['hidden', 'verified_buyer', 'order_number', 'customer_id']) await db.schema.alterTable('reviews').dropColumn(column).execute()
  await db.schema.dropTable('tracking_events').ifExists().execute()
  await db.schema
    .createTable('tracking_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shipment_id', 'text', (c) => c.notNull().references('shipments.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .execute()
}
