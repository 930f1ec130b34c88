import type { Kysely } from 'kysely'
import type { OnlineIndex } from '../migrate-online.ts'
import { dropIndexOnline } from '../migrate-online.ts'

/**
 * A billing run's pages of due members in the index's own order (membership/billing.ts billDue):
 * the run read each page as `next_billing_date <= day and id > cursor order by id` through
 * memberships_due (brand_id, status, next_billing_date), which finds the due members but not in
 * that order, so every page sorted every due member left (SQLite's `USE TEMP B-TREE FOR ORDER BY`):
 * a page cost 3.2 ms at 10,000 members due and 13.6 ms at 100,000 (docs/performance.md, "Club
 * billing: 10,000 and 100,000 members"). The pages now follow (next_billing_date, id), which this
 * index walks from the cursor. Built online (db/migrate-online.ts): CONCURRENTLY on PostgreSQL.
 */
export const online: OnlineIndex[] = [{ name: 'memberships_due_in_order', table: 'memberships', columns: ['brand_id', 'next_billing_date', 'id'] }]

// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
export async function up(_db: Kysely<any>): Promise<void> {
  // nothing inside the migration's transaction: the index is built after it (migrate.ts: buildOnlineIndexes)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of online) await dropIndexOnline(db, index.name)
}
