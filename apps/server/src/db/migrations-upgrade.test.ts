import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, startTestStore, type TestStore } from '../test/harness.ts'
import * as m016 from './migrations/016-order-club-fee.ts'
import * as m017 from './migrations/017-first-order-codes.ts'

/**
 * Migrations that fill a new column from what a store already holds, run on a store with orders in
 * it (as an operator's upgrade runs them), not only on an empty database: each is taken down and up
 * again over the rows the store wrote.
 */
describe.each(DIALECTS)('upgrading a store with orders on %s', (dialect) => {
  let t: TestStore
  let joined: string
  let plain: string

  beforeAll(async () => {
    t = await startTestStore(dialect)
    const item = await itemWithStock(t, 5)
    const member = await shopperWithCart(t, item.itemId, item.size)
    expect((await member.post('/api/register', { name: 'Una Upgrade', email: `upgrade-${randomUUID()}@example.com`, password: 'leggings-forever' })).statusCode).toBe(200)
    joined = dataOf<{ order_number: string }>(await placeOrder(member, await tokenFor(member), randomUUID(), { checkout_flow: 'checkout_club_flow' })).order_number
    const visitor = await shopperWithCart(t, item.itemId, item.size)
    plain = dataOf<{ order_number: string }>(await placeOrder(visitor, await tokenFor(visitor))).order_number
  })
  afterAll(() => t.close())

  const feeOf = async (orderNumber: string) =>
    (await t.store.db.selectFrom('orders').select('club_fee_cents').where('order_number', '=', orderNumber).executeTakeFirstOrThrow()).club_fee_cents

  it("016 gives an order that joined the club its first month's fee back from its subtotal less its lines, and others 0", async () => {
    expect(await feeOf(joined)).toBe(2499)
    await m017.down(t.store.db)
    await m016.down(t.store.db)
    await m016.up(t.store.db)
    await m017.up(t.store.db)
    expect(await feeOf(joined)).toBe(2499)
    expect(await feeOf(plain)).toBe(0)
  })

  it('017 marks the store’s first-order codes, and only those', async () => {
    await m017.down(t.store.db)
    await m017.up(t.store.db)
    const marked = await t.store.db.selectFrom('discount_codes').select('code').distinct().where('first_order_only', '=', 1).orderBy('code').execute()
    expect(marked.map((row) => row.code)).toEqual(['10FIRST', 'FIRST15'])
  })
})
