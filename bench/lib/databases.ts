/**
 * A bench's run on each database: SQLite in a new file (WAL), then PostgreSQL in a new schema of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) when one is named; each removed afterwards.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase, type StoreDb } from '../../apps/server/src/db/connection.ts'

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL

/** The process ids of PostgreSQL's backends serving the bench's store (none on SQLite: it runs in the store's process). */
export type Backends = () => Promise<number[]>

export async function onEachDatabase<T>(name: string, bench: (label: string, store: StoreDb, backends: Backends) => Promise<T>): Promise<T[]> {
  const rows: T[] = []
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`))
  try {
    rows.push(await bench('SQLite (file, WAL)', openDatabase(`sqlite:${join(dir, 'store.sqlite')}`), async () => []))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  if (!PG_URL) {
    console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)')
    return rows
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  try {
    const separator = PG_URL.includes('?') ? '&' : '?'
    // the schema's name as the connections' application_name too: the bench's backends are found by it
    const backends = async () => (await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [schema])).rows.map((row) => row.pid)
    rows.push(await bench('PostgreSQL', openDatabase(`${PG_URL}${separator}application_name=${schema}&options=${encodeURIComponent(`-c search_path=${schema}`)}`), backends))
  } finally {
    await admin.query(`drop schema ${schema} cascade`)
    await admin.end()
  }
  return rows
}

/** A database of a bench run on both at once. */
export interface BenchDatabase {
  label: string
  store: StoreDb
  backends: Backends
}

/**
 * Both databases open at once (SQLite in a new file, PostgreSQL in a new schema when one is named),
 * so a bench can take its rounds on each in turn: load that drifts during the run then weighs on
 * both alike. The bench closes the stores; the file and the schema are removed afterwards.
 */
export async function onBothDatabases<T>(name: string, bench: (databases: BenchDatabase[]) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`))
  const databases: BenchDatabase[] = [{ label: 'SQLite (file, WAL)', store: openDatabase(`sqlite:${join(dir, 'store.sqlite')}`), backends: async () => [] }]
  const schema = `bench_${randomBytes(5).toString('hex')}`
  const admin = PG_URL ? new pg.Client({ connectionString: PG_URL }) : undefined
  try {
    if (admin && PG_URL) {
      await admin.connect()
      await admin.query(`create schema ${schema}`)
      const separator = PG_URL.includes('?') ? '&' : '?'
      const backends = async () => (await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [schema])).rows.map((row) => row.pid)
      const store = openDatabase(`${PG_URL}${separator}application_name=${schema}&options=${encodeURIComponent(`-c search_path=${schema}`)}`)
      databases.push({ label: 'PostgreSQL', store, backends })
    } else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)')
    return await bench(databases)
  } finally {
    rmSync(dir, { recursive: true, force: true })
    if (admin) {
      await admin.query(`drop schema if exists ${schema} cascade`)
      await admin.end()
    }
  }
}
