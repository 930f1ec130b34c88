/**
 * Orders waiting at the bank's step hold their stock for 30 minutes, so a shopper may have at most
 * MAX_WAITING_ORDERS of them at a brand at once (waiting-orders.ts, docs/checkout-money.md): the
 * next checkout is a 409 before anything is reserved or charged. Through the API, both databases.
 */
import { randomUUID } from 'node:crypto'
import type { CheckoutResult, Order } from '@store/core'
import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { statementsOf } from '../test/statements.ts'
import { registered } from '../membership/club-test-kit.ts'
import { DROPPED_AT_THE_BANK, RESERVATION_MS } from './checkout.service.ts'
import { CARDS, count, itemWithStock, placeOrder, shopperWithCart, stockOf, sweep, tokenFor } from './checkout-test-kit.ts'
import { MAX_WAITING_ORDERS, TOO_MANY_WAITING } from './waiting-orders.ts'

type Item = Awaited<ReturnType<typeof itemWithStock>>

describe.each(DIALECTS)(`at most ${MAX_WAITING_ORDERS} orders waiting for the bank per shopper, on %s`, (dialect) => {
  let t: TestStore
  let item: Item
  beforeAll(async () => {
    t = await startTestStore(dialect)
    item = await itemWithStock(t, 40)
  })
  afterAll(() => t.close())

  /** A checkout of one piece with a card whose bank always asks: the order waits at the bank's step. */
  async function waitingOrder(shopper: TestShopper, of: Item = item) {
    expect((await shopper.post('/api/cart/items', { item_id: of.itemId, size: of.size, qty: 1 })).statusCode).toBe(200)
    const token = await tokenFor(shopper, CARDS.alwaysAuthenticate)
    const key = randomUUID()
    const response = await placeOrder(shopper, token, key)
    expect(response.statusCode).toBe(200)
    const result = dataOf<CheckoutResult>(response)
    if (result.status !== 'requires_action') throw new Error(`expected the bank's step, got ${result.status}`)
    return { ...result, token, key }
  }

  /** A shopper with the most orders waiting that one may have. */
  async function shopperAtTheLimit(shopper = new TestShopper(t.app)) {
    const waiting = []
    for (let i = 0; i < MAX_WAITING_ORDERS; i++) waiting.push(await waitingOrder(shopper))
    return { shopper, waiting }
  }

  /** One more checkout, refused: 409, nothing reserved, no order, no charge. */
  async function expectRefused(shopper: TestShopper, card: string = CARDS.alwaysAuthenticate) {
    expect((await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
    const before = { stock: await stockOf(t, item.itemId, item.size), orders: await count(t, 'orders'), charges: await count(t, 'test_gateway_charges') }
    const key = randomUUID()
    const refused = await placeOrder(shopper, await tokenFor(shopper, card), key)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ errors: [{ message: TOO_MANY_WAITING, field: 'cart' }] })
    expect({ stock: await stockOf(t, item.itemId, item.size), orders: await count(t, 'orders'), charges: await count(t, 'test_gateway_charges') }).toEqual(before)
    return key
  }

  it(`a visitor with ${MAX_WAITING_ORDERS} orders at the bank's step is refused another, whatever the card, before anything is taken; another shopper is not`, async () => {
    const { shopper } = await shopperAtTheLimit()
    await expectRefused(shopper)
    await expectRefused(shopper, CARDS.success)

    const other = await shopperWithCart(t, item.itemId, item.size)
    expect(dataOf<CheckoutResult>(await placeOrder(other, await tokenFor(other))).status).toBe('succeeded')
    await shopperAtTheLimit(other)
  })

  it('finishing a waiting order (the bank approves, the same key pays) lets the shopper check out again; the refused key may be used then', async () => {
    const { shopper, waiting } = await shopperAtTheLimit()
    const refusedKey = await expectRefused(shopper, CARDS.success)
    const first = waiting[0]!
    expect((await shopper.postJson('/api/payments/authenticate', { payment_id: first.payment_id, outcome: 'complete' })).statusCode).toBe(200)
    const paid = await placeOrder(shopper, first.token, first.key)
    expect(paid.statusCode).toBe(200)
    expect(dataOf<CheckoutResult>(paid)).toMatchObject({ status: 'succeeded', order_number: first.order_number })

    // nothing was taken or charged under the refused key: it places the order now, with a new card entry
    const placed = await placeOrder(shopper, await tokenFor(shopper), refusedKey)
    expect(placed.statusCode).toBe(200)
    expect(dataOf<CheckoutResult>(placed).status).toBe('succeeded')
  })

  it('cancelling a waiting order at the bank (the same key then declines it) frees its place', async () => {
    const { shopper, waiting } = await shopperAtTheLimit()
    await expectRefused(shopper)
    const first = waiting[0]!
    expect((await shopper.postJson('/api/payments/authenticate', { payment_id: first.payment_id, outcome: 'cancel' })).statusCode).toBe(200)
    expect((await placeOrder(shopper, first.token, first.key)).statusCode).toBe(402)
    await waitingOrder(shopper)
  })

  it("an order left at the bank's step says in /orders when it goes, and goes then: its payment cancelled, its stock back, its key answered", async () => {
    const who = await registered(t)
    // an item of its own: the sweeps below release the other tests' waiting orders too
    const own = await t.store.db
      .selectFrom('item_sizes')
      .innerJoin('items', 'items.id', 'item_sizes.item_id')
      .select(['items.id', 'item_sizes.size', 'item_sizes.stock', 'items.price_cents'])
      .where('items.brand_id', '=', 'popfitclothing')
      .where('items.active', '=', 1)
      .where('items.vip_exclusive', '=', 0)
      .where('items.id', '<>', item.itemId)
      .where('item_sizes.stock', '>=', 5)
      .orderBy('items.id')
      .orderBy('item_sizes.size')
      .executeTakeFirstOrThrow()
    const mine: Item = { itemId: own.id, size: own.size, stock: own.stock, priceCents: own.price_cents }
    const before = await stockOf(t, mine.itemId, mine.size)
    const waiting = await waitingOrder(who.shopper, mine)
    const row = await t.store.db.selectFrom('orders').select(['reserved_until', 'created_at']).where('order_number', '=', waiting.order_number).executeTakeFirstOrThrow()
    const listed = dataOf<Order[]>(await who.shopper.get('/api/orders'))
    expect(listed.map((order) => [order.order_number, order.status, order.waiting_until])).toEqual([[waiting.order_number, 'pending_payment', row.reserved_until]])
    expect(Date.parse(row.reserved_until!) - Date.parse(row.created_at)).toBe(RESERVATION_MS)

    // not yet: the sweep before that time leaves it
    await sweep(t, new Date(Date.parse(row.reserved_until!) - 1000))
    expect(dataOf<Order[]>(await who.shopper.get('/api/orders'))).toHaveLength(1)
    // then it goes: gone from /orders, its piece back, its payment cancelled at the gateway
    await sweep(t, new Date(Date.parse(row.reserved_until!) + 1000))
    expect(dataOf<Order[]>(await who.shopper.get('/api/orders'))).toEqual([])
    expect(await stockOf(t, mine.itemId, mine.size)).toBe(before)
    const charge = await t.store.db.selectFrom('test_gateway_charges').select('status').where('id', '=', waiting.payment_id).executeTakeFirstOrThrow()
    expect(charge.status).toBe('canceled')
    // the bank's step finished late in the window left open: the key says the order was dropped, nothing is charged
    await who.shopper.postJson('/api/payments/authenticate', { payment_id: waiting.payment_id, outcome: 'complete' })
    const late = await placeOrder(who.shopper, waiting.token, waiting.key)
    expect([late.statusCode, late.json()]).toEqual([409, { errors: [{ message: DROPPED_AT_THE_BANK, field: 'payment_token' }] }])
    expect(await t.store.db.selectFrom('orders').select('order_number').where('customer_id', '=', who.customerId).execute()).toEqual([])
    expect(await t.store.db.selectFrom('test_gateway_charges').select('id').where('id', '=', waiting.payment_id).where('status', '=', 'succeeded').execute()).toEqual([])
  })

  it('waiting orders the sweeper released, or whose reservation ran out, do not count', async () => {
    const { shopper, waiting } = await shopperAtTheLimit()
    // run out, not yet swept: holding nothing much longer, they do not count
    await t.store.db
      .updateTable('orders')
      .set({ reserved_until: new Date(Date.now() - 1000).toISOString() })
      .where('order_number', '=', waiting[0]!.order_number)
      .execute()
    await waitingOrder(shopper)
    await expectRefused(shopper)
    // swept: the orders are gone and their stock back
    await sweep(t, new Date(Date.now() + RESERVATION_MS + 1000))
    const left = await t.store.db
      .selectFrom('orders')
      .select('order_number')
      .where(
        'order_number',
        'in',
        waiting.map((order) => order.order_number),
      )
      .execute()
    expect(left).toEqual([])
    await shopperAtTheLimit(shopper)
  })

  it("a logged-in customer's waiting orders count on every device they log in on", async () => {
    const email = `waiting-${randomUUID()}@example.com`
    const phone = new TestShopper(t.app)
    expect((await phone.post('/api/register', { name: 'Wanda Waiting', email, password: 'leggings-forever' })).statusCode).toBe(200)
    await shopperAtTheLimit(phone)
    const laptop = new TestShopper(t.app)
    expect((await laptop.post('/api/login', { email, password: 'leggings-forever' })).statusCode).toBe(200)
    await expectRefused(laptop)
    // another visitor is not held back by the customer's orders
    const visitor = new TestShopper(t.app)
    await waitingOrder(visitor)
  })

  it('four devices of one customer racing for the last place: one order waits, three are refused', async () => {
    const email = `racing-${randomUUID()}@example.com`
    const first = new TestShopper(t.app)
    expect((await first.post('/api/register', { name: 'Rae Racing', email, password: 'leggings-forever' })).statusCode).toBe(200)
    for (let i = 1; i < MAX_WAITING_ORDERS; i++) await waitingOrder(first)
    const devices = await Promise.all(
      Array.from({ length: 4 }, async () => {
        // each device's own cart, filled before logging in, goes into the account with it
        const device = new TestShopper(t.app)
        expect((await device.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
        expect((await device.post('/api/login', { email, password: 'leggings-forever' })).statusCode).toBe(200)
        return { device, token: await tokenFor(device, CARDS.alwaysAuthenticate) }
      }),
    )
    const answers = await Promise.all(devices.map(({ device, token }) => placeOrder(device, token, randomUUID())))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409])
    const customer = await t.store.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const waiting = await t.store.db.selectFrom('orders').select('order_number').where('customer_id', '=', customer.id).where('status', '=', 'pending_payment').execute()
    expect(waiting).toHaveLength(MAX_WAITING_ORDERS)
  })
})

describe("the waiting orders' count, on SQLite", () => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore('sqlite')
  })
  afterAll(() => t.close())

  it("is part of the cart lock's one statement (no statement more per checkout) and reads orders by index, the visitor's and the customer's", async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    expect((await shopper.post('/api/register', { name: 'Ivy Index', email: `index-${randomUUID()}@example.com`, password: 'leggings-forever' })).statusCode).toBe(200)
    const token = await tokenFor(shopper)
    const statements = await statementsOf(t.store, () => placeOrder(shopper, token))
    const lock = statements.find((text) => /^update "carts"/i.test(text) && /from "orders"/.test(text))
    expect(lock).toBeDefined()
    const plan = await t.store.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(
        `explain query plan ${lock}`,
        Array.from({ length: (lock!.match(/\?/g) ?? []).length }, () => null),
      ),
    )
    const orders = plan.rows.map((row) => row.detail).filter((detail) => /\borders\b/.test(detail))
    expect(orders.some((detail) => /orders_visitor_waiting/.test(detail))).toBe(true)
    expect(orders.some((detail) => /orders_customer_waiting/.test(detail))).toBe(true)
    expect(orders.filter((detail) => /^SCAN orders\b/.test(detail))).toEqual([])
  })
})
