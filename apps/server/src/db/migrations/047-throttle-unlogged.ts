import { sql, type Kysely } from 'kysely'
import { isPostgresDb } from './007-brand-isolation.ts'

/**
 * PostgreSQL keeps the throttle's counts (`throttle_events`, accounts/throttle-store.ts) in an
 * UNLOGGED table: no write-ahead log for them, so a request that only counts itself (every cart
 * write, test token, guess, message) commits without waiting for the log to reach the disk. Each
 * such wait was an fsync, 3-6 ms on the development machine, the largest part of an add to cart
 * (docs/performance.md, "PostgreSQL"; docs/decisions/242-throttle-counts-unlogged-on-postgresql.md).
 * What is given up: after a crash of PostgreSQL (not of the store) the table comes back empty, and a
 * standby does not have it, so the counts of the last hour start again from nothing, as they do
 * where Redis keeps them without persistence. SQLite is unchanged (its commits do not wait for the
 * disk: WAL with synchronous=NORMAL, db/connection.ts).
 *
 * The table holds a day of counts at most (jobs/purge.ts): SET UNLOGGED rewrites it under a brief
 * exclusive lock, which a live store meets as one slow request per limit.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  if (await isPostgresDb(db)) await sql`alter table throttle_events set unlogged`.execute(db)
}

export async function down(db: Db): Promise<void> {
  if (await isPostgresDb(db)) await sql`alter table throttle_events set logged`.execute(db)
}
