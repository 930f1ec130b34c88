import type { CheckoutResult, PaymentMethod } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARDS, itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { defaultPaymentMethodFor, MAX_PAYMENT_METHODS } from './payment-methods.service.ts'

async function customer(t: TestStore, email: string, host = 'localhost') {
  const shopper = new TestShopper(t.app, host)
  expect((await shopper.post('/api/register', { name: 'Card Holder', email, password: 'a-long-password-1' })).statusCode).toBe(200)
  return shopper
}

describe.each(DIALECTS)('payment methods on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('saves cards through the gateway (the first is the default), makes another the default, removes one', async () => {
    const shopper = await customer(t, 'cards@example.com')
    expect(dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))).toEqual([])

    const first = dataOf<PaymentMethod[]>(await shopper.post('/api/payment-methods', { payment_token: await tokenFor(shopper) }))
    expect(first).toEqual([{ id: expect.any(String), card_brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getFullYear() + 3, default: true }])
    const two = dataOf<PaymentMethod[]>(await shopper.post('/api/payment-methods', { payment_token: await tokenFor(shopper, '5555 5555 5555 4444') }))
    expect(two.map((m) => [m.last4, m.default])).toEqual([
      ['4242', true],
      ['4444', false],
    ])

    const mastercard = two.find((m) => m.last4 === '4444')!
    const switched = dataOf<PaymentMethod[]>(await shopper.post(`/api/payment-methods/${mastercard.id}/default`))
    expect(switched.map((m) => [m.last4, m.default])).toEqual([
      ['4444', true],
      ['4242', false],
    ])

    // what club billing reads
    const account = await t.store.db.selectFrom('customers').select('id').where('email', '=', 'cards@example.com').executeTakeFirstOrThrow()
    const chargeable = await defaultPaymentMethodFor({ db: t.store.db, brandId: 'popfitclothing' }, account.id)
    expect(chargeable).toMatchObject({ id: mastercard.id, gateway: 'test', last4: '4444' })
    expect(chargeable!.reference).toMatch(/^tok_test_/)

    // removing the default hands it to the other one
    const left = dataOf<PaymentMethod[]>(await shopper.post(`/api/payment-methods/${mastercard.id}/remove`))
    expect(left.map((m) => [m.last4, m.default])).toEqual([['4242', true]])
    // and the saved card pays a one-time charge off-session: the gateway takes it
    const rows = await t.store.db.selectFrom('payment_methods').select(['gateway_token', 'card_brand', 'last4', 'exp_month', 'exp_year']).execute()
    expect(Object.keys(rows[0]!)).not.toContain('number')
  })

  it('refuses a declined card (402 at payment_token), a bad token, and a visitor (401)', async () => {
    const shopper = await customer(t, 'declined@example.com')
    const declined = await shopper.post('/api/payment-methods', { payment_token: await tokenFor(shopper, CARDS.declined) })
    expect(declined.statusCode).toBe(402)
    expect(declined.json().errors[0]).toMatchObject({ field: 'payment_token' })
    expect((await shopper.post('/api/payment-methods', { payment_token: 'tok_test_nothing' })).statusCode).toBe(402)
    expect((await shopper.post('/api/payment-methods', {})).statusCode).toBe(400)
    expect(dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))).toEqual([])
    const visitor = new TestShopper(t.app)
    expect((await visitor.get('/api/payment-methods')).statusCode).toBe(401)
    expect(errorsOf(await visitor.post('/api/payment-methods', { payment_token: 'tok_test_x' }))).toEqual(['Please log in to continue.'])
  })

  it("another customer's method, or the same at another brand, is not found (404) by every route", async () => {
    const owner = await customer(t, 'owner-pm@example.com')
    const [method] = dataOf<PaymentMethod[]>(await owner.post('/api/payment-methods', { payment_token: await tokenFor(owner) }))
    const other = await customer(t, 'other-pm@example.com')
    const elsewhere = await customer(t, 'owner-pm@example.com', 'ckb.localhost')
    for (const stranger of [other, elsewhere]) {
      expect(dataOf<PaymentMethod[]>(await stranger.get('/api/payment-methods'))).toEqual([])
      for (const action of ['default', 'remove']) {
        const response = await stranger.post(`/api/payment-methods/${method!.id}/${action}`)
        expect(response.statusCode).toBe(404)
        expect(response.body).toBe((await stranger.post(`/api/payment-methods/no-such-id/${action}`)).body)
      }
    }
    expect(dataOf<PaymentMethod[]>(await owner.get('/api/payment-methods'))).toEqual([method])
  })

  it('a card paid with at checkout is listed too: the first card is the default, and what billing charges', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    await shopper.post('/api/register', { name: 'Paid Once', email: 'paid-once@example.com', password: 'a-long-password-1' })
    dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper, '5555 5555 5555 4444')))
    const listed = dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))
    expect(listed.map((m) => [m.card_brand, m.last4, m.default])).toEqual([['mastercard', '4444', true]])
    const account = await t.store.db.selectFrom('customers').select('id').where('email', '=', 'paid-once@example.com').executeTakeFirstOrThrow()
    expect((await defaultPaymentMethodFor({ db: t.store.db, brandId: 'popfitclothing' }, account.id))?.last4).toBe('4444')
  })

  it('the same card paid with on two orders, then added on the page, is one saved card (with the newest reference)', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    await shopper.post('/api/register', { name: 'Paid Twice', email: 'paid-twice@example.com', password: 'a-long-password-1' })
    const first = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper)))
    expect((await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
    const second = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper)))
    const listed = dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))
    expect(listed.map((m) => m.last4)).toEqual(['4242'])
    const orders = await t.store.db.selectFrom('orders').select('payment_method_id').where('order_number', 'in', [first.order_number, second.order_number]).execute()
    expect(orders.map((o) => o.payment_method_id)).toEqual([listed[0]!.id, listed[0]!.id])
    const before = await t.store.db.selectFrom('payment_methods').select('gateway_token').where('id', '=', listed[0]!.id).executeTakeFirstOrThrow()
    // added again on /change_payment as the default: still one card, now the default, with the new reference
    const again = dataOf<PaymentMethod[]>(await shopper.post('/api/payment-methods', { payment_token: await tokenFor(shopper) }))
    expect(again.map((m) => [m.id, m.default])).toEqual([[listed[0]!.id, true]])
    const after = await t.store.db.selectFrom('payment_methods').select('gateway_token').where('id', '=', listed[0]!.id).executeTakeFirstOrThrow()
    expect(after.gateway_token).not.toBe(before.gateway_token)
    // another card is another row
    const other = dataOf<PaymentMethod[]>(await shopper.post('/api/payment-methods', { payment_token: await tokenFor(shopper, '5555 5555 5555 4444') }))
    expect(other.map((m) => m.last4)).toEqual(['4242', '4444'])
  })

  it("bills a member's membership to the card they make the default, and to the next card when it is removed", async () => {
    const shopper = await customer(t, 'member-card@example.com')
    const account = await t.store.db.selectFrom('customers').select('id').where('email', '=', 'member-card@example.com').executeTakeFirstOrThrow()
    const first = dataOf<PaymentMethod[]>(await shopper.post('/api/payment-methods', { payment_token: await tokenFor(shopper) }))[0]!
    const now = new Date().toISOString()
    await t.store.db
      .insertInto('memberships')
      .values({
        id: `m-card-${dialect}`,
        brand_id: 'popfitclothing',
        customer_id: account.id,
        status: 'active',
        amount_cents: 2499,
        next_billing_date: '2026-12-01',
        payment_method_id: first.id,
        created_at: now,
      })
      .execute()
    const billedTo = async () =>
      (await t.store.db.selectFrom('memberships').select('payment_method_id').where('id', '=', `m-card-${dialect}`).executeTakeFirstOrThrow()).payment_method_id

    const added = dataOf<PaymentMethod[]>(await shopper.post('/api/payment-methods', { payment_token: await tokenFor(shopper, '5555 5555 5555 4444') }))
    const mastercard = added.find((m) => m.last4 === '4444')!
    expect(await billedTo()).toBe(first.id)
    await shopper.post(`/api/payment-methods/${mastercard.id}/default`)
    expect(await billedTo()).toBe(mastercard.id)
    await shopper.post(`/api/payment-methods/${mastercard.id}/remove`)
    expect(await billedTo()).toBe(first.id)
  })
  it('keeps one row per card, one default and its limit when cards are added at once', async () => {
    const shopper = await customer(t, 'cards-at-once@example.com')
    const year = new Date().getFullYear() + 3
    /** a token of the test gateway; another expiry year is another card */
    const token = async (number: string, expYear = year) =>
      dataOf<{ token: string }>(await shopper.post('/api/payments/test-tokens', { number, cvc: '123', exp_month: '12', exp_year: String(expYear) })).token
    // the same two cards six times each, at once (a double tap, two tabs): two rows, one default
    const tokens = await Promise.all(Array.from({ length: 12 }, (_, i) => token(i % 2 ? '5555 5555 5555 4444' : '4242 4242 4242 4242')))
    const added = await Promise.all(tokens.map((payment_token) => shopper.post('/api/payment-methods', { payment_token })))
    expect(added.every((r) => r.statusCode === 200)).toBe(true)
    const two = dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))
    expect(two.map((m) => m.last4).sort()).toEqual(['4242', '4444'])
    expect(two.filter((m) => m.default)).toHaveLength(1)

    // seven more cards (to the limit of ten), then three at once: one place left, two refused
    for (let i = 1; i <= MAX_PAYMENT_METHODS - 3; i++) {
      expect((await shopper.post('/api/payment-methods', { payment_token: await token('4242 4242 4242 4242', year + i) })).statusCode).toBe(200)
    }
    const last = await Promise.all([11, 12, 13].map(async (i) => shopper.post('/api/payment-methods', { payment_token: await token('4242 4242 4242 4242', year + i) })))
    expect(last.map((r) => r.statusCode).sort()).toEqual([200, 422, 422])
    expect(errorsOf(last.find((r) => r.statusCode === 422)!)).toEqual([`You can keep up to ${MAX_PAYMENT_METHODS} cards. Remove one first.`])
    const full = dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))
    expect(full).toHaveLength(MAX_PAYMENT_METHODS)
    expect(full.filter((m) => m.default)).toHaveLength(1)
  })

  describe('a card whose bank asks the cardholder to confirm it (3-D Secure on the setup)', () => {
    const setupOf = async (shopper: TestShopper, number: string, makeDefault = false) => {
      const added = await shopper.post('/api/payment-methods', { payment_token: await tokenFor(shopper, number), ...(makeDefault ? { make_default: 'true' } : {}) })
      expect(added.statusCode).toBe(202)
      return dataOf<{ setup_id: string; client_secret: string }>(added)
    }
    const authenticate = (shopper: TestShopper, setupId: string, outcome: 'complete' | 'cancel') => shopper.postJson('/api/payments/authenticate', { payment_id: setupId, outcome })
    const complete = (shopper: TestShopper, setupId: string) => shopper.post(`/api/payment-methods/setups/${setupId}/complete`, {})

    it('is not saved until the cardholder confirms it; then it is kept, the default when asked, and pays off-session (3184)', async () => {
      const shopper = await customer(t, `setup-3184-${dialect}@example.com`)
      await shopper.post('/api/payment-methods', { payment_token: await tokenFor(shopper) })
      const setup = await setupOf(shopper, CARDS.authenticate, true)
      expect(setup.setup_id).toMatch(/^seti_test_/)
      expect(dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods')).map((m) => m.last4)).toEqual(['4242'])
      // asked before the step: not yet, and it still waits
      const early = await complete(shopper, setup.setup_id)
      expect(early.statusCode).toBe(409)
      expect(errorsOf(early)[0]).toMatch(/not confirmed this card yet/)
      expect((await authenticate(shopper, setup.setup_id, 'complete')).statusCode).toBe(200)
      const cards = dataOf<PaymentMethod[]>(await complete(shopper, setup.setup_id))
      expect(cards.map((m) => [m.last4, m.default])).toEqual([
        ['3184', true],
        ['4242', false],
      ])
      // done: the same setup cannot be completed twice
      expect((await complete(shopper, setup.setup_id)).statusCode).toBe(404)
      // once set up, the bank lets the store charge it without the shopper (club billing, offers)
      const account = await t.store.db.selectFrom('customers').select('id').where('email', '=', `setup-3184-${dialect}@example.com`).executeTakeFirstOrThrow()
      const billed = await defaultPaymentMethodFor({ db: t.store.db, brandId: 'popfitclothing' }, account.id)
      expect(billed).toMatchObject({ last4: '3184' })
    })

    it('the step cancelled: 402 at the card, nothing saved, and the setup is over', async () => {
      const shopper = await customer(t, `setup-cancel-${dialect}@example.com`)
      const setup = await setupOf(shopper, CARDS.alwaysAuthenticate)
      expect((await authenticate(shopper, setup.setup_id, 'cancel')).statusCode).toBe(200)
      const refused = await complete(shopper, setup.setup_id)
      expect(refused.statusCode).toBe(402)
      // nothing is paid on a setup: the message speaks of the card (checkout's, of a payment, stays)
      expect(refused.json().errors[0]).toEqual({ field: 'payment_token', message: 'Your bank could not confirm this card. Try again, or use another card.' })
      expect(dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))).toEqual([])
      expect((await complete(shopper, setup.setup_id)).statusCode).toBe(404)
    })

    it("no one else answers a customer's setup or completes it: the same 404 as an unknown id", async () => {
      const owner = await customer(t, `setup-owner-${dialect}@example.com`)
      const setup = await setupOf(owner, CARDS.authenticate)
      const other = await customer(t, `setup-other-${dialect}@example.com`)
      const visitor = new TestShopper(t.app)
      for (const stranger of [other, visitor]) {
        expect((await authenticate(stranger, setup.setup_id, 'complete')).statusCode).toBe(404)
      }
      expect((await complete(other, setup.setup_id)).body).toBe((await complete(other, 'seti_test_nothing')).body)
      expect((await complete(other, setup.setup_id)).statusCode).toBe(404)
      expect((await complete(visitor, setup.setup_id)).statusCode).toBe(401)
      // the owner's setup is untouched: still waiting for its own step
      expect((await complete(owner, setup.setup_id)).statusCode).toBe(409)
    })
  })
})
