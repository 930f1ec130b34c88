import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface StoreDb {
  db: Kysely<Database>
  dialect: Dialect
  /** how many SQL statements ran since start; read by tests and the bench to catch N+1 queries */
  queryCount(): number
  close(): Promise<void>
}

export const DEFAULT_SQLITE_PATH = 'data/store.sqlite'

/**
 * Opens the database named by a DATABASE_URL: unset means SQLite at
 * data/store.sqlite, `sqlite:/path` (or `sqlite::memory:`) another SQLite file,
 * `postgres://...` PostgreSQL.
 */
export function openDatabase(url: string | undefined, options: { root?: string } = {}): StoreDb {
  let queries = 0
  const log = (event: LogEvent) => {
    if (event.level === 'query') queries += 1
  }
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    // integer columns come back as numbers; COUNT/SUM (int8) too, they stay far below 2^53
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10))
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log })
    return { db, dialect: 'postgres', queryCount: () => queries, close: () => db.destroy() }
  }
  const file = sqlitePath(url, options.root ?? process.cwd())
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const database = new SQLite(file)
  database.pragma('journal_mode = WAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  database.pragma('synchronous = NORMAL')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log })
  return { db, dialect: 'sqlite', queryCount: () => queries, close: () => db.destroy() }
}

function sqlitePath(url: string | undefined, root: string): string {
  if (!url) return resolve(root, DEFAULT_SQLITE_PATH)
  if (!url.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${url.split(':')[0]}:`)
  const path = url.slice('sqlite:'.length).replace(/^\/\//, '')
  if (path === ':memory:') return path
  return resolve(root, path)
}
