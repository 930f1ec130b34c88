import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import SQLite from 'better-sqlite3'
import { openDatabase, reusingStatements } from './connection.ts'
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
