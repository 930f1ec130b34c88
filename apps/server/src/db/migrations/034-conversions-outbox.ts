import type { Kysely } from 'kysely'

/**
 * The Conversions API's outbox (docs/analytics.md, "Conversions API"): each advertising event
 * the server sends Meta (PageView, ViewContent, AddToCart ...), queued where it happens and
 * delivered by a worker, so a slow Graph API never slows a page; retried with backoff, claimed
 * with a lease, and never queued twice: one row per brand, event name and event id (the id the
 * page's pixel shares with it).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('conversion_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('event_time', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('last_error', 'text')
    .execute()
  await db.schema.createIndex('conversion_events_once').on('conversion_events').columns(['brand_id', 'event_name', 'event_id']).unique().execute()
  await db.schema.createIndex('conversion_events_due').on('conversion_events').columns(['sent_at', 'failed_at', 'created_at']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('conversion_events').execute()
}
