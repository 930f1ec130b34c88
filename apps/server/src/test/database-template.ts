/**
 * One migrated and seeded database per test run, copied for each test store
 * instead of migrating and seeding a database per store
 * (docs/decisions/164-test-databases-from-a-template.md).
 *
 * vitest's global setup (global-setup.ts) makes the templates once and names
 * them in the environment the test workers inherit:
 * - SQLite: a database file written by `VACUUM INTO`; each store reads it
 *   into a private in-memory database (openDatabase's `image`);
 * - PostgreSQL: a database the stores are made from with
 *   `CREATE DATABASE ... TEMPLATE`, one database per store.
 * Without them (the harness used outside vitest's config) each store migrates
 * and seeds its own database as before.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { openDatabase, type StoreDb } from '../db/connection.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed/index.ts'

/** the SQLite template's file */
const SQLITE_TEMPLATE_ENV = 'STORE_TEST_SQLITE_TEMPLATE'
/** the PostgreSQL template's database name (on the server of TEST_DATABASE_URL) */
const POSTGRES_TEMPLATE_ENV = 'STORE_TEST_POSTGRES_TEMPLATE'

const TEMPLATE_PREFIX = 'store_tpl_'
/** PostgreSQL's "database is being accessed by other users" */
const OBJECT_IN_USE = '55006'

/** The name every store copied from a template starts with (store_t_<run>_). */
const storePrefix = (template: string) => `store_t_${template.slice(TEMPLATE_PREFIX.length)}_`

/** A migrated and seeded database of its own, and how to throw it away. */
export interface TestDatabase {
  store: StoreDb
  /** the database's URL (a second connection to the same store: another instance) */
  url: string
  /** closes the store and drops what was made for it */
  close(): Promise<void>
}

/** The URL of another database on the server of `base` (its user, host and options kept). */
function databaseUrl(base: string, database: string): string {
  const url = new URL(base)
  url.pathname = `/${database}`
  return url.toString()
}

async function withAdmin<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function migrateAndSeed(store: StoreDb): Promise<void> {
  await migrateToLatest(store.db)
  await seedDatabase(store.db)
}

/** Makes the run's templates; returns what removes them. */
export async function makeTemplates(env: NodeJS.ProcessEnv = process.env): Promise<() => Promise<void>> {
  const directory = mkdtempSync(join(tmpdir(), 'store-test-template-'))
  const file = join(directory, 'template.sqlite')
  const sqliteTemplate = (async () => {
    const store = openDatabase('sqlite::memory:')
    try {
      await migrateAndSeed(store)
      await sql`vacuum into ${file}`.execute(store.db)
    } finally {
      await store.close()
    }
  })()
  const base = env.TEST_DATABASE_URL
  const postgresName = `${TEMPLATE_PREFIX}${randomBytes(6).toString('hex')}`
  const postgresTemplate = base
    ? (async () => {
        try {
          await withAdmin(base, (admin) => admin.query(`create database ${postgresName}`))
        } catch (error) {
          // a user without CREATEDB: each store migrates a schema of its own, as before
          console.warn(`test stores on PostgreSQL migrate their own schema: no template database (${error instanceof Error ? error.message : String(error)})`)
          return false
        }
        // the template is a database no one is connected to when it is copied
        const store = openDatabase(databaseUrl(base, postgresName))
        try {
          await migrateAndSeed(store)
        } catch (error) {
          await store.close()
          await withAdmin(base, (admin) => admin.query(`drop database if exists ${postgresName} with (force)`))
          throw error
        }
        await store.close()
        return true
      })()
    : Promise.resolve(false)
  const [sqliteMade, postgresMade] = await Promise.allSettled([sqliteTemplate, postgresTemplate])
  const postgresTemplateMade = postgresMade.status === 'fulfilled' && postgresMade.value
  const remove = async () => {
    rmSync(directory, { recursive: true, force: true })
    if (!base || !postgresTemplateMade) return
    await withAdmin(base, async (admin) => {
      // the test processes are gone: a store a test left connected goes now (see openTestDatabase)
      const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where datname like $1', [`${storePrefix(postgresName)}%`])
      for (const { name } of rows) await admin.query(`drop database if exists ${name} with (force)`)
      await admin.query(`drop database if exists ${postgresName} with (force)`)
    })
  }
  const failed = [sqliteMade, postgresMade].find((result): result is PromiseRejectedResult => result.status === 'rejected')
  if (failed) {
    await remove()
    throw failed.reason
  }
  env[SQLITE_TEMPLATE_ENV] = file
  if (postgresTemplateMade) env[POSTGRES_TEMPLATE_ENV] = postgresName
  return remove
}

/**
 * A fresh, migrated and seeded database of the dialect: a copy of the run's
 * template where there is one, else migrated and seeded here.
 */
export async function openTestDatabase(dialect: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const templateFile = process.env[SQLITE_TEMPLATE_ENV]
    if (templateFile) {
      const store = openDatabase('sqlite::memory:', { image: readFileSync(templateFile) })
      return { store, url: 'sqlite::memory:', close: () => store.close() }
    }
    const store = openDatabase('sqlite::memory:')
    await migrateAndSeed(store)
    return { store, url: 'sqlite::memory:', close: () => store.close() }
  }
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('PostgreSQL tests need TEST_DATABASE_URL')
  const template = process.env[POSTGRES_TEMPLATE_ENV]
  if (template) {
    const name = `${storePrefix(template)}${randomBytes(6).toString('hex')}`
    await withAdmin(base, (admin) => admin.query(`create database ${name} template ${template}`))
    const url = databaseUrl(base, name)
    const store = openDatabase(url)
    return {
      store,
      url,
      async close() {
        await store.close()
        // Not WITH (FORCE): the pool's end() does not wait for its connections to close, and
        // a connection cut by the server is an error in the test. PostgreSQL waits up to 5 s
        // for them to go; a database still in use then (a connection the test left open) is
        // dropped at the end of the run
        await withAdmin(base, (admin) => admin.query(`drop database if exists ${name}`)).catch((error: unknown) => {
          if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error
        })
      },
    }
  }
  // no template: a schema of its own in the database of TEST_DATABASE_URL
  const schema = `t_${randomBytes(6).toString('hex')}`
  await withAdmin(base, (admin) => admin.query(`create schema ${schema}`))
  const separator = base.includes('?') ? '&' : '?'
  const url = `${base}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`
  const store = openDatabase(url)
  await migrateAndSeed(store)
  return {
    store,
    url,
    async close() {
      await store.close()
      await withAdmin(base, (admin) => admin.query(`drop schema ${schema} cascade`))
    },
  }
}
