import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { DECLINES_PER_VISITOR } from './card-testing.ts'
import { CARDS, count, itemWithStock, placeOrder, shopperWithCart, tokenFor } from './checkout-test-kit.ts'

describe.each(DIALECTS)('card testing on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it(`stops a visitor after ${DECLINES_PER_VISITOR} declined cards in the hour, with no charge tried, and says when to come back`, async () => {
    const { itemId, size } = await itemWithStock(t, 10)
    const shopper = await shopperWithCart(t, itemId, size)
    for (let i = 0; i < DECLINES_PER_VISITOR; i++) {
      const declined = await placeOrder(shopper, await tokenFor(shopper, CARDS.declined), randomUUID())
      expect(declined.statusCode).toBe(402)
    }
    const charges = await count(t, 'test_gateway_charges')
    const stopped = await placeOrder(shopper, await tokenFor(shopper, CARDS.success), randomUUID())
    expect(stopped.statusCode).toBe(429)
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0)
    expect(stopped.json().errors[0].message).toMatch(/declined/)
    expect(await count(t, 'test_gateway_charges')).toBe(charges)

    // another shopper from another network still pays
    const other = await shopperWithCart(t, itemId, size)
    expect((await placeOrder(other, await tokenFor(other, CARDS.success), randomUUID())).statusCode).toBe(200)
  })
})
