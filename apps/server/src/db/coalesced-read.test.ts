import { randomUUID } from 'node:crypto'
import type { Cart, ItemSummary } from '@store/core'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DatabaseSessionStore } from '../sessions/session-store.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { coalescedRead, rowKeyIn, type RowKeys } from './coalesced-read.ts'
import { preparedQuery } from './prepared.ts'

/**
 * Shoppers reading their carts at the same moment: each gets its own cart and nobody else's, and
 * on PostgreSQL their reads share one statement (db/coalesced-read.ts).
 */
describe.each(DIALECTS)('carts read at the same moment on %s', (dialect) => {
  let t: TestStore
  /** shoppers of two brands, each with a cart of one item of their own */
  const shoppers: { shopper: TestShopper; itemId: number }[] = []
  beforeAll(async () => {
    t = await startTestStore(dialect)
    for (const [host, category] of [
      ['localhost', 'leggings'],
      ['ckb.localhost', 'underwear'],
    ]) {
      const browsing = new TestShopper(t.app, host)
      const items = dataOf<{ items: ItemSummary[] }>(await browsing.get(`/api/categories/${category}`)).items.filter((item) => item.availableSizes.length > 0)
      for (const item of items.slice(0, 4)) {
        const shopper = new TestShopper(t.app, host)
        expect((await shopper.post('/api/cart/items', { item_id: item.id, size: item.availableSizes[0]!, qty: 1 })).statusCode).toBe(200)
        shoppers.push({ shopper, itemId: item.id })
      }
    }
    expect(shoppers).toHaveLength(8)
  })
  afterAll(() => t.close())

  /** GET /api/cart of every shopper at once, with the statements the store sent meanwhile. */
  async function readAllAtOnce(readers: { shopper: TestShopper }[]) {
    const statements: string[] = []
    const stop = t.store.watchQueries((sql) => statements.push(sql))
    try {
      const carts = await Promise.all(readers.map(({ shopper }) => shopper.get('/api/cart').then((response) => dataOf<Cart>(response))))
      return { carts, statements }
    } finally {
      stop()
    }
  }

  it('gives each shopper their own cart', async () => {
    const { carts, statements } = await readAllAtOnce(shoppers)
    expect(carts.map((cart) => cart.items.map((line) => line.item_id))).toEqual(shoppers.map(({ itemId }) => [itemId]))
    // SQLite reads in the store's own process, each at once; PostgreSQL takes the eight in one statement
    expect(statements).toHaveLength(dialect === 'postgres' ? 1 : 8)
  })

  it('gives a shopper reading twice at once the same cart both times', async () => {
    const { shopper, itemId } = shoppers[0]!
    const { carts } = await readAllAtOnce([{ shopper }, { shopper }, shoppers[1]!])
    expect(carts.map((cart) => cart.items.map((line) => line.item_id))).toEqual([[itemId], [itemId], [shoppers[1]!.itemId]])
  })

  it("gives no cart to a shopper's cookie presented at another brand, read together with its owner's", async () => {
    const { shopper, itemId } = shoppers[0]!
    const thief = new TestShopper(t.app, 'ckb.localhost')
    const [own, stolen] = await Promise.all([shopper.get('/api/cart'), thief.request({ method: 'GET', url: '/api/cart', headers: { cookie: shopper.cookieHeader } })])
    expect(dataOf<Cart>(own).items.map((line) => line.item_id)).toEqual([itemId])
    expect(dataOf<Cart>(stolen).items).toEqual([])
  })

  it('sends a lone read as the one statement it always was', async () => {
    const { carts, statements } = await readAllAtOnce([shoppers[2]!])
    expect(carts[0]!.items.map((line) => line.item_id)).toEqual([shoppers[2]!.itemId])
    expect(statements).toHaveLength(1)
    expect(statements[0]).not.toMatch(/unnest/)
  })
})

describe.each(DIALECTS)('sessions looked up at the same moment on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('finds each session at its own brand only, in one statement on PostgreSQL', async () => {
    const sessions = new DatabaseSessionStore(t.store)
    const made = Array.from({ length: 5 }, (_, i) => ({
      id: randomUUID(),
      brandId: i % 2 ? 'ckb' : 'popfitclothing',
      visitorId: randomUUID(),
      customerId: null,
      cartId: null,
      orderNumbers: [],
    }))
    for (const session of made) await sessions.create(session)
    const statements: string[] = []
    const stop = t.store.watchQueries((sql) => statements.push(sql))
    const found = await Promise.all([...made.map((session) => sessions.find(session.brandId, session.id)), sessions.find('glow', made[0]!.id)])
    stop()
    expect(found).toEqual([...made, null])
    expect(statements).toHaveLength(dialect === 'postgres' ? 1 : 6)
  })

  it.runIf(dialect === 'postgres')('fails each read of a batch whose statement fails, and the next reads still work', async () => {
    const broken = coalescedRead(
      preparedQuery((db, key: { id: string; brandId: string }) =>
        db.selectFrom('sessions').select(['id', 'brand_id']).where('id', '=', key.id).where('brand_id', '=', key.brandId),
      ),
      preparedQuery((db, keys: RowKeys) => db.selectFrom('sessions').select(['id', 'brand_id']).where(rowKeyIn('sessions', keys)).where(sql<boolean>`1 / 0 = 1`)),
      (row) => ({ id: row.id, brandId: row.brand_id }),
    )
    const reads = [broken.first(t.store.db, { id: 'a', brandId: 'ckb' }), broken.first(t.store.db, { id: 'b', brandId: 'ckb' })]
    for (const read of reads) await expect(read).rejects.toThrow(/division by zero/)
    expect(await broken.first(t.store.db, { id: 'a', brandId: 'ckb' })).toBeUndefined()
  })
})

describe.each(DIALECTS)('carts read at the same moment, sessions in Redis, on %s', (dialect) => {
  let t: TestStore
  const shoppers: { shopper: TestShopper; itemId: number }[] = []
  beforeAll(async () => {
    t = await startTestStore(dialect, { redisSessions: true })
    const items = dataOf<{ items: ItemSummary[] }>(await new TestShopper(t.app).get('/api/categories/leggings')).items.filter((item) => item.availableSizes.length > 0)
    for (const item of items.slice(0, 5)) {
      const shopper = new TestShopper(t.app)
      expect((await shopper.post('/api/cart/items', { item_id: item.id, size: item.availableSizes[0]!, qty: 1 })).statusCode).toBe(200)
      shoppers.push({ shopper, itemId: item.id })
    }
  })
  afterAll(() => t.close())

  it('gives each shopper their own cart, read by the carts alone in one statement on PostgreSQL', async () => {
    const statements: string[] = []
    const stop = t.store.watchQueries((sql) => statements.push(sql))
    const carts = await Promise.all(shoppers.map(({ shopper }) => shopper.get('/api/cart').then((response) => dataOf<Cart>(response))))
    stop()
    expect(carts.map((cart) => cart.items.map((line) => line.item_id))).toEqual(shoppers.map(({ itemId }) => [itemId]))
    expect(statements).toHaveLength(dialect === 'postgres' ? 1 : 5)
    expect(statements.every((sql) => /from "carts"/.test(sql) && !/from "sessions"/.test(sql))).toBe(true)
  })
})
