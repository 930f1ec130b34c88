import type { CheckoutResult, Order } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

describe.each(DIALECTS)('orders API on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('shows an order to the session that placed it, and to its customer after login; 404 to anyone else', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const registered = await shopper.post('/api/register', { name: 'Grace Hopper', email: 'grace@example.com', password: 'a-long-password-1' })
    expect(registered.statusCode).toBe(200)
    const { order_number } = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper)))

    const order = dataOf<Order>(await shopper.get(`/api/orders/${order_number}`))
    expect(order).toMatchObject({ order_number, status: 'paid', shippingCity: 'Austin', shippingState: 'TX' })
    expect(order.items).toHaveLength(1)
    expect(order.items[0]).toMatchObject({ id: item.itemId, size: item.size, qty: 1, price: item.priceCents / 100 })
    expect(order.payments[0]).toMatchObject({ card_brand: 'visa', last4: '4242' })
    // the customer's card is kept for later as the gateway's reference, brand, last four and expiry
    const methods = await t.store.db.selectFrom('payment_methods').selectAll().execute()
    expect(methods).toHaveLength(1)
    expect(methods[0]).toMatchObject({ gateway: 'test', card_brand: 'visa', last4: '4242', exp_month: 12 })
    expect(methods[0]!.gateway_token).toMatch(/^tok_test_/)

    // another visitor, and a visitor of another brand: not found, as for a number that does not exist
    const stranger = new TestShopper(t.app)
    const hidden = await stranger.get(`/api/orders/${order_number}`)
    expect(hidden.statusCode).toBe(404)
    expect(hidden.body).toBe((await stranger.get('/api/orders/0000000000')).body.replace('0000000000', order_number))
    expect((await new TestShopper(t.app, 'ckb.localhost').get(`/api/orders/${order_number}`)).statusCode).toBe(404)

    // the owner, logged in from another browser
    const elsewhere = new TestShopper(t.app)
    expect((await elsewhere.post('/api/login', { email: 'grace@example.com', password: 'a-long-password-1' })).statusCode).toBe(200)
    expect(dataOf<Order>(await elsewhere.get(`/api/orders/${order_number}`)).order_number).toBe(order_number)
    expect(dataOf<Order[]>(await elsewhere.get('/api/orders')).map((o) => o.order_number)).toEqual([order_number])
    expect((await stranger.get('/api/orders')).statusCode).toBe(401)
  })
})

describe.each(DIALECTS)('an order’s lines on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('come by name, colour, then size in store order, whatever order the database keeps them in', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const { order_number } = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper)))
    // two more sizes and a second colour of one legging, written in an order no shopper would read them in
    const line = { order_number, item_id: item.itemId, name: 'Zz Pocket Legging', qty: 1, price_cents: 1000, total_cents: 1000, image1: null, offer_id: null }
    await t.store.db
      .insertInto('order_lines')
      .values([
        { ...line, id: 'a-xl', color: 'Black', size: 'XL' },
        { ...line, id: 'b-m', color: 'Navy', size: 'M' },
        { ...line, id: 'c-s', color: 'Black', size: 'S' },
        { ...line, id: 'd-m', color: 'Black', size: 'M' },
      ])
      .execute()

    const order = dataOf<Order>(await shopper.get(`/api/orders/${order_number}`))
    expect(order.items[0]).toMatchObject({ id: item.itemId, size: item.size })
    expect(order.items.slice(1).map((i) => `${i.name} ${i.color} ${i.size}`)).toEqual([
      'Zz Pocket Legging Black S',
      'Zz Pocket Legging Black M',
      'Zz Pocket Legging Black XL',
      'Zz Pocket Legging Navy M',
    ])
  })
})

describe.each(DIALECTS)('a guest’s order and the account made after it on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const guestOrder = async (email: string) => {
    const item = await itemWithStock(t, 5)
    const guest = await shopperWithCart(t, item.itemId, item.size, 1)
    const placed = await placeOrder(guest, await tokenFor(guest), undefined, { email })
    return { guest, order_number: dataOf<CheckoutResult>(placed).order_number }
  }
  const history = async (shopper: TestShopper) => dataOf<Order[]>(await shopper.get('/api/orders')).map((o) => o.order_number)
  const password = 'a-long-password-1'

  it('follows the order in the history of the account the guest creates with the same address (the thank-you page asks them to)', async () => {
    const { guest, order_number } = await guestOrder('grace.guest@example.com')
    expect((await guest.post('/api/register', { name: 'Grace Guest', email: 'Grace.Guest@example.com', password })).statusCode).toBe(200)
    expect(await history(guest)).toEqual([order_number])
    // and from any other browser, once logged in
    const elsewhere = new TestShopper(t.app)
    expect((await elsewhere.post('/api/login', { email: 'grace.guest@example.com', password })).statusCode).toBe(200)
    expect(await history(elsewhere)).toEqual([order_number])
  })

  it('and of the account the guest logs in to with that address', async () => {
    const owner = new TestShopper(t.app)
    expect((await owner.post('/api/register', { name: 'Hedy Lamarr', email: 'hedy@example.com', password })).statusCode).toBe(200)
    const { guest, order_number } = await guestOrder('hedy@example.com')
    expect((await guest.post('/api/login', { email: 'hedy@example.com', password })).statusCode).toBe(200)
    expect(await history(guest)).toEqual([order_number])
  })

  it('not an order placed in this browser under another address, nor one placed in another browser', async () => {
    const { guest, order_number } = await guestOrder('someone.else@example.com')
    expect((await guest.post('/api/register', { name: 'Ida Other', email: 'ida@example.com', password })).statusCode).toBe(200)
    expect(await history(guest)).toEqual([])
    // the address's owner registering from another browser does not take it either: only the browser that placed it
    const stranger = new TestShopper(t.app)
    expect((await stranger.post('/api/register', { name: 'Some Else', email: 'someone.else@example.com', password })).statusCode).toBe(200)
    expect(await history(stranger)).toEqual([])
    expect((await t.store.db.selectFrom('orders').select('customer_id').where('order_number', '=', order_number).executeTakeFirstOrThrow()).customer_id).toBeNull()
  })
})
