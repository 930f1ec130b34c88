import type { Kysely } from 'kysely'
import { isPostgresDb, keepToBrand, type ChildTable } from './007-brand-isolation.ts'

/**
 * tracking_events as migration 008 made it again (an event of an order, naming its
 * shipment when there is one) keeps to its brand like the other child tables of 007.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export const TRACKING_EVENTS: ChildTable = {
  table: 'tracking_events',
  references: [
    { column: 'order_number', parent: 'orders', key: 'order_number' },
    { column: 'shipment_id', parent: 'shipments', key: 'id' },
  ],
}

export async function up(db: Db): Promise<void> {
  await keepToBrand(db, await isPostgresDb(db), TRACKING_EVENTS, { fill: false })
}
