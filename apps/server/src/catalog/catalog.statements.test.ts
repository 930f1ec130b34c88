import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BRAND_IDS, ITEM_BASE, LAST_ITEM, MANY_CUSTOMER_IMAGES_ITEM } from '../db/seed/constants.ts'
import { dataOf, DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { isPipelineStatement, routeStatements, statementsOf } from '../test/statements.ts'
import { getCategory, getCategoryGroup, getCategoryPage, getItemDetail, invalidateCatalog } from './catalog.service.ts'

/**
 * Statement budgets of the catalogue on a cold cache (docs/performance.md,
 * "Counting statements"). Raising one needs a reason in that file.
 */
const ITEM_STATEMENTS = 2
const CATEGORY_STATEMENTS = 2
const CATEGORY_GROUP_STATEMENTS = 1

const POPFIT = 'popfitclothing'
const ITEM = MANY_CUSTOMER_IMAGES_ITEM.popfitclothing.itemId

describe.each(DIALECTS)('catalogue statements and cache on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())
  beforeEach(() => {
    for (const brand of BRAND_IDS) invalidateCatalog(brand)
  })

  const count = async (run: () => Promise<unknown>) => (await statementsOf(t.store, run)).length

  it(`reads an item page in at most ${ITEM_STATEMENTS} statements, then none while cached`, async () => {
    expect(await count(() => getItemDetail(t.store.db, POPFIT, ITEM, false))).toBeLessThanOrEqual(ITEM_STATEMENTS)
    expect(await count(() => getItemDetail(t.store.db, POPFIT, ITEM, false))).toBe(0)
    // club prices are another entry
    expect(await count(() => getItemDetail(t.store.db, POPFIT, ITEM, true))).toBeLessThanOrEqual(ITEM_STATEMENTS)
  })

  it(`reads a category page in at most ${CATEGORY_STATEMENTS} statements whatever its size, then none while cached`, async () => {
    let items = 0
    expect(
      await count(async () => {
        items = (await getCategory(t.store.db, POPFIT, 'leggings', false)).items.length
      }),
    ).toBeLessThanOrEqual(CATEGORY_STATEMENTS)
    expect(items).toBeGreaterThanOrEqual(40)
    expect(await count(() => getCategory(t.store.db, POPFIT, 'leggings', false))).toBe(0)
  })

  it(`reads a page of a category in at most ${CATEGORY_STATEMENTS} statements, then none while cached, and leaves the whole category to its own entry`, async () => {
    const page = { limit: 10, after: null }
    expect(await count(() => getCategoryPage(t.store.db, POPFIT, 'leggings', false, page))).toBeLessThanOrEqual(CATEGORY_STATEMENTS)
    expect(await count(() => getCategoryPage(t.store.db, POPFIT, 'leggings', false, page))).toBe(0)
    expect(await count(() => getCategory(t.store.db, POPFIT, 'leggings', false))).toBeGreaterThan(0)
    expect((await getCategory(t.store.db, POPFIT, 'leggings', false)).items.length).toBeGreaterThan(10)
  })

  it(`reads a category group in at most ${CATEGORY_GROUP_STATEMENTS} statement`, async () => {
    expect(await count(() => getCategoryGroup(t.store.db, POPFIT, 'bottoms'))).toBeLessThanOrEqual(CATEGORY_GROUP_STATEMENTS)
    expect(await count(() => getCategoryGroup(t.store.db, POPFIT, 'bottoms'))).toBe(0)
  })

  it('keeps the budgets through the API for a visitor with no cookie (session statements aside)', async () => {
    const routes = [
      [`/api/items/${ITEM}`, ITEM_STATEMENTS],
      ['/api/categories/leggings', CATEGORY_STATEMENTS],
      ['/api/categories/leggings?limit=12', CATEGORY_STATEMENTS],
      ['/api/category-groups/bottoms', CATEGORY_GROUP_STATEMENTS],
    ] as const
    for (const [url, budget] of routes) {
      let status = 0
      const statements = await statementsOf(t.store, async () => {
        status = (await new TestShopper(t.app).get(url)).statusCode
      })
      expect(status, url).toBe(200)
      expect(routeStatements(statements).length, url).toBeLessThanOrEqual(budget)
      // a cookieless request starts a session today (one insert); lazily created sessions make that none
      expect(statements.filter(isPipelineStatement).length, url).toBeLessThanOrEqual(1)
    }
  })

  it('takes no statements for many concurrent readers of a cold entry beyond one load', async () => {
    const statements = await statementsOf(t.store, () => Promise.all(Array.from({ length: 10 }, () => getItemDetail(t.store.db, POPFIT, ITEM, false))))
    expect(statements.length).toBeLessThanOrEqual(ITEM_STATEMENTS)
  })

  it('never serves one brand’s cached item, category or group to another', async () => {
    const popfitItem = await getItemDetail(t.store.db, POPFIT, ITEM_BASE.popfitclothing + 1, false)
    expect(popfitItem.id).toBe(ITEM_BASE.popfitclothing + 1)
    await expect(getItemDetail(t.store.db, 'ckb', ITEM_BASE.popfitclothing + 1, false)).rejects.toMatchObject({ statusCode: 404 })
    await getCategory(t.store.db, POPFIT, 'leggings', false)
    await expect(getCategory(t.store.db, 'glow', 'leggings', false)).rejects.toMatchObject({ statusCode: 404 })
    await getCategoryGroup(t.store.db, POPFIT, 'bottoms')
    await expect(getCategoryGroup(t.store.db, 'ckb', 'bottoms')).rejects.toMatchObject({ statusCode: 404 })
    // and the same through the API, by host
    expect((await new TestShopper(t.app, 'ckb.localhost').get(`/api/items/${ITEM_BASE.popfitclothing + 1}`)).statusCode).toBe(404)
    const ckbItem = dataOf<{ id: number }>(await new TestShopper(t.app, 'ckb.localhost').get(`/api/items/${ITEM_BASE.ckb + 1}`))
    expect(ckbItem.id).toBe(ITEM_BASE.ckb + 1)
  })

  it('prices per club membership: a member’s cached page is not a visitor’s', async () => {
    const row = await t.store.db
      .selectFrom('items')
      .select(['id', 'price_cents', 'member_price_cents'])
      .where('brand_id', '=', POPFIT)
      .where('member_price_cents', 'is not', null)
      .where('active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const visitor = await getItemDetail(t.store.db, POPFIT, row.id, false)
    const member = await getItemDetail(t.store.db, POPFIT, row.id, true)
    expect(visitor.price).toBe(row.price_cents / 100)
    expect(member.price).toBe(row.member_price_cents! / 100)
  })

  it('serves stock up to the time to live, and fresh stock at once after invalidateCatalog(brand)', async () => {
    const { itemId, size } = LAST_ITEM.popfitclothing
    const before = await getItemDetail(t.store.db, POPFIT, itemId, false)
    expect(before.availableSizes).toContain(size)
    const ckbBefore = await getItemDetail(t.store.db, 'ckb', ITEM_BASE.ckb + 1, false)
    await t.store.db.updateTable('item_sizes').set({ stock: 0 }).where('item_id', '=', itemId).where('size', '=', size).execute()
    try {
      // still the cached page: stock on a page may be up to CATALOG_TTL_MS old
      expect((await getItemDetail(t.store.db, POPFIT, itemId, false)).availableSizes).toContain(size)
      invalidateCatalog(POPFIT)
      expect((await getItemDetail(t.store.db, POPFIT, itemId, false)).availableSizes).not.toContain(size)
      // another brand's entries stay
      expect(await count(() => getItemDetail(t.store.db, 'ckb', ITEM_BASE.ckb + 1, false))).toBe(0)
      expect(await getItemDetail(t.store.db, 'ckb', ITEM_BASE.ckb + 1, false)).toBe(ckbBefore)
    } finally {
      await t.store.db.updateTable('item_sizes').set({ stock: 1 }).where('item_id', '=', itemId).where('size', '=', size).execute()
      invalidateCatalog(POPFIT)
    }
  })

  it('does not remember a miss: an item that appears is found on the next read', async () => {
    await expect(getItemDetail(t.store.db, POPFIT, 999_999, false)).rejects.toMatchObject({ statusCode: 404 })
    expect(await count(() => getItemDetail(t.store.db, POPFIT, 999_999, false).catch(() => null))).toBeGreaterThan(0)
  })

  it('hands out frozen values, so no reader can change what the next one gets', async () => {
    const item = await getItemDetail(t.store.db, POPFIT, ITEM, false)
    expect(Object.isFrozen(item)).toBe(true)
    expect(Object.isFrozen(item.variants[0])).toBe(true)
    expect(() => {
      ;(item.availableSizes as string[]).push('XXL')
    }).toThrow(TypeError)
  })
})
