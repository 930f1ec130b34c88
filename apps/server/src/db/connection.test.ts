import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import SQLite from 'better-sqlite3'
import type { PostgresPool } from 'kysely'
import pg from 'pg'
import { openDatabase, preparingStatements, reusingStatements } from './connection.ts'
import { migrateToLatest } from './migrate.ts'
import { seedDatabase } from './seed/index.ts'

describe('openDatabase', () => {
  it('opens a SQLite file named by sqlite:PATH, and keeps its data across opens', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'store-db-')), 'nested', 'store.sqlite')
    const first = openDatabase(`sqlite:${file}`)
    expect(first.dialect).toBe('sqlite')
    await migrateToLatest(first.db)
    expect((await seedDatabase(first.db)).seeded).toBe(true)
    await first.close()
    const second = openDatabase(`sqlite:${file}`)
    await migrateToLatest(second.db)
    expect((await seedDatabase(second.db)).seeded).toBe(false)
    const brands = await second.db.selectFrom('brands').select('id').orderBy('id').execute()
    expect(brands.map((brand) => brand.id)).toEqual(['ckb', 'glow', 'popfitclothing'])
    await second.close()
  })

  it('picks PostgreSQL for a postgres:// URL', async () => {
    const store = openDatabase('postgres://postgres@127.0.0.1:1/none')
    expect(store.dialect).toBe('postgres')
    await store.close()
  })

  it('refuses a URL of another kind with a clear message', () => {
    expect(() => openDatabase('mysql://root@localhost/store')).toThrow(/DATABASE_URL must start with sqlite: or postgres:\/\//)
  })

  it('counts the statements it runs', async () => {
    const store = openDatabase('sqlite::memory:')
    await migrateToLatest(store.db)
    const before = store.queryCount()
    await store.db.selectFrom('brands').selectAll().execute()
    expect(store.queryCount() - before).toBe(1)
    await store.close()
  })

  it('prepares each SQLite statement once and hands the same one out again', async () => {
    const database = new SQLite(':memory:')
    let prepared = 0
    const counting = {
      prepare: (sql: string) => {
        prepared++
        return database.prepare(sql)
      },
      close: () => database.close(),
    }
    const reusing = reusingStatements(counting, 2)
    const first = reusing.prepare('select 1 as one')
    expect(reusing.prepare('select 1 as one')).toBe(first)
    expect(first.reader).toBe(true)
    expect(first.all([])).toEqual([{ one: 1 }])
    expect(reusing.prepare('create table t (x integer)').reader).toBe(false)
    reusing.prepare('select 2')
    reusing.prepare('select 3')
    expect(reusing.cachedStatements()).toBe(2)
    expect(prepared).toBe(4)
    reusing.prepare('select 1 as one') // dropped as least recently used: prepared again
    expect(prepared).toBe(5)
    reusing.close()
  })

  it('runs writes and reads through reused statements with new parameters each time', async () => {
    const store = openDatabase('sqlite::memory:')
    await migrateToLatest(store.db)
    await seedDatabase(store.db)
    const read = (id: string) => store.db.selectFrom('brands').select('name').where('id', '=', id).executeTakeFirstOrThrow()
    expect((await read('ckb')).name).not.toBe((await read('glow')).name)
    for (const name of ['One', 'Two']) {
      await store.db.updateTable('brands').set({ name }).where('id', '=', 'glow').execute()
      expect((await read('glow')).name).toBe(name)
    }
    const streamed: string[] = []
    for await (const row of store.db.selectFrom('brands').select('id').orderBy('id').stream()) streamed.push(row.id)
    expect(streamed).toEqual(['ckb', 'glow', 'popfitclothing'])
    await store.close()
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL statements prepared once per connection', () => {
  const url = process.env.TEST_DATABASE_URL!
  /** one connection, so what it prepared can be read back on it */
  const onePool = () => new pg.Pool({ connectionString: url, max: 1 })
  const preparedOf = async (pool: PostgresPool, text: string) => {
    const client = await pool.connect()
    try {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [text])
      return rows[0]!.n
    } finally {
      client.release()
    }
  }

  it('prepares a statement from its second run and answers with new values each time', async () => {
    const pool = preparingStatements(onePool())
    const text = "select $1::int + 1 as n, 'prepared-test' as tag"
    const client = await pool.connect()
    const answers: number[] = []
    for (const value of [1, 2, 3]) answers.push((await client.query<{ n: number }>(text, [value])).rows[0]!.n)
    client.release()
    expect(answers).toEqual([2, 3, 4])
    expect(await preparedOf(pool, text)).toBe(1)
    await pool.end()
  })

  it('leaves one-off statements, DDL and statements past the bound unnamed', async () => {
    const pool = preparingStatements(onePool(), { perConnection: 1 })
    const client = await pool.connect()
    await client.query('create temporary table bound_test (x integer)', [])
    await client.query('create temporary table bound_test_2 (x integer)', []).catch(() => undefined)
    for (let i = 0; i < 3; i++) await client.query('select x from bound_test where x = $1', [i])
    for (let i = 0; i < 3; i++) await client.query('select x, 1 as one from bound_test where x = $1', [i])
    await client.query("select 'once' as one_off", [])
    client.release()
    expect(await preparedOf(pool, 'select x from bound_test where x = $1')).toBe(1)
    expect(await preparedOf(pool, 'select x, 1 as one from bound_test where x = $1')).toBe(0)
    expect(await preparedOf(pool, "select 'once' as one_off")).toBe(0)
    await pool.end()
  })

  it('answers a prepared read of a table that changed shape since (a migration) with its new columns, on every connection', async () => {
    const table = `shape_test_${process.pid}`
    const pool = preparingStatements(new pg.Pool({ connectionString: url, max: 2 }))
    const [first, second] = [await pool.connect(), await pool.connect()]
    await first.query(`create table ${table} (x integer)`, [])
    try {
      await first.query(`insert into ${table} (x) values (1)`, [])
      const read = `select * from ${table} where x = $1`
      for (const client of [first, second, first, second]) expect((await client.query(read, [1])).rows).toEqual([{ x: 1 }])
      await first.query(`alter table ${table} add column y integer default 7`, [])
      expect((await first.query(read, [1])).rows).toEqual([{ x: 1, y: 7 }])
      // the other connection prepares it again too, even inside a transaction
      await second.query('begin', [])
      expect((await second.query(read, [1])).rows).toEqual([{ x: 1, y: 7 }])
      await second.query('commit', [])
    } finally {
      await first.query(`drop table ${table}`, [])
      first.release()
      second.release()
      await pool.end()
    }
  })
})
