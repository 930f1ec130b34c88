import type { Kysely } from 'kysely'
import type { OnlineIndex } from '../migrate-online.ts'
import { dropIndexOnline } from '../migrate-online.ts'

/**
 * A visitor's latest pixel event, read when their order is paid: the Purchase the server queues for
 * the Conversions API carries the limited-data-use option when the visitor's pages said they opted
 * out (analytics/purchase-conversion.ts, decision 234). Without it that question walked every pixel
 * event of the brand inside the paying transaction. Built online (db/migrate-online.ts): after the
 * migrations, CONCURRENTLY on PostgreSQL, so a live store's pixel events are never locked.
 */
export const online: OnlineIndex[] = [{ name: 'pixel_events_by_visitor', table: 'pixel_events', columns: ['brand_id', 'visitor_id', 'created_at'] }]

// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
export async function up(_db: Kysely<any>): Promise<void> {
  // nothing inside the migration's transaction: the index is built after it (migrate.ts: buildOnlineIndexes)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of online) await dropIndexOnline(db, index.name)
}
