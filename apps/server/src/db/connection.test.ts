import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './connection.ts'
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
})
