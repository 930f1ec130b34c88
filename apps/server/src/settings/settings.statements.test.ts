import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { findCartSettings } from '../cart/cart.queries.ts'
import { BRAND_IDS } from '../db/seed/constants.ts'
import { dataOf, DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { isPipelineStatement, routeStatements, statementsOf } from '../test/statements.ts'
import { getCartBanners, getStoreSettings, invalidateSettings } from './settings.service.ts'

/** Store settings, menus, banners, sizing guide, cart banners and the cart's money rule: one statement per brand, cold. */
const SETTINGS_STATEMENTS = 1

describe.each(DIALECTS)('settings statements and cache on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())
  beforeEach(() => {
    for (const brand of BRAND_IDS) invalidateSettings(brand)
  })

  const count = async (run: () => Promise<unknown>) => (await statementsOf(t.store, run)).length

  it(`reads everything every page needs of the settings in ${SETTINGS_STATEMENTS} statement, then none while cached`, async () => {
    const read = () => Promise.all([getStoreSettings(t.store.db, 'ckb'), getCartBanners(t.store.db, 'ckb'), findCartSettings(t.store.db, 'ckb')])
    expect(await count(read)).toBeLessThanOrEqual(SETTINGS_STATEMENTS)
    expect(await count(read)).toBe(0)
  })

  it('keeps the budget through GET /api/settings for a visitor with no cookie (session statements aside)', async () => {
    const statements = await statementsOf(t.store, () => new TestShopper(t.app).get('/api/settings'))
    expect(routeStatements(statements).length).toBeLessThanOrEqual(SETTINGS_STATEMENTS)
    expect(statements.filter(isPipelineStatement).length).toBeLessThanOrEqual(1)
  })

  it('keeps each brand’s settings apart in the cache', async () => {
    const names = new Set<string>()
    for (const host of ['localhost', 'ckb.localhost', 'glow.localhost', 'localhost']) {
      names.add(dataOf<{ storeName: string }>(await new TestShopper(t.app, host).get('/api/settings')).storeName)
    }
    expect(names.size).toBe(3)
  })

  it('shows an edit at once after invalidateSettings(brand), and only for that brand', async () => {
    const before = await getStoreSettings(t.store.db, 'glow')
    await getStoreSettings(t.store.db, 'ckb')
    await t.store.db.updateTable('store_settings').set({ store_name: 'Glow Renamed' }).where('brand_id', '=', 'glow').execute()
    try {
      expect((await getStoreSettings(t.store.db, 'glow')).storeName).toBe(before.storeName)
      invalidateSettings('glow')
      expect((await getStoreSettings(t.store.db, 'glow')).storeName).toBe('Glow Renamed')
      expect((await findCartSettings(t.store.db, 'glow')).main_shopping_path).toBe(before.mainShoppingPath)
      expect(await count(() => getStoreSettings(t.store.db, 'ckb'))).toBe(0)
    } finally {
      await t.store.db.updateTable('store_settings').set({ store_name: before.storeName }).where('brand_id', '=', 'glow').execute()
      invalidateSettings('glow')
    }
  })
})
