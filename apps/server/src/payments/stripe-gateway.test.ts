/**
 * The Stripe adapter against a local HTTP server answering as Stripe's API
 * documents for the calls the adapter makes (customers, payment_intents create,
 * retrieve, confirm and cancel, refunds), through the whole checkout API.
 */
import { randomUUID } from 'node:crypto'
import type { CheckoutResult, OneTimeOffer, PaymentMethod } from '@store/core'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { RESERVATION_MS } from '../checkout/checkout.service.ts'
import { itemWithStock, placeOrder, stockOf, sweep, sweepLog } from '../checkout/checkout-test-kit.ts'
import { ASK_AFTER_MS, GIVE_UP_MS } from '../checkout/reservations.ts'
import type { StoreDb } from '../db/connection.ts'
import { parseEnv } from '../env.ts'
import { fakeStripe } from '../test/fake-stripe.ts'
import { dataOf, errorsOf, TestShopper, type TestStore } from '../test/harness.ts'
import { joinThroughCheckout, registered } from '../membership/club-test-kit.ts'
import { ALREADY_JOINING, SUPERSEDED } from '../checkout/join-once.ts'
import { openTestDatabase } from '../test/database-template.ts'

describe('Stripe gateway (PAYMENT_GATEWAY=stripe) through the checkout API', () => {
  const stripe = fakeStripe()
  let store: StoreDb
  let app: FastifyInstance
  let t: TestStore

  beforeAll(async () => {
    const url = await stripe.listen()
    store = (await openTestDatabase('sqlite')).store
    const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_URL: url })
    app = await buildApp({ env, store, webBuildDir: '/nonexistent' })
    await app.ready()
    t = { app, store, close: async () => {} }
  })
  afterAll(async () => {
    await app.close()
    await store.close()
    await stripe.close()
  })

  const shopperWithCart = async () => {
    const item = await itemWithStock(t, 5)
    const shopper = new TestShopper(app)
    await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
    return { shopper, item }
  }

  /** An order paid with pm_card_visa whose PaymentIntent is made but whose answer is lost, the client library's two retries' too. */
  const placeOrderAnswerLost = async (shopper: TestShopper, key: string) => {
    stripe.dropAnswers('/v1/payment_intents', 3)
    try {
      return await placeOrder(shopper, 'pm_card_visa', key)
    } finally {
      // whatever happened, no lost answer is left for the next test
      stripe.dropAnswers('/v1/payment_intents', 0)
    }
  }

  /** The PaymentIntents the stand-in made for an order. */
  const intentsOf = (orderNumber: string) => [...stripe.intents.values()].filter((intent) => (intent.metadata as Record<string, string>).order_number === orderNumber)

  /** A registered shopper whose first order paid with the 3184 card through its bank's step (which keeps the card). */
  const paidThroughBankStep = async (label: string) => {
    const { shopper } = await shopperWithCart()
    expect((await shopper.post('/api/register', { name: 'Pat Shopper', email: `stripe-${label}-${randomUUID()}@example.com`, password: 'leggings-forever' })).statusCode).toBe(200)
    const key = randomUUID()
    const first = dataOf<CheckoutResult>(await placeOrder(shopper, 'pm_card_threeDSecure2Required', key))
    if (first.status !== 'requires_action') throw new Error(`expected the bank's step, got ${first.status}`)
    stripe.intents.get(first.payment_id)!.status = 'requires_confirmation'
    const paid = dataOf<CheckoutResult>(await placeOrder(shopper, 'pm_card_threeDSecure2Required', key))
    expect(paid.status).toBe('succeeded')
    return { shopper, paid }
  }

  /** POST /api/one-time-offers/pf-oto-1/accept with a key. */
  const acceptOffer = (shopper: TestShopper, body: Record<string, unknown>, key: string) =>
    shopper.request({ method: 'POST', url: '/api/one-time-offers/pf-oto-1/accept', payload: body, headers: { 'idempotency-key': key } })

  /** The first one-time offer accepted for an order, its first choice in its first size, with a key of its own. */
  const acceptFirstOffer = async (shopper: TestShopper, orderNumber: string) => {
    const offer = dataOf<OneTimeOffer>(await shopper.get('/api/one-time-offers/pf-oto-1'))
    const choice = offer.choices[0]!
    const offerKey = randomUUID()
    const body = { order_number: orderNumber, item_id: choice.item_id, size: choice.sizes[0] }
    return { response: await acceptOffer(shopper, body, offerKey), offerKey, body, choice }
  }

  it('refuses test tokens: the card form talks to Stripe.js', async () => {
    const response = await new TestShopper(app).post('/api/payments/test-tokens', { number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' })
    expect(response.statusCode).toBe(404)
  })

  it('charges with a PaymentIntent: confirm, manual confirmation, a customer kept for later, the Idempotency-Key sent', async () => {
    const { shopper } = await shopperWithCart()
    const key = randomUUID()
    const response = await placeOrder(shopper, 'pm_card_visa', key)
    expect(response.statusCode).toBe(200)
    const result = dataOf<CheckoutResult>(response)
    const create = stripe.calls.find((call) => call.path === '/v1/payment_intents' && call.idempotencyKey === `checkout:popfitclothing:${key}`)!
    expect(create).toBeDefined()
    expect(create.authorization).toBe('Bearer sk_test_local')
    expect(Object.fromEntries(create.form)).toMatchObject({
      confirm: 'true',
      confirmation_method: 'manual',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      setup_future_usage: 'off_session',
      'metadata[order_number]': result.order_number,
      'expand[0]': 'payment_method',
    })
    expect(create.form.get('customer')).toMatch(/^cus_/)
    expect(stripe.calls.some((call) => call.path === '/v1/customers' && call.idempotencyKey === `checkout:popfitclothing:${key}:customer`)).toBe(true)
    const payment = await store.db.selectFrom('payments').selectAll().where('order_number', '=', result.order_number).executeTakeFirstOrThrow()
    expect(payment).toMatchObject({ gateway: 'stripe', status: 'succeeded', card_brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 })
    expect(payment.gateway_payment_id).toMatch(/^pi_/)
    expect(payment.saved_method).toMatch(/^cus_\d+\/pm_card_visa$/)

    // a one-time offer charges the saved method off-session, with its own key
    const { response: accepted, offerKey } = await acceptFirstOffer(shopper, result.order_number)
    expect(accepted.statusCode).toBe(200)
    const offSession = stripe.calls.find((call) => call.idempotencyKey === `offer:popfitclothing:${offerKey}`)!
    expect(Object.fromEntries(offSession.form)).toMatchObject({ off_session: 'true', confirm: 'true', amount: '2999', payment_method: 'pm_card_visa' })
    expect(offSession.form.get('customer')).toBe(create.form.get('customer'))
  })

  it('a decline (402 card_error with decline_code) leaves no order and the stock as it was', async () => {
    const { shopper, item } = await shopperWithCart()
    const before = await stockOf(t, item.itemId, item.size)
    const orders = (await store.db.selectFrom('orders').select('order_number').execute()).length
    const response = await placeOrder(shopper, 'pm_card_chargeDeclined')
    expect(response.statusCode).toBe(402)
    expect(errorsOf(response)[0]).toMatch(/declined/)
    expect((await store.db.selectFrom('orders').select('order_number').execute()).length).toBe(orders)
    expect(await stockOf(t, item.itemId, item.size)).toBe(before)
  })

  it('requires_action: the client secret goes to the page (handleCardAction), then the same key confirms on the server', async () => {
    const { shopper } = await shopperWithCart()
    const key = randomUUID()
    const first = dataOf<CheckoutResult>(await placeOrder(shopper, 'pm_card_threeDSecure2Required', key))
    expect(first.status).toBe('requires_action')
    if (first.status !== 'requires_action') throw new Error('unreachable')
    expect(first.client_secret).toMatch(/^pi_\d+_secret_/)
    // what Stripe.js handleCardAction leaves behind once the shopper authenticated
    stripe.intents.get(first.payment_id)!.status = 'requires_confirmation'
    const second = await placeOrder(shopper, 'pm_card_threeDSecure2Required', key)
    expect(second.statusCode).toBe(200)
    expect(dataOf<CheckoutResult>(second)).toMatchObject({ status: 'succeeded', order_number: first.order_number })
    const confirm = stripe.calls.find((call) => call.path === `/v1/payment_intents/${first.payment_id}/confirm`)!
    expect(confirm.idempotencyKey).toBe(`checkout:popfitclothing:${key}:confirm`)
  })
  it("a VIP join left at the bank's step and started again: its PaymentIntent is cancelled at Stripe, the new join pays, and the earlier key, back from the bank, says it was replaced", async () => {
    const who = await registered(t, 'ckb.localhost')
    const firstKey = randomUUID()
    const first = dataOf<CheckoutResult>(await joinThroughCheckout(who.shopper, 'unused', firstKey, who.email, 'pm_card_threeDSecure2Required'))
    if (first.status !== 'requires_action') throw new Error(`expected the bank's step, got ${first.status}`)
    const second = await joinThroughCheckout(who.shopper, 'unused', randomUUID(), who.email, 'pm_card_visa')
    expect(second.statusCode, second.body).toBe(200)
    expect(dataOf<CheckoutResult>(second).status).toBe('succeeded')
    expect(stripe.intents.get(first.payment_id)!.status).toBe('canceled')
    expect(stripe.calls.find((call) => call.path === `/v1/payment_intents/${first.payment_id}/cancel`)!.idempotencyKey).toBe(`checkout:ckb:${firstKey}:cancel`)
    const late = await joinThroughCheckout(who.shopper, 'unused', firstKey, who.email, 'pm_card_threeDSecure2Required')
    expect(late.statusCode).toBe(409)
    expect(errorsOf(late)).toEqual([SUPERSEDED])
    expect(stripe.calls.filter((call) => call.path === `/v1/payment_intents/${first.payment_id}/confirm`)).toEqual([])
  })

  it("a VIP join at the bank's step whose PaymentIntent Stripe will not cancel (it took the money): the new join is refused as before, and the earlier one finishes", async () => {
    const who = await registered(t, 'ckb.localhost')
    const firstKey = randomUUID()
    const first = dataOf<CheckoutResult>(await joinThroughCheckout(who.shopper, 'unused', firstKey, who.email, 'pm_card_threeDSecure2Required'))
    if (first.status !== 'requires_action') throw new Error(`expected the bank's step, got ${first.status}`)
    // the bank's step done and the payment taken (Stripe answers the cancel with 400: it succeeded)
    stripe.intents.get(first.payment_id)!.status = 'succeeded'
    const again = await joinThroughCheckout(who.shopper, 'unused', randomUUID(), who.email, 'pm_card_visa')
    expect(again.statusCode).toBe(409)
    expect(errorsOf(again)).toEqual([ALREADY_JOINING])
    const finished = await joinThroughCheckout(who.shopper, 'unused', firstKey, who.email, 'pm_card_threeDSecure2Required')
    expect(finished.statusCode, finished.body).toBe(200)
    expect(dataOf<CheckoutResult>(finished)).toMatchObject({ status: 'succeeded', order_number: first.order_number })
  })

  it.each([
    ['having confirmed nothing', false],
    ['having confirmed it all the same', true],
  ])(
    "Stripe answers 500 to the store's confirmation after the bank's step %s: the same key still finishes the order, charged once",
    async (_how, made) => {
      const { shopper } = await shopperWithCart()
      const key = randomUUID()
      const first = dataOf<CheckoutResult>(await placeOrder(shopper, 'pm_card_threeDSecure2Required', key))
      if (first.status !== 'requires_action') throw new Error(`expected the bank's step, got ${first.status}`)
      stripe.intents.get(first.payment_id)!.status = 'requires_confirmation'
      stripe.serverErrorNext(`/v1/payment_intents/${first.payment_id}/confirm`, { made })
      const paid = await placeOrder(shopper, 'pm_card_threeDSecure2Required', key)
      expect(paid.statusCode).toBe(200)
      expect(dataOf<CheckoutResult>(paid)).toMatchObject({ status: 'succeeded', order_number: first.order_number })
      expect(stripe.intents.get(first.payment_id)!.status).toBe('succeeded')
      const payments = await store.db.selectFrom('payments').select(['status', 'gateway_payment_id']).where('order_number', '=', first.order_number).execute()
      expect(payments).toEqual([{ status: 'succeeded', gateway_payment_id: first.payment_id }])
    },
    30_000,
  )
  it("a saved card at checkout is confirmed on-session (no off_session), so the 3184 card's bank gets its step; a one-time offer after it, refused off-session, is charged on-session and takes the step too", async () => {
    // the first order keeps the card (setup_future_usage) once the bank's step is passed
    const { shopper } = await paidThroughBankStep('saved')
    const [card] = dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))
    expect(card).toMatchObject({ last4: '3184' })

    const item = await itemWithStock(t, 5)
    await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
    const key = randomUUID()
    const waiting = dataOf<CheckoutResult>(await placeOrder(shopper, '', key, { payment_method_id: card!.id }))
    const create = stripe.calls.find((call) => call.path === '/v1/payment_intents' && call.idempotencyKey === `checkout:popfitclothing:${key}`)!
    expect(create.form.get('off_session')).toBeNull()
    expect(Object.fromEntries(create.form)).toMatchObject({ confirm: 'true', confirmation_method: 'manual', payment_method: 'pm_card_threeDSecure2Required' })
    expect(create.form.get('customer')).toMatch(/^cus_/)
    if (waiting.status !== 'requires_action') throw new Error(`expected the bank's step, got ${waiting.status}`)
    stripe.intents.get(waiting.payment_id)!.status = 'requires_confirmation'
    const paid = dataOf<CheckoutResult>(await placeOrder(shopper, '', key, { payment_method_id: card!.id }))
    expect(paid).toMatchObject({ status: 'succeeded', order_number: waiting.order_number })

    // the one-time offer charges off-session first; the bank refuses that without the shopper, who is on
    // the page: so the card is charged on-session, and the page gets the bank's step
    const { response: asked, offerKey, body } = await acceptFirstOffer(shopper, paid.order_number)
    expect(asked.statusCode).toBe(200)
    const step = dataOf<{ status: string; payment_id: string; client_secret: string; next: null }>(asked)
    expect(step).toMatchObject({ status: 'requires_action', next: null, client_secret: expect.stringContaining('_secret_') })
    expect(stripe.calls.find((call) => call.idempotencyKey === `offer:popfitclothing:${offerKey}`)?.form.get('off_session')).toBe('true')
    const onSession = stripe.calls.find((call) => call.idempotencyKey === `offer:popfitclothing:${offerKey}:on-session`)!
    expect(onSession.form.get('off_session')).toBeNull()
    expect(onSession.form.get('confirmation_method')).toBe('manual')
    const offerLines = () => store.db.selectFrom('order_lines').select('id').where('order_number', '=', paid.order_number).where('offer_id', '=', 'pf-oto-1').execute()
    expect(await offerLines()).toEqual([])
    // the bank's step passed, the same key confirms the payment and the piece joins the order, once
    stripe.intents.get(step.payment_id)!.status = 'requires_confirmation'
    const done = await acceptOffer(shopper, body, offerKey)
    expect(done.statusCode).toBe(200)
    expect(dataOf<{ next: string }>(done).next).toMatch(/^\/special-offer\/pf-oto-2\?order=/)
    expect(stripe.intents.get(step.payment_id)!.status).toBe('succeeded')
    expect(await offerLines()).toHaveLength(1)
    expect((await acceptOffer(shopper, body, offerKey)).statusCode).toBe(200)
    expect(await offerLines()).toHaveLength(1)
  })
  it("a one-time offer whose bank's step the shopper cancels: the same key answers 402, nothing is added and the piece is back", async () => {
    const { shopper, paid } = await paidThroughBankStep('cancel')
    const { response: asked, offerKey, body, choice } = await acceptFirstOffer(shopper, paid.order_number)
    const step = dataOf<{ payment_id: string }>(asked)
    const before = await stockOf(t, choice.item_id, choice.sizes[0]!)
    // Stripe.js reports the step failed; the PaymentIntent waits for another method, as Stripe leaves it
    Object.assign(stripe.intents.get(step.payment_id)!, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure' },
    })
    const refused = await acceptOffer(shopper, body, offerKey)
    expect(refused.statusCode).toBe(402)
    expect(await stockOf(t, choice.item_id, choice.sizes[0]!)).toBe(before + 1)
    expect(await store.db.selectFrom('payments').select('id').where('order_number', '=', paid.order_number).where('offer_id', 'is not', null).execute()).toEqual([])
  })
  it("a one-time offer left at the bank's step: the sweeper lets its piece go after the reservation time, and the key then says so, charging nothing", async () => {
    const { shopper, paid } = await paidThroughBankStep('left')
    const { response: asked, offerKey, body, choice } = await acceptFirstOffer(shopper, paid.order_number)
    const step = dataOf<{ payment_id: string }>(asked)
    const held = await stockOf(t, choice.item_id, choice.sizes[0]!)
    // still within the time: left be
    await sweep(t, new Date(Date.now() + ASK_AFTER_MS))
    expect(await stockOf(t, choice.item_id, choice.sizes[0]!)).toBe(held)
    await sweep(t, new Date(Date.now() + RESERVATION_MS + 60_000))
    expect(await stockOf(t, choice.item_id, choice.sizes[0]!)).toBe(held + 1)
    const late = await acceptOffer(shopper, body, offerKey)
    expect(late.statusCode).toBe(409)
    expect(errorsOf(late)[0]).toMatch(/waited too long for your bank/)
    expect(stripe.intents.get(step.payment_id)!.status).toBe('requires_action')
  })
  it("no thanks to a one-time offer left at the bank's step lets its piece go at once, and its key then says so, charging nothing", async () => {
    const { shopper, paid } = await paidThroughBankStep('no-thanks')
    const { response: asked, offerKey, body, choice } = await acceptFirstOffer(shopper, paid.order_number)
    const step = dataOf<{ payment_id: string }>(asked)
    const held = await stockOf(t, choice.item_id, choice.sizes[0]!)
    // the shopper even passed the step, then changed their mind before the page sent the key again
    stripe.intents.get(step.payment_id)!.status = 'requires_confirmation'
    const declined = await shopper.request({ method: 'POST', url: '/api/one-time-offers/pf-oto-1/decline', payload: { order_number: paid.order_number } })
    expect(declined.statusCode).toBe(200)
    expect(await stockOf(t, choice.item_id, choice.sizes[0]!)).toBe(held + 1)
    const late = await acceptOffer(shopper, body, offerKey)
    expect(late.statusCode).toBe(409)
    expect(errorsOf(late)[0]).toMatch(/You said no thanks to this offer/)
    expect(stripe.intents.get(step.payment_id)!.status).toBe('requires_confirmation')
  })
  it.each([
    ['having made nothing', false],
    ['having made and charged the PaymentIntent all the same', true],
  ])(
    'Stripe answers 500 %s, and keeps that answer for the key: the checkout finds out which, and the order is paid once',
    async (_how, made) => {
      const { shopper, item } = await shopperWithCart()
      const before = await stockOf(t, item.itemId, item.size)
      const key = randomUUID()
      stripe.serverErrorNext('/v1/payment_intents', { made })
      const paid = await placeOrder(shopper, 'pm_card_visa', key)
      expect(paid.statusCode).toBe(200)
      const result = dataOf<CheckoutResult>(paid)
      expect(result.status).toBe('succeeded')
      expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
      // one PaymentIntent took the money for the order, whichever way the 500 went
      expect(intentsOf(result.order_number).map((intent) => intent.status)).toEqual(['succeeded'])
      const payments = () => store.db.selectFrom('payments').select(['status', 'gateway_payment_id']).where('order_number', '=', result.order_number).execute()
      expect(await payments()).toEqual([{ status: 'succeeded', gateway_payment_id: intentsOf(result.order_number)[0]!.id }])
      // the same key again is the same order, and charges nothing more
      expect(dataOf<CheckoutResult>(await placeOrder(shopper, 'pm_card_visa', key)).order_number).toBe(result.order_number)
      expect(intentsOf(result.order_number)).toHaveLength(1)
      expect(await payments()).toHaveLength(1)
    },
    30_000,
  )
  it.each([
    ['having made nothing', false],
    ['having made it all the same', true],
  ])(
    "Stripe answers 500 to making a new card's Customer %s: every try of the key uses one Customer, and the order is paid once",
    async (_how, made) => {
      const { shopper } = await shopperWithCart()
      const key = randomUUID()
      stripe.serverErrorNext('/v1/customers', { made })
      // the PaymentIntent is made, but its answer is lost: 503
      expect((await placeOrderAnswerLost(shopper, key)).statusCode).toBe(503)
      // the retry asks for the Customer again: the 500 is replayed, the same Customer found, so the
      // PaymentIntent's key replays the one made (another Customer would make Stripe refuse the key)
      const paid = await placeOrder(shopper, 'pm_card_visa', key)
      expect(paid.statusCode).toBe(200)
      const result = dataOf<CheckoutResult>(paid)
      expect(result.status).toBe('succeeded')
      const customers = stripe.customers.filter((customer) => customer.metadata.store_key === `checkout:popfitclothing:${key}`)
      expect(customers).toHaveLength(1)
      expect(intentsOf(result.order_number).map((intent) => [intent.status, intent.customer])).toEqual([['succeeded', customers[0]!.id]])
    },
    30_000,
  )
  /** The order number of the checkout attempt made with a key. */
  const orderOfKey = async (key: string) =>
    (await store.db.selectFrom('checkout_attempts').select('order_number').where('idempotency_key', '=', key).executeTakeFirstOrThrow()).order_number!
  const orderStatus = async (orderNumber: string) =>
    (await store.db.selectFrom('orders').select('status').where('order_number', '=', orderNumber).executeTakeFirst())?.status ?? 'gone'
  /** A moment past the reservation of an order placed now. */
  const pastReservation = (ms = 1000) => new Date(Date.now() + RESERVATION_MS + ms)

  it('a charge whose answer was lost, not tried again: when the reservation runs out, the sweeper finds it paid at Stripe and the order stands, e-mailed, once', async () => {
    const { shopper, item } = await shopperWithCart()
    const before = await stockOf(t, item.itemId, item.size)
    const key = randomUUID()
    // the PaymentIntent is made and charged, but no answer comes back: the shopper is told to try again, and never does
    expect((await placeOrderAnswerLost(shopper, key)).statusCode).toBe(503)
    const orderNumber = await orderOfKey(key)
    const { log, about } = sweepLog()
    await sweep(t, pastReservation(), log)
    // paid, as the retry would have left it: the piece stays sold, the payment recorded, the e-mail queued
    expect(await orderStatus(orderNumber)).toBe('paid')
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
    const [intent] = intentsOf(orderNumber)
    expect(await store.db.selectFrom('payments').select(['status', 'gateway_payment_id']).where('order_number', '=', orderNumber).execute()).toEqual([
      { status: 'succeeded', gateway_payment_id: intent!.id },
    ])
    expect(await store.db.selectFrom('outbox_emails').select('subject').where('subject', 'like', `%${orderNumber}%`).execute()).toHaveLength(1)
    expect(about(orderNumber).filter((entry) => entry.level === 'warn')).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/found paid at the provider: the order stands/) }),
    ])
    // Stripe was asked by the store's key, and nothing was charged again
    expect(intentsOf(orderNumber)).toHaveLength(1)
    // the shopper coming back with the key gets their order; another sweep changes nothing
    const late = await placeOrder(shopper, 'pm_card_visa', key)
    expect(late.statusCode).toBe(200)
    expect(dataOf<CheckoutResult>(late)).toMatchObject({ status: 'succeeded', order_number: orderNumber })
    await sweep(t, pastReservation(2000))
    expect(await orderStatus(orderNumber)).toBe('paid')
    expect(intentsOf(orderNumber)).toHaveLength(1)
  }, 30_000)
  it('a charge that never reached Stripe, not tried again: the sweeper finds no payment and releases the stock, without a warning; the key still pays later', async () => {
    const { shopper, item } = await shopperWithCart()
    const before = await stockOf(t, item.itemId, item.size)
    const key = randomUUID()
    stripe.reachable(false)
    try {
      expect((await placeOrder(shopper, 'pm_card_visa', key)).statusCode).toBe(503)
    } finally {
      stripe.reachable(true)
    }
    const orderNumber = await orderOfKey(key)
    const { log, about } = sweepLog()
    expect(await sweep(t, pastReservation(), log)).toBeGreaterThanOrEqual(1)
    expect(await orderStatus(orderNumber)).toBe('gone')
    expect(await stockOf(t, item.itemId, item.size)).toBe(before)
    expect(about(orderNumber).map((entry) => entry.level)).toEqual(['info'])
    // the shopper comes back with the same key: the order is reserved again and paid once
    const late = await placeOrder(shopper, 'pm_card_visa', key)
    expect(late.statusCode).toBe(200)
    expect(intentsOf(orderNumber).map((intent) => intent.status)).toEqual(['succeeded'])
  }, 30_000)
  it("a one-time offer's charge whose answer was lost, not tried again: the sweeper finds it at Stripe by its key and adds the piece to the order", async () => {
    const { shopper } = await shopperWithCart()
    const placed = dataOf<CheckoutResult>(await placeOrder(shopper, 'pm_card_visa'))
    stripe.dropAnswers('/v1/payment_intents', 3)
    let accepted: Awaited<ReturnType<typeof acceptFirstOffer>>
    try {
      accepted = await acceptFirstOffer(shopper, placed.order_number)
    } finally {
      stripe.dropAnswers('/v1/payment_intents', 0)
    }
    expect(accepted.response.statusCode).toBe(503)
    const offerIntents = () =>
      [...stripe.intents.values()].filter((intent) => (intent.metadata as Record<string, string>).store_key === `offer:popfitclothing:${accepted.offerKey}`)
    expect(offerIntents().map((intent) => intent.status)).toEqual(['succeeded'])
    await sweep(t, new Date(Date.now() + ASK_AFTER_MS + 1000))
    const payment = await store.db
      .selectFrom('payments')
      .select(['status', 'gateway_payment_id'])
      .where('order_number', '=', placed.order_number)
      .where('offer_id', '=', 'pf-oto-1')
      .execute()
    expect(payment).toEqual([{ status: 'succeeded', gateway_payment_id: offerIntents()[0]!.id }])
    expect(await store.db.selectFrom('order_lines').select('id').where('order_number', '=', placed.order_number).where('offer_id', '=', 'pf-oto-1').execute()).toHaveLength(1)
    expect(offerIntents()).toHaveLength(1)
  }, 30_000)
  it('Stripe out of reach when the reservation runs out: the stock stays held, and the sweep that reaches Stripe ten minutes on keeps the paid order', async () => {
    const { shopper, item } = await shopperWithCart()
    const before = await stockOf(t, item.itemId, item.size)
    const key = randomUUID()
    expect((await placeOrderAnswerLost(shopper, key)).statusCode).toBe(503)
    const orderNumber = await orderOfKey(key)
    stripe.reachable(false)
    try {
      await sweep(t, pastReservation())
    } finally {
      stripe.reachable(true)
    }
    expect(await orderStatus(orderNumber)).toBe('pending_payment')
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
    // the next minute's sweep leaves it be: an outage is asked about every ten minutes, not every minute
    const searched = stripe.calls.length
    await sweep(t, pastReservation(61_000))
    expect(stripe.calls.length).toBe(searched)
    await sweep(t, pastReservation(ASK_AFTER_MS + 1000))
    expect(await orderStatus(orderNumber)).toBe('paid')
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
  }, 30_000)
  it('Stripe out of reach for a day after a charge had no answer: the order is released and logged with the key Stripe knows the payment by', async () => {
    const { shopper } = await shopperWithCart()
    const key = randomUUID()
    expect((await placeOrderAnswerLost(shopper, key)).statusCode).toBe(503)
    const orderNumber = await orderOfKey(key)
    const { log, about } = sweepLog()
    stripe.reachable(false)
    try {
      await sweep(t, pastReservation(GIVE_UP_MS + 60_000), log)
    } finally {
      stripe.reachable(true)
    }
    expect(await orderStatus(orderNumber)).toBe('gone')
    const [warning] = about(orderNumber)
    expect(warning).toMatchObject({ level: 'warn', message: expect.stringMatching(/look for a payment with this store_key at the provider/) })
    expect(warning?.details).toMatchObject({ store_key: `checkout:popfitclothing:${key}`, amount_cents: expect.any(Number) })
    // the key it names is the one on the PaymentIntent that took the money
    expect(intentsOf(orderNumber)[0]).toMatchObject({ status: 'succeeded', metadata: { store_key: `checkout:popfitclothing:${key}` } })
  }, 30_000)
  it('a charge asked about only once it has been still for a while: Stripe’s search may not show a payment made a moment ago', async () => {
    const { shopper } = await shopperWithCart()
    const key = randomUUID()
    expect((await placeOrderAnswerLost(shopper, key)).statusCode).toBe(503)
    const orderNumber = await orderOfKey(key)
    // the shopper's last try came just before the reservation ran out
    const order = await store.db.selectFrom('orders').select('reserved_until').where('order_number', '=', orderNumber).executeTakeFirstOrThrow()
    const end = new Date(order.reserved_until!)
    await store.db
      .updateTable('checkout_attempts')
      .set({ updated_at: new Date(end.getTime() - 60_000).toISOString() })
      .where('idempotency_key', '=', key)
      .execute()
    const searches = () => stripe.calls.filter((call) => call.path === '/v1/payment_intents/search').length
    const searched = searches()
    await sweep(t, new Date(end.getTime() + 1000))
    expect(await orderStatus(orderNumber)).toBe('pending_payment')
    expect(searches()).toBe(searched)
    await sweep(t, new Date(end.getTime() + ASK_AFTER_MS))
    expect(await orderStatus(orderNumber)).toBe('paid')
    expect(searches()).toBe(searched + 1)
  }, 30_000)
  it.each(['a new card', 'a saved card'])(
    'Stripe out of reach while paying with %s: 503 saying so, the stock held for the same key, which then pays once',
    async (how) => {
      const { shopper, item } = await shopperWithCart()
      let source: Record<string, string> = {}
      if (how === 'a saved card') {
        expect((await shopper.post('/api/register', { name: 'Pat Shopper', email: `stripe-down-${randomUUID()}@example.com`, password: 'leggings-forever' })).statusCode).toBe(200)
        expect(dataOf<CheckoutResult>(await placeOrder(shopper, 'pm_card_visa')).status).toBe('succeeded')
        const [card] = dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))
        source = { payment_method_id: card!.id }
        await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
      }
      const token = how === 'a new card' ? 'pm_card_visa' : ''
      const before = await stockOf(t, item.itemId, item.size)
      const key = randomUUID()
      const firstCall = stripe.calls.length
      stripe.reachable(false)
      let down: Awaited<ReturnType<typeof placeOrder>>
      try {
        down = await placeOrder(shopper, token, key, source)
      } finally {
        stripe.reachable(true)
      }
      expect(down.statusCode).toBe(503)
      expect(errorsOf(down)[0]).toBe('We could not reach the payment service. Try again in a moment: you will not be charged twice.')
      // the order waits with its stock held for the retry; nobody else can take it meanwhile
      expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)

      const paid = await placeOrder(shopper, token, key, source)
      expect(paid.statusCode).toBe(200)
      const result = dataOf<CheckoutResult>(paid)
      expect(result.status).toBe('succeeded')
      expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
      // every try, dropped or answered, carried a key made from the checkout's, so Stripe makes one of each thing
      const tries = stripe.calls.slice(firstCall)
      expect(tries.length).toBeGreaterThan(2)
      expect(tries.every((call) => call.idempotencyKey?.startsWith(`checkout:popfitclothing:${key}`))).toBe(true)
      expect(tries.filter((call) => call.path === '/v1/payment_intents').map((call) => call.idempotencyKey)).toContain(`checkout:popfitclothing:${key}`)
      const payments = await store.db.selectFrom('payments').select(['status', 'gateway_payment_id']).where('order_number', '=', result.order_number).execute()
      expect(payments).toEqual([{ status: 'succeeded', gateway_payment_id: expect.stringMatching(/^pi_/) }])
    },
    30_000,
  )
})
