import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'

type AdminItem = {
  id: number
  name: string
  price: number
  member_price: number | null
  compare_at_price: number | null
  published: boolean
  category: string | null
  sizes: { size: string; stock: number }[]
}
type ItemsPage = { items: AdminItem[]; next_cursor: string | null }
type StoreItem = { price: number; name: string; variants: { id: number; availableSizes: string[] }[] }

describe.each(DIALECTS)('the operator catalogue on %s', (dialect) => {
  let t: TestStore
  let manager: TestShopper
  let fulfilment: TestShopper
  beforeAll(async () => {
    t = await startTestStore(dialect)
    manager = await staffBrowser(t.app, (await addStaff(t.store, 'manager')).email)
    fulfilment = await staffBrowser(t.app, (await addStaff(t.store, 'fulfilment')).email)
  })
  afterAll(() => t.close())

  it("pages through the brand's items by cursor, none twice, none of another brand", async () => {
    const all = await t.store.db.selectFrom('items').select('id').where('brand_id', '=', 'popfitclothing').execute()
    const seen: number[] = []
    let cursor: string | null = null
    do {
      const page: ItemsPage = dataOf<ItemsPage>(await manager.get(`/api/admin/items?limit=40${cursor ? `&cursor=${cursor}` : ''}`))
      expect(page.items.length).toBeLessThanOrEqual(40)
      seen.push(...page.items.map((item) => item.id))
      cursor = page.next_cursor
    } while (cursor)
    expect(seen).toHaveLength(all.length)
    expect(new Set(seen).size).toBe(all.length)
    expect((await manager.get('/api/admin/items?cursor=abc')).statusCode).toBe(400)
  })

  it('answers a page of 50 items in a fixed number of statements, however many items it holds', async () => {
    const statements: string[] = []
    const stop = t.store.watchQueries((text) => statements.push(text))
    try {
      const page = dataOf<ItemsPage>(await manager.get('/api/admin/items?limit=50'))
      expect(page.items.length).toBe(50)
    } finally {
      stop()
    }
    // the staff session, the items, their sizes, categories and front images
    expect(statements.length).toBeLessThanOrEqual(5)
  })

  it('finds items by name, colour or id; a % in the search is a plain character', async () => {
    const first = dataOf<ItemsPage>(await manager.get('/api/admin/items?limit=1')).items[0]!
    const byName = dataOf<ItemsPage>(await manager.get(`/api/admin/items?query=${encodeURIComponent(first.name.slice(0, 6).toUpperCase())}`)).items
    expect(byName.map((item) => item.id)).toContain(first.id)
    expect(dataOf<ItemsPage>(await manager.get(`/api/admin/items?query=${first.id}`)).items.map((item) => item.id)).toContain(first.id)
    expect(dataOf<ItemsPage>(await manager.get('/api/admin/items?query=%25')).items).toEqual([])
  })

  it('changes a price and the storefront shows it at once (the cached item page is cleared)', async () => {
    const shopper = new TestShopper(t.app)
    const row = await t.store.db
      .selectFrom('items')
      .select(['id', 'price_cents', 'member_price_cents', 'original_price_cents'])
      .where('brand_id', '=', 'popfitclothing')
      .where('active', '=', 1)
      .where('original_price_cents', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const before = dataOf<StoreItem>(await shopper.get(`/api/items/${row.id}`))
    const newPrice = row.price_cents / 100 + 5
    const changed = dataOf<{ item: AdminItem }>(
      await manager.request({ method: 'PATCH', url: `/api/admin/items/${row.id}`, payload: { price: newPrice, name: 'Renamed Legging' } }),
    )
    expect(changed.item).toMatchObject({ id: row.id, price: newPrice, name: 'Renamed Legging' })
    const after = dataOf<StoreItem>(await shopper.get(`/api/items/${row.id}`))
    expect(after.price).not.toBe(before.price)
    expect(after.price).toBe(newPrice)
    expect(after.name).toBe('Renamed Legging')
  })

  it('refuses prices that make no sense, with the field named', async () => {
    const row = await t.store.db.selectFrom('items').select(['id']).where('brand_id', '=', 'popfitclothing').orderBy('id').executeTakeFirstOrThrow()
    const negative = await manager.request({ method: 'PATCH', url: `/api/admin/items/${row.id}`, payload: { price: -1 } })
    expect(negative.statusCode).toBe(400)
    const fraction = await manager.request({ method: 'PATCH', url: `/api/admin/items/${row.id}`, payload: { price: 10.005 } })
    expect(fraction.statusCode).toBe(400)
    const member = await manager.request({ method: 'PATCH', url: `/api/admin/items/${row.id}`, payload: { price: 20, member_price: 25 } })
    expect(member.statusCode).toBe(422)
    expect((member.json() as { errors: { field: string }[] }).errors[0]!.field).toBe('member_price')
    expect((await manager.request({ method: 'PATCH', url: '/api/admin/items/999999999', payload: { name: 'X' } })).statusCode).toBe(404)
  })

  it('adds an item as a draft with its sizes in the store order, and publishes it', async () => {
    const created = dataOf<{ item: AdminItem }>(
      await manager.postJson('/api/admin/items', { name: 'Harbour Legging', category: 'leggings', price: 54, member_price: 44, color: 'Navy', sizes: 'XL,S,M' }),
    )
    expect(created.item).toMatchObject({ name: 'Harbour Legging', price: 54, member_price: 44, category: 'leggings', published: false })
    expect(created.item.sizes.map((s) => s.size)).toEqual(['S', 'M', 'XL'])
    expect((await new TestShopper(t.app).get(`/api/items/${created.item.id}`)).statusCode).toBe(404)
    const published = dataOf<{ item: AdminItem }>(await manager.request({ method: 'PATCH', url: `/api/admin/items/${created.item.id}`, payload: { published: true } }))
    expect(published.item.published).toBe(true)
    const unknown = await manager.postJson('/api/admin/items', { name: 'X', category: 'no-such', price: 5, color: 'Red', sizes: 'S' })
    expect(unknown.statusCode).toBe(422)
    expect(errorsOf(unknown)[0]).toMatch(/no category/)
  })

  it('adds two items at the same moment, each with an id of its own', async () => {
    const add = (name: string) => manager.postJson('/api/admin/items', { name, category: 'leggings', price: 30, color: 'Black', sizes: 'S,M' })
    const answers = await Promise.all([add('Twin One'), add('Twin Two'), add('Twin Three')])
    const ids = answers.map((answer) => dataOf<{ item: AdminItem }>(answer).item.id)
    expect(new Set(ids).size).toBe(3)
  })

  it('sets the stock of a size with a reason, kept on the item and offered at once by the storefront', async () => {
    const row = await t.store.db
      .selectFrom('item_sizes')
      .innerJoin('items', 'items.id', 'item_sizes.item_id')
      .select(['item_sizes.item_id', 'item_sizes.size'])
      .where('items.brand_id', '=', 'popfitclothing')
      .where('items.active', '=', 1)
      .where('item_sizes.stock', '>', 0)
      .orderBy('item_sizes.item_id')
      .executeTakeFirstOrThrow()
    const shopper = new TestShopper(t.app)
    const offered = (item: StoreItem) => item.variants.find((v) => v.id === row.item_id)!.availableSizes
    expect(offered(dataOf<StoreItem>(await shopper.get(`/api/items/${row.item_id}`)))).toContain(row.size)
    // fulfilment may count stock
    const stock = dataOf<{ stock: { quantity: number } }>(
      await fulfilment.postJson('/api/admin/stock', { item_id: row.item_id, size: row.size, quantity: 0, reason: 'Damaged in the warehouse' }),
    )
    expect(stock.stock.quantity).toBe(0)
    expect(offered(dataOf<StoreItem>(await shopper.get(`/api/items/${row.item_id}`)))).not.toContain(row.size)
    const page = dataOf<{ item: { adjustments: { size: string; to: number; reason: string; by: string | null }[] } }>(await manager.get(`/api/admin/items/${row.item_id}`))
    expect(page.item.adjustments[0]).toMatchObject({ size: row.size, to: 0, reason: 'Damaged in the warehouse' })
    expect((await fulfilment.postJson('/api/admin/stock', { item_id: row.item_id, size: row.size, quantity: 3 })).statusCode).toBe(400)
    expect((await fulfilment.postJson('/api/admin/stock', { item_id: row.item_id, size: 'XXXXL', quantity: 3, reason: 'count' })).statusCode).toBe(404)
  })

  it('gives fulfilment no catalogue edits and keeps each brand to its own items', async () => {
    const row = await t.store.db.selectFrom('items').select(['id']).where('brand_id', '=', 'popfitclothing').orderBy('id').executeTakeFirstOrThrow()
    expect((await fulfilment.request({ method: 'PATCH', url: `/api/admin/items/${row.id}`, payload: { price: 1 } })).statusCode).toBe(403)
    expect((await fulfilment.postJson('/api/admin/items', { name: 'X', category: 'leggings', price: 5, color: 'Red', sizes: 'S' })).statusCode).toBe(403)
    const ckbItem = await t.store.db.selectFrom('items').select(['id']).where('brand_id', '=', 'ckb').orderBy('id').executeTakeFirstOrThrow()
    expect((await manager.request({ method: 'PATCH', url: `/api/admin/items/${ckbItem.id}`, payload: { name: 'Stolen' } })).statusCode).toBe(404)
  })
})
