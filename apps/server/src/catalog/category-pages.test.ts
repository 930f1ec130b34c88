import type { Category } from '@store/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BRAND_IDS } from '../db/seed/constants.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { routeStatements, statementsOf } from '../test/statements.ts'
import { invalidateCatalog } from './catalog.service.ts'
import { writeCategoryCursor } from './category-cursor.ts'

/**
 * GET /categories/{name}?limit=&after= (decision 266): a category a page at a time, in the
 * category's order, read through the index of migration 051 without a sort of the category.
 */
describe.each(DIALECTS)('a category a page at a time on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())
  beforeEach(() => {
    for (const brand of BRAND_IDS) invalidateCatalog(brand)
  })

  const get = (url: string, host?: string) => new TestShopper(t.app, host).get(url)

  /** Every page of the category, following `next`, as a shopper's client would. */
  async function allPages(name: string, limit: number): Promise<Category[]> {
    const pages: Category[] = []
    let after: string | null = null
    do {
      const response = await get(`/api/categories/${name}?limit=${limit}${after === null ? '' : `&after=${after}`}`)
      expect(response.statusCode, response.body).toBe(200)
      const page = dataOf<Category>(response)
      pages.push(page)
      expect(page.next === null || typeof page.next === 'string').toBe(true)
      after = page.next ?? null
      expect(pages.length).toBeLessThan(100)
    } while (after !== null)
    return pages
  }

  it('covers the whole category once, in its order, with the category on each page and null after the last', async () => {
    const whole = dataOf<Category>(await get('/api/categories/leggings'))
    expect(whole.items.length).toBeGreaterThan(14)
    const pages = await allPages('leggings', 7)
    expect(pages.length).toBe(Math.ceil(whole.items.length / 7))
    const ids = pages.flatMap((page) => page.items.map((item) => item.id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(whole.items.map((item) => item.id))
    for (const page of pages) {
      expect(page.name).toBe('leggings')
      expect(page.title).toBe(whole.title)
      expect(page.items.length).toBeLessThanOrEqual(7)
    }
    expect(pages.at(-1)!.next).toBeNull()
    expect(pages.slice(0, -1).every((page) => typeof page.next === 'string' && page.items.length === 7)).toBe(true)
    // the cards of a page are the whole category's cards
    expect(pages[1]!.items[0]).toEqual(whole.items[7])
  })

  it('answers the whole category without limit and after, with no next, as before', async () => {
    const response = await get('/api/categories/leggings')
    const whole = dataOf<Category>(response)
    expect('next' in whole).toBe(false)
    // items in the category's order: position, then id
    const rows = await t.store.db
      .selectFrom('item_categories')
      .innerJoin('categories', 'categories.id', 'item_categories.category_id')
      .innerJoin('items', 'items.id', 'item_categories.item_id')
      .select('items.id')
      .where('categories.brand_id', '=', 'popfitclothing')
      .where('categories.name', '=', 'leggings')
      .where('items.active', '=', 1)
      .orderBy('item_categories.position')
      .orderBy('items.id')
      .execute()
    expect(whole.items.map((item) => item.id)).toEqual(rows.map((row) => row.id))
  })

  it('takes a page after the card a cursor names, and an empty last page after the last card', async () => {
    const whole = dataOf<Category>(await get('/api/categories/leggings'))
    const first = dataOf<Category>(await get('/api/categories/leggings?limit=3'))
    expect(first.items.map((item) => item.id)).toEqual(whole.items.slice(0, 3).map((item) => item.id))
    // `after` alone: a page of 48
    const afterAlone = dataOf<Category>(await get(`/api/categories/leggings?after=${first.next}`))
    expect(afterAlone.items.map((item) => item.id)).toEqual(whole.items.slice(3, 51).map((item) => item.id))
    const last = whole.items.at(-1)!
    const { position } = await t.store.db
      .selectFrom('item_categories')
      .innerJoin('categories', 'categories.id', 'item_categories.category_id')
      .select('item_categories.position')
      .where('categories.brand_id', '=', 'popfitclothing')
      .where('categories.name', '=', 'leggings')
      .where('item_categories.item_id', '=', last.id)
      .executeTakeFirstOrThrow()
    const beyond = dataOf<Category>(await get(`/api/categories/leggings?limit=5&after=${writeCategoryCursor({ position, itemId: last.id })}`))
    expect(beyond.items).toEqual([])
    expect(beyond.next).toBeNull()
  })

  it.each([
    ['limit=0', 'limit', /at least 1/],
    ['limit=201', 'limit', /at most 200/],
    ['limit=ten', 'limit', /must be a number/],
    ['limit=2.5', 'limit', /whole number/],
    ['limit=5&after=not-ours', 'after', /not one we gave out/],
    [`limit=5&after=${Buffer.from('c1:1:x').toString('base64url')}`, 'after', /not one we gave out/],
    [`after=${Buffer.from('c2:1:1').toString('base64url')}`, 'after', /not one we gave out/],
    [`after=${'A'.repeat(400)}`, 'after', /not one we gave out/],
  ])('refuses %s with a 422 saying what is wrong', async (query, field, message) => {
    const response = await get(`/api/categories/leggings?${query}`)
    expect(response.statusCode).toBe(422)
    const body = response.json() as { errors: { message: string; field?: string }[] }
    expect(body.errors[0]!.message).toMatch(message)
    expect(body.errors[0]!.field).toBe(field)
  })

  it('is documented in /api/openapi.json: limit and after, and next in the answer', async () => {
    const document = (await get('/api/openapi.json')).json() as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> }
    }
    const parameters = document.paths['/api/categories/{name}']?.get?.parameters ?? []
    expect(parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['limit', 'after']))
    expect(Object.keys(document.components.schemas.Category?.properties ?? {})).toContain('next')
  })

  it('answers a bad category name with the 400 of every route, paged or not', async () => {
    for (const url of ['/api/categories/bad!name', '/api/categories/bad!name?limit=5']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(400)
      expect((response.json() as { errors: { message: string }[] }).errors[0]!.message).toMatch(/Category name may use/)
    }
  })

  it("answers 404 for another brand's category, paged as whole", async () => {
    expect((await get('/api/categories/underwear?limit=5')).statusCode).toBe(404)
    const ckb = dataOf<Category>(await get('/api/categories/underwear?limit=5', 'ckb.localhost'))
    expect(ckb.items.length).toBeGreaterThan(0)
    expect(ckb.items.every((item) => item.id >= 2000 && item.id < 3000)).toBe(true)
    // a popfit cursor on ckb's category starts a page there and shows nothing of popfit
    const popfit = dataOf<Category>(await get('/api/categories/leggings?limit=2'))
    const crossed = dataOf<Category>(await get(`/api/categories/underwear?limit=5&after=${popfit.next}`, 'ckb.localhost'))
    expect(crossed.items.every((item) => item.id >= 2000 && item.id < 3000)).toBe(true)
  })

  it('shows no item taken off sale, on any page', async () => {
    const whole = dataOf<Category>(await get('/api/categories/leggings'))
    const hidden = whole.items[4]!.id
    await t.store.db.updateTable('items').set({ active: 0 }).where('id', '=', hidden).execute()
    try {
      invalidateCatalog('popfitclothing')
      const ids = (await allPages('leggings', 4)).flatMap((page) => page.items.map((item) => item.id))
      expect(ids).not.toContain(hidden)
      expect(ids).toEqual(whole.items.map((item) => item.id).filter((id) => id !== hidden))
    } finally {
      await t.store.db.updateTable('items').set({ active: 1 }).where('id', '=', hidden).execute()
      invalidateCatalog('popfitclothing')
    }
  })

  it('caches pages apart: a page never stands for the whole category, and the catalogue invalidation drops pages too', async () => {
    const page = await get('/api/categories/leggings?limit=5')
    const whole = dataOf<Category>(await get('/api/categories/leggings'))
    expect(whole.items.length).toBeGreaterThan(5)
    expect('next' in whole).toBe(false)
    // the page again: from its cache, no statement of the route
    let again = page
    const statements = await statementsOf(t.store, async () => {
      again = await get('/api/categories/leggings?limit=5')
    })
    expect(again.body).toBe(page.body)
    expect(routeStatements(statements)).toEqual([])
    const item = dataOf<Category>(page).items[0]!
    const { price_cents } = await t.store.db.selectFrom('items').select('price_cents').where('id', '=', item.id).executeTakeFirstOrThrow()
    await t.store.db
      .updateTable('items')
      .set({ price_cents: price_cents + 100 })
      .where('id', '=', item.id)
      .execute()
    try {
      invalidateCatalog('popfitclothing')
      const fresh = dataOf<Category>(await get('/api/categories/leggings?limit=5'))
      expect(fresh.items[0]!.price).toBe((price_cents + 100) / 100)
    } finally {
      await t.store.db.updateTable('items').set({ price_cents }).where('id', '=', item.id).execute()
      invalidateCatalog('popfitclothing')
    }
  })
})
