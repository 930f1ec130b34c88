/**
 * Afterpay through Stripe (checkout/afterpay.ts) against the local Stripe stand-in
 * (test/fake-stripe.ts), on SQLite and PostgreSQL: the shopper sent to Afterpay's page and back,
 * approved (the order kept once) or declined (the cart as it was); never back (the sweeper
 * drops the order and cancels the payment); the return and the webhook racing (one order); the
 * refusals before anything is charged. And Apple Pay's card PaymentMethod paying as a card does.
 */
import { randomUUID } from 'node:crypto'
import type { Cart, CheckoutResult } from '@store/core'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import type { StoreDb } from '../db/connection.ts'
import { parseEnv } from '../env.ts'
import { invalidateSettings } from '../settings/settings.service.ts'
import { openTestDatabase } from '../test/database-template.ts'
import { fakeStripe } from '../test/fake-stripe.ts'
import { dataOf, DIALECTS, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { registered } from '../membership/club-test-kit.ts'
import { AFTERPAY_DECLINED, AFTERPAY_FOR_JOINING, AFTERPAY_NOT_OFFERED, type AfterpayAnswer } from './afterpay.ts'
import { ADDRESS, count, itemWithStock, placeOrder, stockOf, sweep } from './checkout-test-kit.ts'
import { RESERVATION_MS } from './reserve-order.ts'

const SECRET = 'whsec_test_afterpay'

describe.each(DIALECTS)('Afterpay through Stripe (%s)', (dialect) => {
  const stripe = fakeStripe()
  let store: StoreDb
  let closeDatabase: () => Promise<void>
  let app: FastifyInstance
  let t: TestStore

  beforeAll(async () => {
    const url = await stripe.listen()
    const database = await openTestDatabase(dialect)
    store = database.store
    closeDatabase = database.close
    const env = parseEnv({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_API_URL: url,
      STRIPE_WEBHOOK_SECRET: SECRET,
    })
    app = await buildApp({ env, store, webBuildDir: '/nonexistent' })
    await app.ready()
    t = { app, store, close: async () => {} }
  })
  afterAll(async () => {
    await app.close()
    await closeDatabase()
    await stripe.close()
  })

  /** A shopper with two of an item in the cart (within popfit's Afterpay range, $35 to $1,000). */
  const shopperWithCart = async () => {
    const item = await itemWithStock(t, 5)
    const shopper = new TestShopper(app)
    expect((await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 2 })).statusCode).toBe(200)
    return { shopper, item, stock: await stockOf(t, item.itemId, item.size) }
  }

  const startAfterpay = (shopper: TestShopper, key: string = randomUUID(), extra: Record<string, string> = {}) =>
    shopper.request({
      method: 'POST',
      url: '/api/checkout/afterpay',
      payload: new URLSearchParams({ ...ADDRESS, ...extra }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
    })

  /** Started and sent to Afterpay: the order, its PaymentIntent and the key. */
  const sentToAfterpay = async (shopper: TestShopper, key: string = randomUUID()) => {
    const answer = dataOf<AfterpayAnswer>(await startAfterpay(shopper, key))
    if (answer.status !== 'redirect') throw new Error(`expected a redirect to Afterpay, got ${answer.status}`)
    const paymentId = /\/afterpay_clearpay\/(pi_\d+)\/authorize$/.exec(answer.redirect_url)?.[1]
    if (!paymentId) throw new Error(`not Afterpay's page: ${answer.redirect_url}`)
    return { answer, paymentId, key }
  }

  /** The shopper's browser following Stripe's redirect back to the store's return URL. */
  const comeBack = async (shopper: TestShopper, backUrl: string | null) => {
    if (!backUrl) throw new Error('the payment was not waiting for Afterpay')
    const url = new URL(backUrl)
    expect(url.pathname).toBe('/api/checkout/afterpay/return')
    const response = await shopper.request({ method: 'GET', url: `${url.pathname}${url.search}` })
    expect(response.statusCode).toBe(303)
    return String(response.headers.location)
  }

  const webhook = (type: string, paymentId: string, secret = SECRET) => {
    const { payload, signature } = stripe.event(type, paymentId, secret)
    return app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } })
  }

  const orderOf = (orderNumber: string) =>
    store.db.selectFrom('orders').select(['status', 'total_cents', 'reserved_until']).where('order_number', '=', orderNumber).executeTakeFirst()
  const cartOf = async (shopper: TestShopper) => dataOf<Cart>(await shopper.get('/api/cart'))

  it('sends the shopper to Afterpay with the order reserved, and keeps the order once they approve it', async () => {
    const { shopper, item, stock } = await shopperWithCart()
    const { answer, paymentId, key } = await sentToAfterpay(shopper)
    // reserved as a card checkout reserves: the order waits, the stock is taken
    expect((await orderOf(answer.order_number))?.status).toBe('pending_payment')
    expect(await stockOf(t, item.itemId, item.size)).toBe(stock - 2)
    // Stripe was asked for Afterpay, with the return URL, the shipping address and the buyer
    const created = stripe.calls.filter((call) => call.path === '/v1/payment_intents' && call.form.get('payment_method_data[type]') === 'afterpay_clearpay').at(-1)!
    expect(created.form.get('allowed_payment_method_types[0]')).toBe('afterpay_clearpay')
    expect(created.form.get('return_url')).toMatch(/\/api\/checkout\/afterpay\/return$/)
    expect(created.form.get('shipping[address][line1]')).toBe('12 Analytical Way')
    expect(created.form.get('payment_method_data[billing_details][email]')).toBe('ada@example.com')
    expect(Number(created.form.get('amount'))).toBe((await orderOf(answer.order_number))?.total_cents)
    // the same key again (a double click) sends to the same page, with no second PaymentIntent
    const again = dataOf<AfterpayAnswer>(await startAfterpay(shopper, key))
    expect(again).toEqual(answer)
    expect(
      stripe.calls
        .filter((call) => call.path === '/v1/payment_intents' && call.method === 'POST')
        .filter((call) => call.form.get('metadata[order_number]') === answer.order_number),
    ).toHaveLength(1)

    const next = await comeBack(shopper, stripe.afterpay(paymentId, 'approve'))
    expect(next).toMatch(new RegExp(`(/special-offer/[^?]+|/thank-you)\\?order=${answer.order_number}$`))
    expect((await orderOf(answer.order_number))?.status).toBe('paid')
    expect(await count(t, 'payments', { column: 'order_number', value: answer.order_number })).toBe(1)
    expect(await count(t, 'outbox_emails', { column: 'order_number', value: answer.order_number })).toBe(1)
    expect((await cartOf(shopper)).items).toHaveLength(0)
    // Stripe's payment_intent.succeeded after it: settled already, nothing written twice
    const late = await webhook('payment_intent.succeeded', paymentId)
    expect(late.statusCode).toBe(200)
    expect(await count(t, 'payments', { column: 'order_number', value: answer.order_number })).toBe(1)
    expect(await count(t, 'outbox_emails', { column: 'order_number', value: answer.order_number })).toBe(1)
    // and the return again (a reload) goes to the same page
    expect(String((await shopper.request({ method: 'GET', url: `/api/checkout/afterpay/return?payment_intent=${paymentId}` })).headers.location)).toBe(next)
    // and an API client asking for JSON is told the same path
    const asJson = await shopper.request({ method: 'GET', url: `/api/checkout/afterpay/return?payment_intent=${paymentId}`, headers: { accept: 'application/json' } })
    expect(dataOf<{ next: string }>(asJson).next).toBe(next)
  })

  it('gives everything back when Afterpay declines or the shopper cancels there: the cart as it was, and a readable message', async () => {
    const { shopper, item, stock } = await shopperWithCart()
    const before = await cartOf(shopper)
    const { answer, paymentId, key } = await sentToAfterpay(shopper)
    expect(await comeBack(shopper, stripe.afterpay(paymentId, 'decline'))).toBe('/checkout?afterpay=declined')
    expect(await orderOf(answer.order_number)).toBeUndefined()
    expect(await stockOf(t, item.itemId, item.size)).toBe(stock)
    const cart = await cartOf(shopper)
    expect(cart.items.map((line) => [line.cartId, line.qty])).toEqual(before.items.map((line) => [line.cartId, line.qty]))
    expect(cart.cart_total).toBe(before.cart_total)
    // the key answers Afterpay's words (the page, sending it again, reads them)
    const replayed = await startAfterpay(shopper, key)
    expect(replayed.statusCode).toBe(402)
    expect(errorsOf(replayed)).toEqual([AFTERPAY_DECLINED])
    // and a card pays for the same cart at once
    const paid = dataOf<CheckoutResult>(await placeOrder(shopper, 'pm_card_visa'))
    expect(paid.status).toBe('succeeded')
  })

  it('drops the order when the shopper never comes back: the sweeper cancels the payment at Stripe and gives the stock and the cart back', async () => {
    const { shopper, item, stock } = await shopperWithCart()
    const { answer, paymentId } = await sentToAfterpay(shopper)
    // still within the reservation: nothing happens
    await sweep(t, new Date(Date.now() + RESERVATION_MS / 2))
    expect((await orderOf(answer.order_number))?.status).toBe('pending_payment')
    await sweep(t, new Date(Date.now() + RESERVATION_MS + 60_000))
    expect(await orderOf(answer.order_number)).toBeUndefined()
    expect(stripe.intents.get(paymentId)?.status).toBe('canceled')
    expect(await stockOf(t, item.itemId, item.size)).toBe(stock)
    expect((await cartOf(shopper)).items).toHaveLength(1)
    // an approval arriving late cannot take the money: the payment is cancelled, and the return says so
    expect(stripe.afterpay(paymentId, 'approve')).toBeNull()
    expect(String((await shopper.request({ method: 'GET', url: `/api/checkout/afterpay/return?payment_intent=${paymentId}` })).headers.location)).toBe('/checkout?afterpay=expired')
  })

  it('keeps one order when the return and the webhook arrive together, and when the webhook comes first', async () => {
    for (const order of ['together', 'webhook first'] as const) {
      const { shopper } = await shopperWithCart()
      const { answer, paymentId } = await sentToAfterpay(shopper)
      const back = stripe.afterpay(paymentId, 'approve')
      let next: string
      if (order === 'together') {
        const [returned, delivered] = await Promise.all([comeBack(shopper, back), webhook('payment_intent.succeeded', paymentId)])
        expect(delivered.statusCode).toBe(200)
        next = returned
      } else {
        const delivered = await webhook('payment_intent.succeeded', paymentId)
        expect(dataOf<{ outcome: string }>(delivered).outcome).toBe('settled')
        expect((await orderOf(answer.order_number))?.status).toBe('paid')
        next = await comeBack(shopper, back)
      }
      expect(next, order).toMatch(new RegExp(`\\?order=${answer.order_number}$`))
      expect((await orderOf(answer.order_number))?.status).toBe('paid')
      expect(await count(t, 'payments', { column: 'order_number', value: answer.order_number })).toBe(1)
      expect(await count(t, 'outbox_emails', { column: 'order_number', value: answer.order_number })).toBe(1)
    }
  })

  it("settles a decline from Stripe's payment_intent.payment_failed when the shopper does not come back", async () => {
    const { shopper, item, stock } = await shopperWithCart()
    const { answer, paymentId } = await sentToAfterpay(shopper)
    stripe.afterpay(paymentId, 'decline')
    expect(dataOf<{ outcome: string }>(await webhook('payment_intent.payment_failed', paymentId)).outcome).toBe('settled')
    expect(await orderOf(answer.order_number)).toBeUndefined()
    expect(await stockOf(t, item.itemId, item.size)).toBe(stock)
    expect((await cartOf(shopper)).items).toHaveLength(1)
  })

  it('refuses a webhook delivery whose signature is wrong, and ignores events about payments it does not wait on', async () => {
    const { shopper } = await shopperWithCart()
    const { answer, paymentId } = await sentToAfterpay(shopper)
    stripe.afterpay(paymentId, 'approve')
    const forged = await webhook('payment_intent.succeeded', paymentId, 'whsec_someone_else')
    expect(forged.statusCode).toBe(401)
    expect((await orderOf(answer.order_number))?.status).toBe('pending_payment')
    const paidByCard = dataOf<CheckoutResult>(await placeOrder((await shopperWithCart()).shopper, 'pm_card_visa'))
    const cardIntent = [...stripe.intents.values()].find((intent) => (intent.metadata as Record<string, string>).order_number === paidByCard.order_number)!
    expect(dataOf<{ outcome: string }>(await webhook('payment_intent.succeeded', cardIntent.id)).outcome).toBe('ignored')
  })

  it('refuses Afterpay before anything is reserved or charged when the total is outside the brand’s minimum and maximum, or Afterpay is off', async () => {
    const { shopper, item, stock } = await shopperWithCart()
    const intents = stripe.intents.size
    try {
      await store.db.updateTable('store_settings').set({ afterpay_min_cents: 3500, afterpay_max_cents: 3600 }).where('brand_id', '=', 'popfitclothing').execute()
      invalidateSettings('popfitclothing')
      const refused = await startAfterpay(shopper)
      expect(refused.statusCode).toBe(422)
      expect(errorsOf(refused)[0]).toMatch(/^Afterpay is offered for orders from \$35\.00 to \$36\.00\. This order is \$[\d,.]+: pay by card\.$/)
      await store.db.updateTable('store_settings').set({ afterpay: 0 }).where('brand_id', '=', 'popfitclothing').execute()
      invalidateSettings('popfitclothing')
      const off = await startAfterpay(shopper)
      expect(off.statusCode).toBe(422)
      expect(errorsOf(off)).toEqual([AFTERPAY_NOT_OFFERED])
    } finally {
      await store.db.updateTable('store_settings').set({ afterpay: 1, afterpay_min_cents: 3500, afterpay_max_cents: 100000 }).where('brand_id', '=', 'popfitclothing').execute()
      invalidateSettings('popfitclothing')
    }
    expect(stripe.intents.size).toBe(intents)
    expect(await stockOf(t, item.itemId, item.size)).toBe(stock)
    expect((await cartOf(shopper)).items).toHaveLength(1)
    // and with a card number or token alongside: Afterpay takes no card
    const mixed = await startAfterpay(shopper, randomUUID(), { payment_token: 'pm_card_visa' })
    expect(mixed.statusCode).toBe(422)
  })

  it('refuses Afterpay for an order that joins the club (its monthly charge needs a card), giving the reservation back', async () => {
    const { shopper } = await registered(t)
    const item = await itemWithStock(t, 5)
    expect((await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 2 })).statusCode).toBe(200)
    const stock = await stockOf(t, item.itemId, item.size)
    const intents = stripe.intents.size
    const refused = await startAfterpay(shopper, randomUUID(), { checkout_flow: 'checkout_club_flow' })
    expect(refused.statusCode).toBe(422)
    expect(errorsOf(refused)).toEqual([AFTERPAY_FOR_JOINING])
    expect(stripe.intents.size).toBe(intents)
    expect(await stockOf(t, item.itemId, item.size)).toBe(stock)
    expect((await cartOf(shopper)).items).toHaveLength(1)
  })

  it('takes an Apple Pay PaymentMethod (Stripe.js Payment Request Button) through the same checkout as a card', async () => {
    const { shopper } = await shopperWithCart()
    const paid = dataOf<CheckoutResult>(await placeOrder(shopper, 'pm_card_visa_applePay'))
    expect(paid.status).toBe('succeeded')
    const intent = [...stripe.intents.values()].find((one) => (one.metadata as Record<string, string>).order_number === paid.order_number)!
    expect(intent.payment_method).toBe('pm_card_visa_applePay')
    expect(intent.status).toBe('succeeded')
    expect((await orderOf(paid.order_number))?.status).toBe('paid')
  })
})

describe('Afterpay with the test gateway', () => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore('sqlite')
  })
  afterAll(() => t.close())

  it('is refused with a clear 422, and nothing is reserved: the page keeps its note', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = new TestShopper(t.app)
    await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 2 })
    const refused = await shopper.request({
      method: 'POST',
      url: '/api/checkout/afterpay',
      payload: new URLSearchParams(ADDRESS).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': randomUUID() },
    })
    expect(refused.statusCode).toBe(422)
    expect(errorsOf(refused)).toEqual([AFTERPAY_NOT_OFFERED])
    expect(await stockOf(t, item.itemId, item.size)).toBe(item.stock)
    expect(await t.store.db.selectFrom('orders').select('order_number').where('status', '=', 'pending_payment').execute()).toEqual([])
  })
})
