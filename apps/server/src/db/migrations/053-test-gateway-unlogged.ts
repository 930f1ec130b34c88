import { sql, type Kysely } from 'kysely'
import { isPostgresDb } from './007-brand-isolation.ts'

/**
 * PostgreSQL keeps the built-in test gateway's own records (`test_gateway_tokens`,
 * `test_gateway_charges`, `test_gateway_refunds`: payments/test-gateway.ts) in UNLOGGED tables.
 * The test gateway stands in for a card provider, whose records live on the provider's side; on the
 * store's database each of its writes was an autocommit waiting for the log to reach the disk, two
 * per charge: the largest wait of a club billing run against a 200 ms service (`LWLock:WALWrite`,
 * `IO:WALSync` on its inserts) and one of a checkout's, work a real provider never puts on the store
 * (docs/decisions/272-test-gateway-records-unlogged.md). What is given up: after a crash of
 * PostgreSQL the test gateway's tokens and charges come back empty, as a test provider's sandbox
 * may be reset; the store's own records (payments, orders) are untouched. Only for development,
 * tests and benches: PAYMENT_GATEWAY=test. In production these tables are empty, so the rewrite
 * SET UNLOGGED makes is instant. SQLite is unchanged.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

const TABLES = ['test_gateway_tokens', 'test_gateway_charges', 'test_gateway_refunds']

export async function up(db: Db): Promise<void> {
  if (!(await isPostgresDb(db))) return
  for (const table of TABLES) await sql`alter table ${sql.table(table)} set unlogged`.execute(db)
}

export async function down(db: Db): Promise<void> {
  if (!(await isPostgresDb(db))) return
  for (const table of TABLES) await sql`alter table ${sql.table(table)} set logged`.execute(db)
}
