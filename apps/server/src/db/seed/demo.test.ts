import { describe, expect, it } from 'vitest'
import { parseEnv, shouldSeedDemo } from '../../env.ts'
import { openDatabase } from '../connection.ts'
import { migrateToLatest } from '../migrate.ts'
import { seedDatabase } from './index.ts'

/** Issue 12: made-up reviews and drawn images go into a database only when asked. */
describe('demo data', () => {
  it('is seeded on the embedded default, or when SEED_DEMO=true, never otherwise', () => {
    expect(shouldSeedDemo(parseEnv({}))).toBe(true)
    expect(shouldSeedDemo(parseEnv({ SEED_DEMO: 'false' }))).toBe(false)
    expect(shouldSeedDemo(parseEnv({ DATABASE_URL: 'postgres://db.example/store' }))).toBe(false)
    expect(shouldSeedDemo(parseEnv({ DATABASE_URL: 'sqlite:/var/store.sqlite' }))).toBe(false)
    expect(shouldSeedDemo(parseEnv({ DATABASE_URL: 'postgres://db.example/store', SEED_DEMO: 'true' }))).toBe(true)
    expect(() => parseEnv({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/)
  })

  it('without demo: the brands and their settings, no catalogue, reviews or offers', async () => {
    const store = openDatabase('sqlite::memory:')
    try {
      await migrateToLatest(store.db)
      expect(await seedDatabase(store.db, { demo: false })).toEqual({ seeded: true })
      expect((await store.db.selectFrom('brands').select('id').execute()).length).toBe(3)
      expect(await store.db.selectFrom('items').select('id').limit(1).execute()).toEqual([])
      expect(await store.db.selectFrom('reviews').select('id').limit(1).execute()).toEqual([])
    } finally {
      await store.close()
    }
  })
})
