import type { Kysely } from 'kysely'

/**
 * The shopper's orders waiting for their payment, counted at every checkout before the cart is locked
 * (checkout/waiting-orders.ts): by the session's visitor and by the logged-in customer, each with the
 * status and the reservation's end, so the count reads only those orders' index entries.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('orders_visitor_waiting').on('orders').columns(['placed_by_visitor_id', 'status', 'reserved_until']).execute()
  await db.schema.createIndex('orders_customer_waiting').on('orders').columns(['customer_id', 'status', 'reserved_until']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_customer_waiting').execute()
  await db.schema.dropIndex('orders_visitor_waiting').execute()
}
