/**
 * VIP exclusives are for members only at checkout too (members-only.ts): a line a member
 * added stays in the cart after they cancel, but checkout refuses it (409 naming it)
 * unless the shopper is a member again or joins in this checkout.
 */
import type { Cart } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, placeOrder, tokenFor, vipItemWithStock } from './checkout-test-kit.ts'
import { joinThroughCheckout, member } from '../membership/club-test-kit.ts'
import { dataOf, DIALECTS, errorsOf, startTestStore, type TestStore } from '../test/harness.ts'

describe.each(DIALECTS)('VIP exclusives at checkout (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t?.close())

  const vipItem = () => vipItemWithStock(t)

  it('a member who cancels keeps the line in the cart but cannot buy it; rejoining in checkout_club_flow buys it', async () => {
    const vip = await vipItem()
    const m = await member(t)
    expect((await m.shopper.post('/api/cart/items', { item_id: vip.id, size: vip.size, qty: 1 })).statusCode).toBe(200)
    expect((await m.shopper.postJson('/api/membership/cancel', {})).statusCode).toBe(200)
    // kept in the cart, visible (not deleted behind the shopper's back)
    const cart = dataOf<Cart>(await m.shopper.get('/api/cart'))
    expect(cart.has_club).toBe(false)
    expect(cart.items.map((line) => line.item_id)).toContain(vip.id)

    const orders = await count(t, 'orders', { column: 'customer_id', value: m.customerId })
    const refused = await placeOrder(m.shopper, await tokenFor(m.shopper), undefined, { checkout_flow: 'free_flow' })
    expect(refused.statusCode).toBe(409)
    expect(errorsOf(refused)).toEqual([`${vip.name} is for VIP members only: remove it from your cart or rejoin VIP.`])
    expect(await count(t, 'orders', { column: 'customer_id', value: m.customerId })).toBe(orders)

    // joining again in this very checkout: a member's purchase
    const joined = await joinThroughCheckout(m.shopper, undefined, undefined, m.email)
    expect(joined.statusCode, joined.body).toBe(200)
    const lines = await t.store.db.selectFrom('order_lines').select('item_id').where('order_number', '=', dataOf<{ order_number: string }>(joined).order_number).execute()
    expect(lines.map((line) => line.item_id)).toContain(vip.id)
  })

  it('a member buys a VIP exclusive as before', async () => {
    const vip = await vipItem()
    const m = await member(t)
    expect((await m.shopper.post('/api/cart/items', { item_id: vip.id, size: vip.size, qty: 1 })).statusCode).toBe(200)
    const bought = await placeOrder(m.shopper, await tokenFor(m.shopper))
    expect(bought.statusCode, bought.body).toBe(200)
  })
})
