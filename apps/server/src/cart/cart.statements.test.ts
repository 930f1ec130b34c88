import type { Cart, ItemSummary } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { statementsOf } from '../test/statements.ts'

/** GET /api/cart of a shopper with lines: the session with the cart and its lines, one statement (settings and suggestions are cached). */
const CART_STATEMENTS = 1

describe.each(DIALECTS)('cart statements on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it(`reads a cart of two lines in ${CART_STATEMENTS} statements, one more with a discount code`, async () => {
    const shopper = new TestShopper(t.app)
    const items = dataOf<{ items: ItemSummary[] }>(await shopper.get('/api/categories/leggings')).items.filter((item) => item.availableSizes.length > 0)
    for (const item of items.slice(0, 2)) await shopper.post('/api/cart/items', { item_id: item.id, size: item.availableSizes[0]!, qty: 1 })
    await shopper.get('/api/cart') // caches warm
    const statements = await statementsOf(t.store, async () => {
      const cart = dataOf<Cart>(await shopper.get('/api/cart'))
      expect(cart.items).toHaveLength(2)
    })
    expect(statements.length).toBeLessThanOrEqual(CART_STATEMENTS)
    await shopper.post('/api/discount-code', { code: 'First15' })
    const withCode = await statementsOf(t.store, () => shopper.get('/api/cart'))
    expect(withCode.length).toBeLessThanOrEqual(CART_STATEMENTS + 1)
  })
})
