import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { createHash } from 'node:crypto'
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type LogEvent,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely'
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingStatements(pool) }), log })
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

/** Named statements kept per PostgreSQL connection; past it, a new text runs unnamed (parsed and planned each time). */
const PREPARED_PER_CONNECTION = 500

/** A SQL text is prepared by name from its second run in this process (a one-off statement never is). */
const PREPARE_FROM_RUN = 2

/** Statements that may be prepared: a plan worth keeping (not DDL, transaction control or settings). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i
const TRANSACTION_END = /^\s*(commit|end|rollback)\s*$/i

/** PostgreSQL's error for a prepared statement whose table changed shape since it was prepared (a migration). */
const CACHED_PLAN_CHANGED = '0A000'

/**
 * The PostgreSQL pool as Kysely's dialect sees it, preparing each hot SQL text once per connection
 * (the counterpart of reusingStatements on SQLite). An unnamed statement, what Kysely sends, is
 * parsed and planned by PostgreSQL at every run: the cart read's plan took 3.5 ms where running it
 * took 0.5 ms, so 10 shoppers reading their carts kept PostgreSQL's backends busy planning
 * (docs/performance.md, "PostgreSQL"). A text run a second time is sent as a named statement: the
 * connection parses it once, and PostgreSQL plans it with the values for the first five runs, then
 * keeps a generic plan where that costs no more (plan_cache_mode auto). Bounded per connection
 * (PREPARED_PER_CONNECTION, then unnamed); only select, insert, update, delete and with. A
 * statement whose table changed shape since it was prepared (`select *` after a migration added a
 * column while the store runs) is prepared again under a new name on every connection; the run
 * that found it is retried at once, unless it was inside a transaction, which then fails once.
 */
export function preparingStatements(pool: pg.Pool, options: { fromRun?: number; perConnection?: number } = {}): PostgresPool {
  const fromRun = options.fromRun ?? PREPARE_FROM_RUN
  const perConnection = options.perConnection ?? PREPARED_PER_CONNECTION
  /** runs of each text so far, then its statement name once it is prepared */
  const seen = new Map<string, number | string>()
  /** texts given a name: past 20 connections' worth, a new text stays unnamed (a store making ever new texts) */
  let named = 0
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>()
  const nameOf = (sql: string): string | undefined => {
    const known = seen.get(sql)
    if (typeof known === 'string') return known
    if (!PREPARABLE.test(sql)) return undefined
    const runs = (known ?? 0) + 1
    if (runs < fromRun) {
      // bounded: a store that runs ever new texts forgets the counts, not the names
      if (seen.size >= 20 * perConnection) for (const [text, value] of seen) if (typeof value === 'number') seen.delete(text)
      seen.set(sql, runs)
      return undefined
    }
    if (named >= 20 * perConnection) return undefined
    const name = `s_${createHash('sha1').update(sql).digest('base64url')}`
    named += 1
    seen.set(sql, name)
    return name
  }
  /** a prepared text's table changed shape: every connection prepares it again under a new name */
  const renamed = (sql: string, stale: string): string => {
    const current = seen.get(sql)
    if (current !== stale) return current as string
    const generation = Number(/_(\d+)$/.exec(stale)?.[1] ?? 1) + 1
    const name = `${stale.replace(/_\d+$/, '')}_${generation}`
    seen.set(sql, name)
    return name
  }
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const prepared = new Set<string>()
    let inTransaction = false
    const run = async (sql: string, values: unknown[]): Promise<pg.QueryResult> => {
      if (TRANSACTION_START.test(sql)) inTransaction = true
      else if (TRANSACTION_END.test(sql)) inTransaction = false
      const name = nameOf(sql)
      if (!name || (!prepared.has(name) && prepared.size >= perConnection)) return client.query(sql, values)
      prepared.add(name)
      try {
        return await client.query({ name, text: sql, values })
      } catch (error) {
        if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error
        const fresh = renamed(sql, name)
        // a transaction is aborted by the error: it fails once, as a serialization failure would
        if (inTransaction) throw error
        prepared.add(fresh)
        return client.query({ name: fresh, text: sql, values })
      }
    }
    // a cursor (a streamed read) is handed to the client as it is, and answered at once, not as a promise
    const query = ((sql: unknown, parameters?: readonly unknown[]) =>
      typeof sql === 'string' ? run(sql, parameters ? [...parameters] : []) : client.query(sql as pg.Submittable)) as unknown as PostgresPoolClient['query']
    return { query, release: () => client.release() }
  }
  return {
    async connect() {
      const client = await pool.connect()
      let wrapped = clients.get(client)
      if (!wrapped) {
        wrapped = wrap(client)
        clients.set(client, wrapped)
      }
      return wrapped
    },
    end: () => pool.end(),
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
