import type { Category } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MANY_CUSTOMER_IMAGES_ITEM } from '../db/seed/constants.ts'
import { invalidateCatalog } from './catalog.service.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

type CategoryData = Category

describe.each(DIALECTS)('catalog API on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('lists a category with at least 40 items, each with sizes, price and a front image', async () => {
    const category = dataOf<CategoryData>(await new TestShopper(t.app).get('/api/categories/leggings'))
    expect(category.items.length).toBeGreaterThanOrEqual(40)
    for (const item of category.items) {
      expect(item.link).toBe(`/item/${item.id}`)
      expect(item.sizes.length).toBeGreaterThan(0)
      expect(item.price).toBeGreaterThan(0)
      expect(item.images.image1?.url).toBeTruthy()
    }
  })

  it('reads a category page in a fixed number of queries, not one per item', async () => {
    const shopper = new TestShopper(t.app)
    await shopper.get('/api/settings') // session made
    const before = t.store.queryCount()
    await shopper.get('/api/categories/leggings')
    const queries = t.store.queryCount() - before
    expect(queries).toBeLessThanOrEqual(5)
  })

  it('answers from the written text of a cached value, and shows a change once the catalogue is invalidated', async () => {
    const shopper = new TestShopper(t.app)
    const first = await shopper.get('/api/categories/leggings')
    const again = await shopper.get('/api/categories/leggings')
    expect(again.body).toBe(first.body)
    const item = dataOf<CategoryData>(first).items[0]!
    const { price_cents } = await t.store.db.selectFrom('items').select('price_cents').where('id', '=', item.id).executeTakeFirstOrThrow()
    await t.store.db
      .updateTable('items')
      .set({ price_cents: price_cents + 100 })
      .where('id', '=', item.id)
      .execute()
    try {
      invalidateCatalog('popfitclothing')
      const category = dataOf<CategoryData>(await shopper.get('/api/categories/leggings'))
      expect(category.items.find((card) => card.id === item.id)?.price).toBe((price_cents + 100) / 100)
      const detail = dataOf<{ price: number }>(await shopper.get(`/api/items/${item.id}`))
      expect(detail.price).toBe((price_cents + 100) / 100)
    } finally {
      await t.store.db.updateTable('items').set({ price_cents }).where('id', '=', item.id).execute()
      invalidateCatalog('popfitclothing')
    }
  })

  it('keeps brands apart: a ckb category is not found on popfit', async () => {
    const response = await new TestShopper(t.app).get('/api/categories/underwear')
    expect(response.statusCode).toBe(404)
    const ckb = dataOf<CategoryData>(await new TestShopper(t.app, 'ckb.localhost').get('/api/categories/underwear'))
    expect(ckb.items.every((item) => item.id >= 2000 && item.id < 3000)).toBe(true)
  })

  it('gives an item with variants, bullet sections, matching items and at most 42 customer images', async () => {
    const { itemId } = MANY_CUSTOMER_IMAGES_ITEM.popfitclothing
    const item = dataOf<{
      id: number
      variants: { id: number; color: string; swatch: string }[]
      bulletSections: { header: string; bullets: unknown[] }[]
      matchingItems: { id: number }[]
      customerImages: unknown[]
      orderedImageKeys: string[]
    }>(await new TestShopper(t.app).get(`/api/items/${itemId}`))
    expect(item.id).toBe(itemId)
    expect(item.variants.length).toBeGreaterThanOrEqual(2)
    expect(item.variants.map((variant) => variant.id)).toContain(itemId)
    expect(item.bulletSections.length).toBeGreaterThan(0)
    expect(item.matchingItems.length).toBeGreaterThan(0)
    expect(item.customerImages).toHaveLength(42)
    expect(item.orderedImageKeys[0]).toBe('image1')
  })

  it('refuses a non-numeric item id with a readable 400', async () => {
    const response = await new TestShopper(t.app).get('/api/items/abc')
    expect(response.statusCode).toBe(400)
    expect(errorsOf(response)[0]).toMatch(/Item id must be a number/)
    // written in decimal digits only: hexadecimal, exponents and signs are not another item's id
    for (const id of ['0x10', '1e3', '+1001', '0b11']) {
      const odd = await new TestShopper(t.app).get(`/api/items/${id}`)
      expect(odd.statusCode, id).toBe(400)
      expect(errorsOf(odd)[0]).toMatch(/Item id must be a number/)
    }
    expect((await new TestShopper(t.app).get('/api/items/01001')).statusCode).toBe(200)
  })

  it('answers an unknown item with 404', async () => {
    const response = await new TestShopper(t.app).get('/api/items/999999')
    expect(response.statusCode).toBe(404)
    expect(errorsOf(response)[0]).toMatch(/couldn't find item 999999/)
  })

  it('does not show another brand’s item', async () => {
    const response = await new TestShopper(t.app, 'glow.localhost').get('/api/items/1001')
    expect(response.statusCode).toBe(404)
  })

  it('lists a category group with its categories', async () => {
    const shopper = new TestShopper(t.app)
    const settings = dataOf<{ headerMenu: { link: string; children: { link: string }[] }[] }>(await shopper.get('/api/settings'))
    const groupLink = settings.headerMenu.flatMap((entry) => [entry.link, ...entry.children.map((child) => child.link)]).find((link) => link.startsWith('/category-group/'))
    expect(groupLink).toBeTruthy()
    const group = dataOf<{ categories: { name: string; item_count: number }[] }>(await shopper.get(`/api/category-groups/${groupLink!.split('/').pop()}`))
    expect(group.categories.length).toBeGreaterThanOrEqual(2)
    expect(group.categories.every((category) => category.item_count > 0)).toBe(true)
  })

  it('lists reviews of an item', async () => {
    const reviews = dataOf<{ rating: number; first_name: string }[]>(await new TestShopper(t.app).get('/api/reviews'))
    expect(reviews.length).toBeGreaterThan(0)
    expect(reviews.every((review) => review.rating >= 1 && review.rating <= 5)).toBe(true)
  })

  it('refuses a reviews page out of range with the rule it breaks, not "must be a number"', async () => {
    const cases: [string, string][] = [
      ['page=99999', 'Page goes up to 1000'],
      ['page=1.5', 'Page must be a whole number'],
      ['page=0', 'Page starts at 1'],
      ['page=abc', 'Page must be a number'],
      ['per_page=100000', 'per_page is at most 100'],
      ['per_page=0', 'per_page is at least 1'],
    ]
    for (const [query, message] of cases) {
      const response = await new TestShopper(t.app).get(`/api/reviews?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(errorsOf(response), query).toEqual([message])
    }
  })
})
