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
