import type { Kysely } from 'kysely'
import type { OnlineIndex } from '../migrate-online.ts'
import { dropIndexOnline } from '../migrate-online.ts'

/**
 * The outbox worker's question, "which e-mails wait, oldest first", answered from a
 * partial index of the waiting rows only: outbox_emails_due (sent_at, next_attempt_at)
 * holds every e-mail ever sent, and grows with the store. Built online
 * (db/migrate-online.ts): after the migrations, CONCURRENTLY on PostgreSQL, so the
 * outbox of a live store is never locked while it is built.
 */
export const online: OnlineIndex[] = [{ name: 'outbox_emails_waiting', table: 'outbox_emails', columns: ['created_at'], where: 'sent_at is null and failed_at is null' }]

// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
export async function up(_db: Kysely<any>): Promise<void> {
  // nothing inside the migration's transaction: the index is built after it (migrate.ts: buildOnlineIndexes)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of online) await dropIndexOnline(db, index.name)
}
