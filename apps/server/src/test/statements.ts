import type { StoreDb } from '../db/connection.ts'

/** The SQL text of every statement `run` makes (and only those: watch one thing at a time). */
export async function statementsOf(store: StoreDb, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = []
  const stop = store.watchQueries((sql) => seen.push(sql))
  try {
    await run()
  } finally {
    stop()
  }
  return seen
}

/** Statements on the session and shopper tables, which the request pipeline makes before any route runs. */
export const isPipelineStatement = (sql: string) => /\b(from|into|update)\s+"?(sessions|customers)"?\b/i.test(sql)

/** What a route itself asked of the database: everything but the pipeline's session and shopper statements. */
export const routeStatements = (statements: string[]) => statements.filter((sql) => !isPipelineStatement(sql))

/** Tables PostgreSQL keeps unlogged (migrations 047 and 053): a write to them alone commits without waiting for the disk. */
export const UNLOGGED_TABLES = new Set(['throttle_events', 'test_gateway_tokens', 'test_gateway_charges', 'test_gateway_refunds'])

const WRITTEN_TABLE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i

/**
 * What a request's statements cost PostgreSQL in round trips and in waits for the disk: `statements`
 * leaves out begin and commit (SQLite and PostgreSQL both list them), `transactions` counts them,
 * and `durableCommits` the commits that write the log: every transaction that wrote, and every write
 * outside one, but for those to unlogged tables. On PostgreSQL each of those waits for an fsync
 * (synchronous_commit on, its default), where SQLite's WAL with synchronous=NORMAL waits for none.
 */
export function roundTripsOf(statements: string[]): { statements: number; transactions: number; durableCommits: number } {
  let transactions = 0
  let durableCommits = 0
  let inTransaction = false
  let wrote = false
  let count = 0
  for (const sql of statements) {
    if (/^\s*begin\b/i.test(sql)) {
      transactions += 1
      inTransaction = true
      wrote = false
      continue
    }
    if (/^\s*(commit|rollback)\s*$/i.test(sql)) {
      if (wrote && /^\s*commit/i.test(sql)) durableCommits += 1
      inTransaction = false
      continue
    }
    count += 1
    const table = WRITTEN_TABLE.exec(sql)?.[1]
    if (!table) continue
    if (inTransaction) wrote = true
    else if (!UNLOGGED_TABLES.has(table)) durableCommits += 1
  }
  return { statements: count, transactions, durableCommits }
}
