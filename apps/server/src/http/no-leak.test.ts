/**
 * The response schema is what goes out: a property a service returns beyond the
 * contract (a secret, a cost, an internal path) never reaches the client.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { getStoreSettings } from '../settings/settings.service.ts'
import { startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

vi.mock('../settings/settings.service.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../settings/settings.service.ts')>()
  return {
    ...original,
    getStoreSettings: async (...args: Parameters<typeof original.getStoreSettings>) => {
      const settings = await original.getStoreSettings(...args)
      return {
        ...settings,
        stripeSecretKey: 'sk_live_LEAKED',
        headerMenu: settings.headerMenu.map((entry) => ({ ...entry, internal_note: 'LEAKED', children: entry.children.map((child) => ({ ...child, db_id: 'LEAKED' })) })),
      }
    },
  }
})

vi.mock('../catalog/catalog.service.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../catalog/catalog.service.ts')>()
  return {
    ...original,
    getCategory: async (...args: Parameters<typeof original.getCategory>) => {
      const category = await original.getCategory(...args)
      return { ...category, supplier_margin: 'LEAKED', items: category.items.map((item) => ({ ...item, cost_cents: 'LEAKED' })) }
    },
  }
})

describe('nothing extra leaks out', () => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore('sqlite')
  })
  afterAll(() => t.close())

  it('drops what a service returns beyond the contract, at every depth', async () => {
    // the service does return the extras
    expect(JSON.stringify(await getStoreSettings(t.store.db, 'popfitclothing'))).toContain('LEAKED')
    const shopper = new TestShopper(t.app)
    const settings = await shopper.get('/api/settings')
    expect(settings.statusCode).toBe(200)
    expect(settings.body).toContain('"storeName"')
    expect(settings.body).not.toContain('LEAKED')

    const category = await shopper.get('/api/categories/leggings')
    expect(category.statusCode).toBe(200)
    expect(category.body).toContain('"items"')
    expect(category.body).not.toContain('LEAKED')
  })
})
