import type { Cart, WishlistEntry } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { routeStatements, statementsOf } from '../test/statements.ts'
import { MAX_WISHLIST_ENTRIES } from './wishlist.service.ts'

/** GET /wishlist: entries with their items, then images and sizes in stock, whatever the number of entries. */
const WISHLIST_STATEMENTS = 3

describe.each(DIALECTS)('wishlist on %s', (dialect) => {
  let t: TestStore
  let items: { id: number; availableSizes: string[] }[]
  let n = 0
  beforeAll(async () => {
    t = await startTestStore(dialect)
    items = dataOf<{ items: { id: number; availableSizes: string[] }[] }>(await new TestShopper(t.app).get('/api/categories/leggings')).items.filter(
      (item) => item.availableSizes.length > 0,
    )
  })
  afterAll(() => t.close())

  async function customer() {
    const shopper = new TestShopper(t.app)
    await shopper.post('/api/register', { name: 'Wren Wisher', email: `wish-${n++}-${dialect}@example.com`, password: 'leggings-forever' })
    return shopper
  }

  it('adds an item once, newest first, with its permalink, price and sizes in stock', async () => {
    const shopper = await customer()
    const [a, b] = items
    dataOf<WishlistEntry[]>(await shopper.post('/api/wishlist', { item_id: a!.id }))
    dataOf<WishlistEntry[]>(await shopper.post('/api/wishlist', { item_id: a!.id }))
    const list = dataOf<WishlistEntry[]>(await shopper.post('/api/wishlist', { item_id: b!.id }))
    expect(list.map((entry) => entry.item.id)).toEqual([b!.id, a!.id])
    expect(list[1]).toMatchObject({ permalink: `/item/${a!.id}`, reserved: false })
    expect(list[1]!.item.availableSizes.length).toBeGreaterThan(0)
    expect(typeof list[1]!.item.price).toBe('number')
    expect(dataOf<WishlistEntry[]>(await shopper.get('/api/wishlist'))).toHaveLength(2)
  })

  it(`reads the wishlist in ${WISHLIST_STATEMENTS} statements whatever its length`, async () => {
    const shopper = await customer()
    for (const item of items.slice(0, 8)) await shopper.post('/api/wishlist', { item_id: item.id })
    let length = 0
    const statements = await statementsOf(t.store, async () => {
      length = dataOf<WishlistEntry[]>(await shopper.get('/api/wishlist')).length
    })
    expect(length).toBe(Math.min(8, items.length))
    expect(routeStatements(statements)).toHaveLength(WISHLIST_STATEMENTS)
  })

  it('refuses an unknown item with 404 and a bad id with 400', async () => {
    const shopper = await customer()
    expect((await shopper.post('/api/wishlist', { item_id: 99999999 })).statusCode).toBe(404)
    expect((await shopper.post('/api/wishlist', { item_id: 'abc' })).statusCode).toBe(400)
  })

  it('marks VIP exclusives as reserved', async () => {
    const shopper = await customer()
    const exclusive = await t.store.db
      .selectFrom('items')
      .select('id')
      .where('brand_id', '=', 'popfitclothing')
      .where('vip_exclusive', '=', 1)
      .where('active', '=', 1)
      .executeTakeFirst()
    if (!exclusive) return
    const list = dataOf<WishlistEntry[]>(await shopper.post('/api/wishlist', { item_id: exclusive.id }))
    expect(list[0]!.reserved).toBe(true)
  })

  it('removes, and moves an entry to the cart in a size (leaving the wishlist only once the cart took it)', async () => {
    const shopper = await customer()
    const [a, b] = items
    await shopper.post('/api/wishlist', { item_id: a!.id })
    const list = dataOf<WishlistEntry[]>(await shopper.post('/api/wishlist', { item_id: b!.id }))
    const entryA = list.find((entry) => entry.item.id === a!.id)!
    const entryB = list.find((entry) => entry.item.id === b!.id)!

    const noSize = await shopper.post(`/api/wishlist/${entryA.id}/move-to-cart`, { size: 'NOPE' })
    expect(noSize.statusCode).toBeGreaterThanOrEqual(400)
    expect(dataOf<WishlistEntry[]>(await shopper.get('/api/wishlist'))).toHaveLength(2)

    const moved = dataOf<WishlistEntry[]>(await shopper.post(`/api/wishlist/${entryA.id}/move-to-cart`, { size: entryA.item.availableSizes[0]! }))
    expect(moved.map((entry) => entry.id)).toEqual([entryB.id])
    const cart = dataOf<Cart>(await shopper.get('/api/cart'))
    expect(cart.items.map((line) => line.item_id)).toContain(a!.id)

    expect(dataOf<WishlistEntry[]>(await shopper.post(`/api/wishlist/${entryB.id}/remove`))).toEqual([])
    const gone = await shopper.post(`/api/wishlist/${entryB.id}/remove`)
    expect(gone.statusCode).toBe(404)
    expect(errorsOf(gone)[0]).toMatch(/wishlist/)
  })
  it('moves one piece on a double tap of Move to cart, and keeps its limit when adds come at once', async () => {
    const shopper = await customer()
    const [a] = items
    const entry = dataOf<WishlistEntry[]>(await shopper.post('/api/wishlist', { item_id: a!.id }))[0]!
    await shopper.post('/api/cart/items', { item_id: items[1]!.id, size: items[1]!.availableSizes[0]!, qty: 1 })
    const taps = await Promise.all([0, 1, 2].map(() => shopper.post(`/api/wishlist/${entry.id}/move-to-cart`, { size: a!.availableSizes[0]! })))
    expect(taps.map((r) => r.statusCode).sort()).toEqual([200, 404, 404])
    expect(errorsOf(taps.find((r) => r.statusCode === 404)!)[0]).toMatch(/could not find that item on your wishlist/)
    const lines = dataOf<Cart>(await shopper.get('/api/cart')).items.filter((line) => line.item_id === a!.id)
    expect(lines.map((line) => line.qty)).toEqual([1])
    expect(dataOf<WishlistEntry[]>(await shopper.get('/api/wishlist'))).toEqual([])

    // the limit of 100 entries, with adds at once past it (the demo sells fewer items: copies of one make up the rest)
    const model = await t.store.db.selectFrom('items').selectAll().where('id', '=', a!.id).executeTakeFirstOrThrow()
    const copies = Array.from({ length: MAX_WISHLIST_ENTRIES + 4 }, (_, i) => ({ ...model, id: 900_000 + i, name: `${model.name} ${i}` }))
    await t.store.db.insertInto('items').values(copies).execute()
    const ids = copies.map((copy) => copy.id)
    const adds = await Promise.all(ids.map((id) => shopper.post('/api/wishlist', { item_id: id })))
    expect(adds.filter((r) => r.statusCode === 200)).toHaveLength(MAX_WISHLIST_ENTRIES)
    expect(adds.filter((r) => r.statusCode === 422)).toHaveLength(ids.length - MAX_WISHLIST_ENTRIES)
    expect(dataOf<WishlistEntry[]>(await shopper.get('/api/wishlist'))).toHaveLength(MAX_WISHLIST_ENTRIES)
  })
})
