import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findOpenCartWithLines } from '../cart/cart.queries.ts'
import { DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { statementsOf } from '../test/statements.ts'
import { directReader, openDatabase } from './connection.ts'
import { migrateToLatest } from './migrate.ts'
import { preparedQuery } from './prepared.ts'
import { seedDatabase } from './seed/index.ts'

const brandName = preparedQuery((db, key: { id: string }) => db.selectFrom('brands').select(['id', 'name']).where('id', '=', key.id))

/** Two values and a constant of the query's own between them. */
const itemsOfBrand = preparedQuery((db, key: { brandId: string; limit: number }) =>
  db.selectFrom('items').select(['id', 'brand_id']).where('brand_id', '=', key.brandId).where('active', '=', 1).orderBy('id').limit(key.limit),
)

describe.each(DIALECTS)('prepared queries on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('runs with the values of each call, builds once, and counts every run as a statement', async () => {
    const { db } = t.store
    const sql = brandName.sql(db)
    expect(brandName.sql(db)).toBe(sql)
    const statements = await statementsOf(t.store, async () => {
      expect((await brandName.first(db, { id: 'ckb' }))?.id).toBe('ckb')
      expect((await brandName.first(db, { id: 'glow' }))?.id).toBe('glow')
      expect(await brandName.first(db, { id: 'nobody' })).toBeUndefined()
    })
    expect(statements).toEqual([sql, sql, sql])
  })

  it('keeps its own constants in place and binds every value to its brand', async () => {
    const { db } = t.store
    const glow = await itemsOfBrand.execute(db, { brandId: 'glow', limit: 3 })
    const ckb = await itemsOfBrand.execute(db, { brandId: 'ckb', limit: 2 })
    expect(glow).toHaveLength(3)
    expect(ckb).toHaveLength(2)
    expect(new Set(glow.map((row) => row.brand_id))).toEqual(new Set(['glow']))
    expect(new Set(ckb.map((row) => row.brand_id))).toEqual(new Set(['ckb']))
  })

  it('finds a cart at its own brand only, with the lines as the shopper added them', async () => {
    const shopper = new TestShopper(t.app)
    const items = ((await shopper.get('/api/categories/leggings')).json() as { data: { items: { id: number; availableSizes: string[] }[] } }).data.items
    const sellable = items.filter((item) => item.availableSizes.length > 0).slice(0, 2)
    for (const item of sellable) await shopper.post('/api/cart/items', { item_id: item.id, size: item.availableSizes[0]!, qty: 1 })
    const cart = await t.store.db.selectFrom('carts').select(['id', 'brand_id']).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    const found = await findOpenCartWithLines(t.store.db, t.store.dialect, cart.brand_id, cart.id)
    expect(found?.lines.map((line) => line.item_id)).toEqual(sellable.map((item) => item.id))
    const otherBrand = cart.brand_id === 'glow' ? 'ckb' : 'glow'
    expect(await findOpenCartWithLines(t.store.db, t.store.dialect, otherBrand, cart.id)).toBeUndefined()
  })

  it('runs inside a transaction on the transaction, seeing its own writes', async () => {
    const { db } = t.store
    const before = (await brandName.first(db, { id: 'glow' }))!.name
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('brands').set({ name: 'Renamed in a transaction' }).where('id', '=', 'glow').execute()
        expect((await brandName.first(trx, { id: 'glow' }))?.name).toBe('Renamed in a transaction')
        throw new Error('roll back')
      })
      .catch(() => {})
    expect((await brandName.first(db, { id: 'glow' }))?.name).toBe(before)
  })

  it('refuses a builder that reads a value as JavaScript, or leaves one out of the SQL', () => {
    const readsValue = preparedQuery((db, key: { id: string }) => db.selectFrom('brands').select('id').where('id', '=', `${key.id}-x`))
    expect(() => readsValue.sql(t.store.db)).toThrow(/read as text/)
    const dropsValue = preparedQuery((db, key: { id: string; unused: string }) => {
      void key.unused
      return db.selectFrom('brands').select('id').where('id', '=', key.id)
    })
    expect(() => dropsValue.sql(t.store.db)).toThrow(/'unused' did not become a parameter/)
  })
})

describe('the direct SQLite reader', () => {
  it('reads at once outside a transaction, and steps aside while one is open so nobody reads uncommitted writes', async () => {
    const store = openDatabase('sqlite::memory:')
    await migrateToLatest(store.db)
    await seedDatabase(store.db)
    const direct = directReader(store.db)!
    const sql = brandName.sql(store.db)
    expect(direct(sql, ['glow'])).toEqual([{ id: 'glow', name: expect.any(String) }])
    const committed = (await brandName.first(store.db, { id: 'glow' }))!.name

    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let inside!: () => void
    const started = new Promise<void>((resolve) => (inside = resolve))
    const transaction = store.db.transaction().execute(async (trx) => {
      await trx.updateTable('brands').set({ name: 'Not yet committed' }).where('id', '=', 'glow').execute()
      inside()
      await held
      throw new Error('roll back')
    })
    await started
    // the connection is inside the transaction: no direct read, and a prepared read waits its turn
    expect(direct(sql, ['glow'])).toBeNull()
    const waiting = brandName.first(store.db, { id: 'glow' })
    release()
    await transaction.catch(() => {})
    expect((await waiting)?.name).toBe(committed)
    // writes never go the direct way
    expect(direct(`update brands set name = 'x' where id = ?`, ['glow'])).toBeNull()
    await store.close()
  })

  it('is only there for SQLite databases', async () => {
    const store = openDatabase('postgres://postgres@127.0.0.1:1/none')
    expect(directReader(store.db)).toBeUndefined()
    await store.close()
  })
})
