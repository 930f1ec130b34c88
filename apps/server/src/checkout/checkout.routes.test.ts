import { randomUUID } from 'node:crypto'
import type { Cart, CheckoutQuote, CheckoutResult, Order } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { statementsOf } from '../test/statements.ts'
import { RESERVATION_MS } from './checkout.service.ts'
import { releaseExpiredReservations } from './reservations.ts'
import { CARDS, count, itemWithStock, placeOrder, setStock, shopperWithCart, stockOf, tokenFor } from './checkout-test-kit.ts'

describe.each(DIALECTS)('checkout API on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('places an order: stock taken, lines at the prices paid, payment recorded, cart ordered, e-mail queued', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 2)
    const cart = dataOf<Cart>(await shopper.get('/api/cart'))
    const token = await tokenFor(shopper)
    const before = await stockOf(t, item.itemId, item.size)
    const response = await placeOrder(shopper, token)
    expect(response.statusCode).toBe(200)
    const result = dataOf<CheckoutResult>(response)
    expect(result.status).toBe('succeeded')
    expect(result.order_number).toMatch(/^\d{10}$/)
    expect(result.next).toBe(`/special-offer/pf-oto-1?order=${result.order_number}`)
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 2)

    const order = await t.store.db.selectFrom('orders').selectAll().where('order_number', '=', result.order_number).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ status: 'paid', brand_id: 'popfitclothing', email: 'ada@example.com', shipping_state: 'TX', billing_state: 'TX' })
    expect(order.total_cents / 100).toBeCloseTo(cart.cart_total, 2)
    expect(order.subtotal_cents / 100).toBeCloseTo(cart.cart_subtotal, 2)
    const lines = await t.store.db.selectFrom('order_lines').selectAll().where('order_number', '=', result.order_number).execute()
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ item_id: item.itemId, size: item.size, qty: 2, price_cents: item.priceCents, total_cents: item.priceCents * 2 })
    const payment = await t.store.db.selectFrom('payments').selectAll().where('order_number', '=', result.order_number).executeTakeFirstOrThrow()
    expect(payment).toMatchObject({ status: 'succeeded', gateway: 'test', card_brand: 'visa', last4: '4242', exp_month: 12, amount_cents: order.total_cents })
    expect(await count(t, 'outbox_emails', { column: 'to_email', value: 'ada@example.com' })).toBe(1)

    // the cart is spent: the shopper sees an empty one
    expect(dataOf<Cart>(await shopper.get('/api/cart')).items).toEqual([])
  })

  it('answers a bad form with every field in error, in form order', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const response = await placeOrder(shopper, await tokenFor(shopper), randomUUID(), { email: 'nope', shipping_name: 'Ada', shipping_zip: 'x', billing_same: 'maybe' })
    expect(response.statusCode).toBe(422)
    const fields = (response.json().errors as { field: string }[]).map((e) => e.field)
    expect(fields).toEqual(['email', 'shipping_name', 'shipping_zip', 'billing_same'])
  })

  it('documents the checkout routes, their answers and errors, in /api/openapi.json', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'localhost' } })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }
    for (const path of [
      '/api/checkout',
      '/api/payments/test-tokens',
      '/api/payments/authenticate',
      '/api/orders/{number}',
      '/api/order-bumps/{id}',
      '/api/one-time-offers/{id}/accept',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path)
    }
    expect(Object.keys(spec.paths['/api/checkout']!.post!.responses)).toEqual(expect.arrayContaining(['200', '402', '409', '422']))
  })

  it('needs an Idempotency-Key: 400 when missing or malformed', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const token = await tokenFor(shopper)
    const missing = await shopper.post('/api/checkout', { email: 'a@b.co', payment_token: token })
    expect(missing.statusCode).toBe(400)
    expect(errorsOf(missing)[0]).toMatch(/Idempotency-Key/)
    const malformed = await placeOrder(shopper, token, 'bad key!')
    expect(malformed.statusCode).toBe(400)
  })

  it('refuses readable 4xx with fields: bad name, empty cart, a card number as token', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const token = await tokenFor(shopper)
    const name = await placeOrder(shopper, token, randomUUID(), { shipping_name: 'Ada' })
    expect(name.statusCode).toBe(422)
    expect(name.json().errors[0].field).toBe('shipping_name')
    const card = await placeOrder(shopper, '4242 4242 4242 4242')
    expect(card.statusCode).toBe(422)
    expect(card.json().errors[0].field).toBe('payment_token')
    const empty = await placeOrder(new TestShopper(t.app), token)
    expect(empty.statusCode).toBe(422)
    expect(empty.json().errors[0].field).toBe('cart')
  })

  /** GET /api/checkout/quote shipped to Texas, with the rest of the query given. */
  const quoteFor = async (shopper: TestShopper, query: string) => dataOf<CheckoutQuote>(await shopper.get(`/api/checkout/quote?shipping_country=US&shipping_state=TX&${query}`))
  /** The total a placed order was charged, from its row. */
  const totalCentsOf = async (placed: Awaited<ReturnType<typeof placeOrder>>) =>
    (await t.store.db.selectFrom('orders').select('total_cents').where('order_number', '=', dataOf<CheckoutResult>(placed).order_number).executeTakeFirstOrThrow()).total_cents

  it('charges only the total the shopper was shown: another expected_total is a 409 saying the new total, nothing reserved or charged, and the same key then pays', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const before = await stockOf(t, item.itemId, item.size)
    const charges = await count(t, 'test_gateway_charges')
    // the page last quoted standard shipping; express was chosen a moment before the click
    const quoted = await quoteFor(shopper, 'shipping_method=standard')
    const express = await quoteFor(shopper, 'shipping_method=express')
    expect(express.total).not.toBe(quoted.total)
    const key = randomUUID()
    const token = await tokenFor(shopper)
    const stale = await placeOrder(shopper, token, key, { shipping_method: 'express', expected_total: quoted.total.toFixed(2) })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().errors[0]).toEqual({
      field: 'expected_total',
      message: `Your total is now $${express.total.toFixed(2)}, not $${quoted.total.toFixed(2)}: check your order and place it again.`,
    })
    expect(await stockOf(t, item.itemId, item.size)).toBe(before)
    expect(await count(t, 'test_gateway_charges')).toBe(charges)
    expect(dataOf<Cart>(await shopper.get('/api/cart')).items).toHaveLength(1)
    // the total the page now shows: the same key pays it
    const paid = await placeOrder(shopper, token, key, { shipping_method: 'express', expected_total: express.total.toFixed(2) })
    expect(paid.statusCode).toBe(200)
    expect(await totalCentsOf(paid)).toBe(Math.round(express.total * 100))
  })

  it('quotes joining the club with the cart (checkout_flow): the fee and the lines at member prices, which is what the joining order charges', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    expect((await shopper.post('/api/register', { name: 'Jo Joiner', email: `joiner-${randomUUID()}@example.com`, password: 'leggings-forever' })).statusCode).toBe(200)
    const plain = await quoteFor(shopper, 'shipping_method=standard')
    const joining = await quoteFor(shopper, 'shipping_method=standard&checkout_flow=checkout_club_flow')
    expect(joining.total).not.toBe(plain.total)
    const joined = await placeOrder(shopper, await tokenFor(shopper), randomUUID(), { checkout_flow: 'checkout_club_flow', expected_total: joining.total.toFixed(2) })
    expect(joined.statusCode).toBe(200)
    expect(await totalCentsOf(joined)).toBe(Math.round(joining.total * 100))
    // the first month is said as what it is, wherever the order's money is shown
    expect(plain.club_fee).toBe(0)
    expect(joining.club_fee).toBe(24.99)
    const number = dataOf<CheckoutResult>(joined).order_number
    const order = dataOf<Order>(await shopper.get(`/api/orders/${number}`))
    expect(order.club_fee).toBe(24.99)
    expect(order.subtotal).toBeCloseTo(order.items.reduce((sum, line) => sum + line.price * line.qty, 0) + 24.99, 2)
    const email = await t.store.db.selectFrom('outbox_emails').select('body').where('subject', 'like', `%order ${number}`).executeTakeFirstOrThrow()
    expect(email.body).toContain('  VIP membership, first month  $24.99')
  })

  it('a code for a first order is refused, before anything is charged, to an e-mail or account that has ordered before', async () => {
    const email = `first-${randomUUID()}@example.com`
    const item = await itemWithStock(t, 5)
    const first = await shopperWithCart(t, item.itemId, item.size)
    expect((await first.post('/api/discount-code', { code: 'First15' })).statusCode).toBe(200)
    expect((await placeOrder(first, await tokenFor(first), randomUUID(), { email })).statusCode).toBe(200)

    const again = await shopperWithCart(t, item.itemId, item.size)
    expect((await again.post('/api/discount-code', { code: 'First15' })).statusCode).toBe(200)
    const charges = await count(t, 'test_gateway_charges')
    const before = await stockOf(t, item.itemId, item.size)
    const refused = await placeOrder(again, await tokenFor(again), randomUUID(), { email: email.toUpperCase() })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().errors).toEqual([{ field: 'code', message: 'First15 is for a first order, and you have ordered with us before: remove the code to check out.' }])
    expect(await count(t, 'test_gateway_charges')).toBe(charges)
    expect(await stockOf(t, item.itemId, item.size)).toBe(before)
    // the same shopper without the code checks out; another code is not for a first order
    expect((await again.post('/api/discount-code', { code: 'Leggings20' })).statusCode).toBe(200)
    expect((await placeOrder(again, await tokenFor(again), randomUUID(), { email })).statusCode).toBe(200)
    // a new e-mail is a first order
    const newcomer = await shopperWithCart(t, item.itemId, item.size)
    await newcomer.post('/api/discount-code', { code: '10First' })
    expect((await placeOrder(newcomer, await tokenFor(newcomer), randomUUID(), { email: `new-${randomUUID()}@example.com` })).statusCode).toBe(200)
  })

  it('refuses an expected_total that is no amount (422 at the field); without one, the order is priced as before', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const token = await tokenFor(shopper)
    for (const bad of ['abc', '-5', '1e400']) {
      const refused = await placeOrder(shopper, token, randomUUID(), { expected_total: bad })
      expect(refused.statusCode).toBe(422)
      expect(refused.json().errors.map((e: { field?: string }) => e.field)).toContain('expected_total')
    }
    expect((await placeOrder(shopper, token)).statusCode).toBe(200)
  })

  it('a declined card leaves no order, the stock untouched and the cart intact; the same key answers the same', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const before = await stockOf(t, item.itemId, item.size)
    const ordersBefore = await count(t, 'orders')
    for (const number of [CARDS.declined, CARDS.insufficient]) {
      const token = await tokenFor(shopper, number)
      const key = randomUUID()
      const response = await placeOrder(shopper, token, key)
      expect(response.statusCode).toBe(402)
      expect(response.json().errors[0]).toMatchObject({ field: 'payment_token' })
      expect(errorsOf(response)[0]).toMatch(number === CARDS.declined ? /declined/ : /insufficient funds/)
      const again = await placeOrder(shopper, token, key)
      expect(again.statusCode).toBe(402)
      expect(again.body).toBe(response.body)
    }
    expect(await count(t, 'orders')).toBe(ordersBefore)
    expect(await stockOf(t, item.itemId, item.size)).toBe(before)
    const cart = dataOf<Cart>(await shopper.get('/api/cart'))
    expect(cart.items.map((line) => [line.item_id, line.size, line.qty])).toEqual([[item.itemId, item.size, 1]])
    // and a good card then goes through
    const ok = await placeOrder(shopper, await tokenFor(shopper))
    expect(ok.statusCode).toBe(200)
  })

  it('a card asking for authentication: requires_action, then the same key completes the order (or cancels it)', async () => {
    const item = await itemWithStock(t, 5)
    for (const outcome of ['complete', 'cancel'] as const) {
      const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
      const token = await tokenFor(shopper, CARDS.authenticate)
      const before = await stockOf(t, item.itemId, item.size)
      const key = randomUUID()
      const first = dataOf<CheckoutResult>(await placeOrder(shopper, token, key))
      expect(first.status).toBe('requires_action')
      if (first.status !== 'requires_action') throw new Error('unreachable')
      expect(first.client_secret).toBeTruthy()
      expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
      // only the cardholder answers their bank: another shopper, a stranger with no session, or one
      // of another brand gets what an unknown id gets, and the payment still waits for its owner
      const stranger = await shopperWithCart(t, item.itemId, item.size, 1)
      for (const other of [stranger, new TestShopper(t.app), new TestShopper(t.app, 'ckb.localhost')]) {
        const refused = await other.postJson('/api/payments/authenticate', { payment_id: first.payment_id, outcome: 'cancel' })
        expect(refused.statusCode).toBe(404)
        expect(errorsOf(refused)).toEqual(['No payment is waiting for authentication with that id.'])
      }
      const step = await shopper.postJson('/api/payments/authenticate', { payment_id: first.payment_id, outcome })
      expect(step.statusCode).toBe(200)
      const second = await placeOrder(shopper, token, key)
      if (outcome === 'complete') {
        expect(second.statusCode).toBe(200)
        expect(dataOf<CheckoutResult>(second)).toMatchObject({ status: 'succeeded', order_number: first.order_number })
        expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
      } else {
        expect(second.statusCode).toBe(402)
        expect(errorsOf(second)[0]).toMatch(/bank could not confirm/)
        expect(await stockOf(t, item.itemId, item.size)).toBe(before)
        expect(dataOf<Cart>(await shopper.get('/api/cart')).items).toHaveLength(1)
      }
    }
  })

  it('a reservation left waiting for authentication runs out: stock back, cart open; the same key later still completes once', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const token = await tokenFor(shopper, CARDS.authenticate)
    const before = await stockOf(t, item.itemId, item.size)
    const key = randomUUID()
    const first = dataOf<CheckoutResult>(await placeOrder(shopper, token, key))
    if (first.status !== 'requires_action') throw new Error('expected requires_action')
    expect(await releaseExpiredReservations(t.store, new Date(Date.now() + RESERVATION_MS + 1000))).toBe(1)
    expect(await stockOf(t, item.itemId, item.size)).toBe(before)
    expect(dataOf<Cart>(await shopper.get('/api/cart')).items).toHaveLength(1)
    expect(await count(t, 'orders', { column: 'order_number', value: first.order_number })).toBe(0)
    // the shopper finishes the step late: the same key reserves again and the one charge goes through
    await shopper.postJson('/api/payments/authenticate', { payment_id: first.payment_id, outcome: 'complete' })
    const charges = await count(t, 'test_gateway_charges')
    const late = await placeOrder(shopper, token, key)
    expect(late.statusCode).toBe(200)
    expect(dataOf<CheckoutResult>(late)).toMatchObject({ status: 'succeeded', order_number: first.order_number })
    expect(await count(t, 'test_gateway_charges')).toBe(charges)
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
  })

  it('20 shoppers racing for the last 5 pieces: exactly 5 orders and 5 charges, the rest a sold-out 409 and no charge', async () => {
    const item = await itemWithStock(t, 5)
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWithCart(t, item.itemId, item.size, 1)))
    const tokens = await Promise.all(shoppers.map((shopper) => tokenFor(shopper)))
    await setStock(t, item.itemId, item.size, 5)
    const chargesBefore = await count(t, 'test_gateway_charges')
    const ordersBefore = await count(t, 'orders')
    const responses = await Promise.all(shoppers.map((shopper, i) => placeOrder(shopper, tokens[i]!)))
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(5)
    expect(statuses.filter((status) => status === 409)).toHaveLength(15)
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(errorsOf(response)[0]).toMatch(/sold out/)
      expect(response.json().errors[0].field).toBe('cart')
    }
    expect((await count(t, 'orders')) - ordersBefore).toBe(5)
    expect((await count(t, 'test_gateway_charges')) - chargesBefore).toBe(5)
    expect(await stockOf(t, item.itemId, item.size)).toBe(0)
  })

  it('an item taken off sale after it went into a cart: the cart shows it out of stock, checkout refuses it (409) and charges nothing', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const token = await tokenFor(shopper)
    await t.store.db.updateTable('items').set({ active: 0 }).where('id', '=', item.itemId).execute()
    try {
      const cart = dataOf<Cart & { items: { max_qty: number; in_stock: boolean }[] }>(await shopper.get('/api/cart'))
      expect(cart.items[0]).toMatchObject({ max_qty: 0, in_stock: false })
      const chargesBefore = await count(t, 'test_gateway_charges')
      const ordersBefore = await count(t, 'orders')
      const response = await placeOrder(shopper, token)
      expect(response.statusCode).toBe(409)
      expect(errorsOf(response)[0]).toMatch(/is no longer sold\. Remove it from your cart/)
      expect(response.json().errors[0].field).toBe('cart')
      expect((await count(t, 'orders')) - ordersBefore).toBe(0)
      expect((await count(t, 'test_gateway_charges')) - chargesBefore).toBe(0)
      expect(await stockOf(t, item.itemId, item.size)).toBe(item.stock)
    } finally {
      await t.store.db.updateTable('items').set({ active: 1 }).where('id', '=', item.itemId).execute()
    }
  })

  it('8 concurrent retries of one Idempotency-Key: one order, one charge, the same answer to all', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const token = await tokenFor(shopper)
    const key = randomUUID()
    const chargesBefore = await count(t, 'test_gateway_charges')
    const ordersBefore = await count(t, 'orders')
    const responses = await Promise.all(Array.from({ length: 8 }, () => placeOrder(shopper, token, key)))
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    const numbers = new Set(responses.map((r) => dataOf<CheckoutResult>(r).order_number))
    expect(numbers.size).toBe(1)
    expect((await count(t, 'orders')) - ordersBefore).toBe(1)
    expect((await count(t, 'test_gateway_charges')) - chargesBefore).toBe(1)
    // the same key with other fields is refused
    const other = await placeOrder(shopper, token, key, { shipping_city: 'Dallas' })
    expect(other.statusCode).toBe(422)
  })

  it('one cart checked out twice at once with two keys (two tabs): one order, one charge', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const token = await tokenFor(shopper)
    const charges = await count(t, 'test_gateway_charges')
    const [a, b] = await Promise.all([placeOrder(shopper, token), placeOrder(shopper, token)])
    const codes = [a.statusCode, b.statusCode]
    expect(codes.filter((code) => code === 200)).toHaveLength(1)
    expect(codes.filter((code) => code !== 200)[0]).toBeGreaterThanOrEqual(409)
    expect((await count(t, 'test_gateway_charges')) - charges).toBe(1)
  })

  it('keeps the order-bump price on the order line it becomes', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const bump = dataOf<{ sizes: string[]; item_id: number }>(await shopper.get('/api/order-bumps/pf-ob-1'))
    await shopper.postJson('/api/order-bumps/pf-ob-1/accept', { size: bump.sizes[0] })
    const placed = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper)))
    const lines = await t.store.db.selectFrom('order_lines').selectAll().where('order_number', '=', placed.order_number).execute()
    expect(lines.find((line) => line.item_id === bump.item_id && line.price_cents === 1999)).toBeDefined()
    const order = await t.store.db.selectFrom('orders').selectAll().where('order_number', '=', placed.order_number).executeTakeFirstOrThrow()
    expect(order.subtotal_cents).toBe(item.priceCents + 1999)
  })

  // 20 with the tracker's "Order placed" event written with the order (docs/tracking.md) and the card-testing check,
  // counting the test gateway's own two statements (they stand in for the payment provider's calls); 21 since the
  // session lists the order it placed (the cart's session_orders: one UPDATE of the session row, none where Redis keeps sessions)
  it('makes at most 21 SQL statements per checkout', async () => {
    const item = await itemWithStock(t, 5)
    // warm the caches (settings, tax rates, offers) the way a running store has them
    const warm = await shopperWithCart(t, item.itemId, item.size, 1)
    expect((await placeOrder(warm, await tokenFor(warm))).statusCode).toBe(200)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const token = await tokenFor(shopper)
    const seen = await statementsOf(t.store, async () => {
      const response = await placeOrder(shopper, token)
      expect(response.statusCode).toBe(200)
    })
    const statements = seen.length
    console.log(`statements per checkout (${dialect}): ${statements}`)
    if (process.env.SHOW_SQL) console.log(seen.join('\n'))
    expect(statements).toBeLessThanOrEqual(21)
  })
})

describe.each(DIALECTS)('checkout tax and shipping on %s', (dialect) => {
  it("charges the address's tax (rate table by state) and the chosen shipping method", async () => {
    // a store of its own: the rate table is read once and cached, like the settings
    const t = await startTestStore(dialect)
    await t.store.db
      .insertInto('tax_rates')
      .values([
        { brand_id: 'popfitclothing', country: 'US', state: 'TX', basis_points: 825, tax_shipping: 1 },
        { brand_id: 'popfitclothing', country: 'US', state: '', basis_points: 500, tax_shipping: 0 },
      ])
      .execute()
    try {
      const item = await itemWithStock(t, 5)
      // one piece: under the free-shipping threshold, so standard shipping costs
      const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
      const quote = dataOf<CheckoutQuote>(await shopper.get('/api/checkout/quote?shipping_country=US&shipping_state=TX&shipping_method=express'))
      expect(quote.shipping_options.map((o) => o.method)).toEqual(['standard', 'express'])
      expect(quote.shipping).toBe(19.99)
      const express = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper), randomUUID(), { shipping_method: 'express' }))
      const order = await t.store.db.selectFrom('orders').selectAll().where('order_number', '=', express.order_number).executeTakeFirstOrThrow()
      expect(order.shipping_method).toBe('express')
      expect(order.shipping_cents).toBe(1999)
      // Texas taxes goods and shipping at 8.25%, rounded once
      expect(order.tax_cents).toBe(Math.round(((item.priceCents + 1999) * 825) / 10_000))
      expect(order.total_cents).toBe(item.priceCents + 1999 + order.tax_cents)
      // the quote said what the order charged
      expect(quote.tax).toBe(order.tax_cents / 100)
      expect(quote.total).toBe(order.total_cents / 100)

      const other = await shopperWithCart(t, item.itemId, item.size, 1)
      const ny = dataOf<CheckoutResult>(await placeOrder(other, await tokenFor(other), randomUUID(), { shipping_state: 'NY', shipping_city: 'New York', shipping_zip: '10001' }))
      const nyOrder = await t.store.db.selectFrom('orders').selectAll().where('order_number', '=', ny.order_number).executeTakeFirstOrThrow()
      expect(nyOrder.tax_cents).toBe(Math.round((item.priceCents * 500) / 10_000))
      expect(nyOrder.total_cents).toBe(nyOrder.subtotal_cents + nyOrder.shipping_cents + nyOrder.tax_cents)
      const bad = await placeOrder(other, 'tok_x', randomUUID(), { shipping_method: 'drone' })
      expect(bad.statusCode).toBe(422)
    } finally {
      await t.close()
    }
  })
})
