import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type LogEvent, type SqliteDatabase, type SqliteStatement } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.ts'
import { recordQuery, watchedPools } from '../operations/metrics.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface StoreDb {
  db: Kysely<Database>
  dialect: Dialect
  /** how many SQL statements ran since start; read by tests and the bench to catch N+1 queries */
  queryCount(): number
  /**
   * Calls `listener` with the SQL text of every statement from now until the
   * returned function is called (tests use it to tell the catalogue's
   * statements from the session's).
   */
  watchQueries(listener: (sql: string) => void): () => void
  close(): Promise<void>
}

const DEFAULT_SQLITE_PATH = 'data/store.sqlite'

/** Prepared SQLite statements kept per connection, by SQL text (least recently used go first). */
const STATEMENT_CACHE_SIZE = 500

const dialects = new WeakMap<object, Dialect>()

/**
 * Runs one read on SQLite at once, or answers null where it must go through
 * Kysely's executor (see directReader).
 */
export type DirectReader = (sql: string, parameters: readonly unknown[]) => unknown[] | null

const directReaders = new WeakMap<object, DirectReader>()

/**
 * The SQLite database's direct reader, or undefined (PostgreSQL, a
 * transaction, a Kysely instance openDatabase did not make).
 *
 * Kysely's executor costs more than a small SQLite read itself (an async
 * mutex, a connection handed out and back, a promise per step: ~10 µs where
 * the statement takes ~4 µs), and better-sqlite3 runs every statement
 * synchronously anyway. A direct read runs the same cached prepared statement
 * at once, and counts and reports it like any other statement. It steps aside
 * (answers null, the caller goes through Kysely, which waits its turn) while a
 * transaction is open on the connection, so a read never sees another
 * request's uncommitted writes, and for anything that is not a read.
 */
export function directReader(db: Kysely<Database>): DirectReader | undefined {
  return directReaders.get(db)
}

/**
 * The dialect of a Kysely instance: the one openDatabase registered, else
 * read from its adapter (a transaction, a test's own instance).
 */
export function dialectOf(db: Kysely<Database>): Dialect {
  const known = dialects.get(db)
  if (known) return known
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

/**
 * Opens the database named by a DATABASE_URL: unset means SQLite at
 * data/store.sqlite, `sqlite:/path` (or `sqlite::memory:`) another SQLite file,
 * `postgres://...` PostgreSQL. With `image` (a SQLite database file's bytes,
 * as `VACUUM INTO` writes them), SQLite opens a private copy of it in memory
 * instead, whatever the URL (the tests' copy of a migrated template).
 */
export function openDatabase(url: string | undefined, options: { root?: string; image?: Buffer } = {}): StoreDb {
  let queries = 0
  const listeners = new Set<(sql: string) => void>()
  const counted = (sql: string) => {
    queries += 1
    for (const listener of listeners) listener(sql)
  }
  let dialect: Dialect = 'sqlite'
  const log = (event: LogEvent) => {
    if (event.level === 'query') counted(event.query.sql)
    // each statement's time, for /metrics (operations/metrics.ts)
    recordQuery(dialect, event.queryDurationMillis / 1000, event.level === 'error')
  }
  const watchQueries = (listener: (sql: string) => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }
  if (!options.image && url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    // integer columns come back as numbers; COUNT/SUM (int8) too, they stay far below 2^53
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10))
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log })
    dialects.set(db, 'postgres')
    dialect = 'postgres'
    watchedPools.add(pool)
    const close = async () => {
      watchedPools.delete(pool)
      await db.destroy()
    }
    return { db, dialect: 'postgres', queryCount: () => queries, watchQueries, close }
  }
  const file = options.image ? ':memory:' : sqlitePath(url, options.root ?? process.cwd())
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const database = new SQLite(options.image ?? file)
  database.pragma('journal_mode = WAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  database.pragma('synchronous = NORMAL')
  const optimizer = file === ':memory:' ? null : keepPlannerStatistics(database)
  const statements = reusingStatements(database)
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }), log })
  dialects.set(db, 'sqlite')
  directReaders.set(db, (sql, parameters) => {
    if (database.inTransaction) return null
    const statement = statements.prepare(sql)
    if (!statement.reader) return null
    let rows: unknown[]
    const started = performance.now()
    try {
      rows = statement.all(parameters)
    } catch (error) {
      // a streamed select holds the connection (Kysely's mutex too): wait for it through Kysely
      if (error instanceof TypeError && /busy executing/.test(error.message)) return null
      throw error
    }
    counted(sql)
    recordQuery('sqlite', (performance.now() - started) / 1000, false)
    return rows
  })
  const close = async () => {
    if (optimizer) clearInterval(optimizer)
    await db.destroy()
  }
  return { db, dialect: 'sqlite', queryCount: () => queries, watchQueries, close }
}

/** How often a long-lived connection refreshes the planner's statistics (SQLite advises hourly). */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000

/**
 * The planner's statistics (sqlite_stat1), as SQLite advises for a long-lived connection: at open,
 * `optimize=0x10002` analyzes the tables that need it (a sample of 1,000 rows each: tens of
 * milliseconds on a store of 200,000 orders), then `optimize` hourly analyzes what has grown.
 * Without them SQLite's planner takes any index that names the brand: a customer's orders walked
 * every order of the brand by date, a page of customers counted every order of the brand
 * (docs/performance.md). A database file only: an in-memory one is a test's, made and dropped at once.
 */
function keepPlannerStatistics(database: SQLite.Database): NodeJS.Timeout {
  database.pragma('analysis_limit = 1000')
  database.pragma('optimize = 0x10002')
  const timer = setInterval(() => {
    try {
      database.pragma('optimize')
    } catch {
      // busy with a streamed read, or closed: the next hour's run does it
    }
  }, OPTIMIZE_EVERY_MS)
  timer.unref()
  return timer
}

/**
 * The database as Kysely's SqliteDialect sees it, preparing each SQL text once:
 * the dialect calls `prepare(sql)` for every statement it runs, and compiling
 * a statement costs about as much as running a small one. A better-sqlite3
 * statement may run any number of times with new parameters; Kysely drives one
 * connection behind a mutex, so a cached statement is never busy when it is
 * handed out again (a streamed select holds the connection until it ends).
 * The statement object is returned as it is, so `reader` and the rest are the
 * driver's own. Bounded: past `size` texts, the least recently used is dropped
 * (better-sqlite3 finalises it when it is collected).
 */
export function reusingStatements(database: SqliteDatabase, size = STATEMENT_CACHE_SIZE): SqliteDatabase & { cachedStatements(): number } {
  const statements = new Map<string, SqliteStatement>()
  return {
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql)
      if (cached) {
        // most recently used last
        statements.delete(sql)
        statements.set(sql, cached)
        return cached
      }
      const statement = database.prepare(sql)
      statements.set(sql, statement)
      if (statements.size > size) statements.delete(statements.keys().next().value as string)
      return statement
    },
    close() {
      statements.clear()
      database.close()
    },
    cachedStatements: () => statements.size,
  }
}

/** The file a SQLite DATABASE_URL names (unset: data/store.sqlite under root). */
export function sqlitePath(url: string | undefined, root: string): string {
  if (!url) return resolve(root, DEFAULT_SQLITE_PATH)
  if (!url.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got ${url.split(':')[0]}:`)
  const path = url.slice('sqlite:'.length).replace(/^\/\//, '')
  if (path === ':memory:') return path
  return resolve(root, path)
}
