import { randomUUID } from 'node:crypto'
import type { Cart, CheckoutResult, OneTimeOffer } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { CARDS, itemWithStock, placeOrder, shopperWithCart, tokenFor } from './checkout-test-kit.ts'

/** The cart's `session_orders` and `purchased` (docs/checkout.md "The session's orders"). */
describe.each(DIALECTS)("the session's orders in the cart, on %s", (dialect) => {
  let t: TestStore
  let n = 0
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const cartOf = async (shopper: TestShopper) => dataOf<Cart>(await shopper.get('/api/cart'))

  async function orderFrom(shopper: TestShopper, key = randomUUID(), token?: string): Promise<string> {
    const response = await placeOrder(shopper, token ?? (await tokenFor(shopper)), key)
    expect(response.statusCode).toBe(200)
    return dataOf<CheckoutResult>(response).order_number
  }

  it("lists a visitor's paid orders on their own cart only, and says they purchased", async () => {
    const item = await itemWithStock(t, 5)
    const visitor = await shopperWithCart(t, item.itemId, item.size)
    expect(await cartOf(visitor)).toMatchObject({ session_orders: [], purchased: false })

    const key = randomUUID()
    const token = await tokenFor(visitor)
    const first = await orderFrom(visitor, key, token)
    expect(await cartOf(visitor)).toMatchObject({ session_orders: [first], purchased: true })
    // the same checkout sent again (a double tap) is the same order, listed once
    expect(await orderFrom(visitor, key, token)).toBe(first)
    await visitor.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
    const second = await orderFrom(visitor)
    expect((await cartOf(visitor)).session_orders).toEqual([first, second])

    // someone else, with or without a cart, sees none of them
    const stranger = await shopperWithCart(t, item.itemId, item.size)
    expect(await cartOf(stranger)).toMatchObject({ session_orders: [], purchased: false })
    expect(await cartOf(new TestShopper(t.app))).toMatchObject({ session_orders: [], purchased: false })
  })

  it("says a one-time offer takes one click while the session's last order is paid and its card can be charged again", async () => {
    const item = await itemWithStock(t, 5)
    const visitor = await shopperWithCart(t, item.itemId, item.size)
    expect((await cartOf(visitor)).one_click_available).toBe(false)
    const number = await orderFrom(visitor)
    expect((await cartOf(visitor)).one_click_available).toBe(true)
    // the offer page's one click goes through
    const offer = dataOf<OneTimeOffer>(await visitor.get('/api/one-time-offers/pf-oto-2'))
    const pick = offer.choices.find((choice) => choice.sizes.length > 0)!
    const accepted = await visitor.request({
      method: 'POST',
      url: '/api/one-time-offers/pf-oto-2/accept',
      payload: JSON.stringify({ order_number: number, item_id: pick.item_id, size: pick.sizes[0] }),
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    })
    expect(accepted.statusCode).toBe(200)
    // once the order is on its way nothing more is added to it
    await t.store.db.updateTable('orders').set({ status: 'shipped' }).where('order_number', '=', number).execute()
    expect((await cartOf(visitor)).one_click_available).toBe(false)
    // nor for anyone else
    expect((await cartOf(await shopperWithCart(t, item.itemId, item.size))).one_click_available).toBe(false)
  })

  it('lists no declined card and no order waiting for the bank', async () => {
    const item = await itemWithStock(t, 5)
    const visitor = await shopperWithCart(t, item.itemId, item.size)
    expect((await placeOrder(visitor, await tokenFor(visitor, CARDS.declined))).statusCode).toBe(402)
    const waiting = dataOf<CheckoutResult>(await placeOrder(visitor, await tokenFor(visitor, CARDS.authenticate)))
    expect(waiting.status).toBe('requires_action')
    expect(await cartOf(visitor)).toMatchObject({ session_orders: [], purchased: false, one_click_available: false })
  })

  it("keeps the session's orders through a registration, and a customer who bought before has purchased in a new session", async () => {
    const item = await itemWithStock(t, 5)
    const email = `orders-${n++}-${dialect}@example.com`
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    expect((await shopper.post('/api/register', { name: 'Pat Shopper', email, password: 'leggings-forever' })).statusCode).toBe(200)
    expect((await cartOf(shopper)).purchased).toBe(false)
    const number = await orderFrom(shopper)
    expect(await cartOf(shopper)).toMatchObject({ session_orders: [number], purchased: true })

    // the same customer on another device: not this session's order, but they have bought
    const elsewhere = new TestShopper(t.app)
    expect((await elsewhere.post('/api/login', { email, password: 'leggings-forever' })).statusCode).toBe(200)
    expect(await cartOf(elsewhere)).toMatchObject({ session_orders: [], purchased: true })

    // a visitor who orders and then logs in keeps the order on the session
    const guest = await shopperWithCart(t, item.itemId, item.size)
    const guestOrder = await orderFrom(guest)
    expect((await guest.post('/api/login', { email, password: 'leggings-forever' })).statusCode).toBe(200)
    expect(await cartOf(guest)).toMatchObject({ session_orders: [guestOrder], purchased: true })
    // logging out ends the session, and its list with it
    await guest.post('/api/logout')
    expect(await cartOf(guest)).toMatchObject({ session_orders: [], purchased: false })
  })

  it("does not count another brand's orders", async () => {
    const item = await itemWithStock(t, 5)
    const email = `brands-${n++}-${dialect}@example.com`
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    expect((await shopper.post('/api/register', { name: 'Pat Shopper', email, password: 'leggings-forever' })).statusCode).toBe(200)
    await orderFrom(shopper)
    const ckb = new TestShopper(t.app, 'ckb.localhost')
    expect((await ckb.post('/api/register', { name: 'Pat Shopper', email, password: 'leggings-forever' })).statusCode).toBe(200)
    expect(await cartOf(ckb)).toMatchObject({ session_orders: [], purchased: false })
  })
})
