/**
 * The test gateway's one-time tokens are used once, as Stripe's one-time tokens and unattached
 * PaymentMethods are (test-gateway.ts, migration 018): the first charge or setup naming one uses it,
 * whatever its outcome; another key sending it again is declined, the same key again answers its
 * first outcome, and a token kept for later goes on as a saved method.
 */
import { randomUUID } from 'node:crypto'
import type { CheckoutResult, PaymentMethod } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrandData } from '../context/request-context.ts'
import { CARDS, count, itemWithStock, placeOrder, shopperWithCart, stockOf, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, type TestStore } from '../test/harness.ts'
import { TestGateway, TOKEN_USED } from './test-gateway.ts'

const SPENT = 'This card entry was already used. Enter your card again.'

describe.each(DIALECTS)("the test gateway's one-time tokens, on %s", (dialect) => {
  let t: TestStore
  let scope: BrandData
  const gateway = new TestGateway()
  beforeAll(async () => {
    t = await startTestStore(dialect)
    scope = { brandId: 'popfitclothing', db: t.store.db, dialect, store: t.store }
  })
  afterAll(() => t.close())

  const charge = (token: string, key: string = randomUUID(), saveForLater = false) =>
    gateway.charge(scope, { amountCents: 1000, source: { kind: 'token', token }, idempotencyKey: key, saveForLater, metadata: {} })
  const shopperToken = async (number: string = CARDS.success) => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    return { shopper, item, token: await tokenFor(shopper, number) }
  }

  it('a token that paid cannot pay again under another key; the same key answers its first payment, charged once', async () => {
    const { token } = await shopperToken()
    const key = randomUUID()
    const first = await charge(token, key)
    expect(first.status).toBe('succeeded')
    const again = await charge(token)
    expect(again).toMatchObject({ status: 'declined', code: TOKEN_USED, message: SPENT })
    expect(await charge(token, key)).toEqual(first)
    expect(await count(t, 'test_gateway_charges', { column: 'token', value: token })).toBe(2)
  })

  it('a declined card entry is used too: sending it again under a new key is refused as used, not tried on the card again', async () => {
    const { token } = await shopperToken(CARDS.declined)
    const key = randomUUID()
    expect(await charge(token, key)).toMatchObject({ status: 'declined', code: 'card_declined' })
    expect(await charge(token)).toMatchObject({ status: 'declined', code: TOKEN_USED, message: SPENT })
    // the first key keeps its own answer
    expect(await charge(token, key)).toMatchObject({ status: 'declined', code: 'card_declined' })
  })

  it('the decline of a used token is the answer of its key: the same key again gets it again', async () => {
    const { token } = await shopperToken()
    await charge(token)
    const key = randomUUID()
    expect(await charge(token, key)).toMatchObject({ code: TOKEN_USED })
    expect(await charge(token, key)).toMatchObject({ code: TOKEN_USED })
  })

  it('a key that charged already answers its first outcome when sent again with another token, and leaves that token unused', async () => {
    const { token } = await shopperToken()
    const key = randomUUID()
    const first = await charge(token, key)
    const { token: other } = await shopperToken()
    expect(await charge(other, key)).toEqual(first)
    expect(await charge(other)).toMatchObject({ status: 'succeeded' })
  })

  it('eight charges at once with one fresh token and eight keys: one uses it, seven are declined as used', async () => {
    const { token } = await shopperToken()
    const results = await Promise.all(Array.from({ length: 8 }, () => charge(token)))
    expect(results.filter((result) => result.status === 'succeeded')).toHaveLength(1)
    expect(results.filter((result) => result.status === 'declined' && result.code === TOKEN_USED)).toHaveLength(7)
  })

  it('eight charges at once with one token and one key: one payment, the same answer eight times', async () => {
    const { token } = await shopperToken()
    const key = randomUUID()
    const results = await Promise.all(Array.from({ length: 8 }, () => charge(token, key)))
    expect(new Set(results.map((result) => result.status === 'succeeded' && result.paymentId))).toEqual(new Set([results[0]!.status === 'succeeded' && results[0]!.paymentId]))
    expect(results[0]!.status).toBe('succeeded')
    expect(await count(t, 'test_gateway_charges', { column: 'token', value: token })).toBe(1)
  })

  it('a token kept for later (a payment that saved it) goes on as a saved method, on and off session', async () => {
    const { token } = await shopperToken()
    const first = await charge(token, randomUUID(), true)
    expect(first).toMatchObject({ status: 'succeeded', savedMethod: token })
    const reference = first.status === 'succeeded' ? first.savedMethod! : ''
    for (const customerPresent of [true, false]) {
      const saved = await gateway.charge(scope, { amountCents: 500, source: { kind: 'saved', reference, customerPresent }, idempotencyKey: randomUUID(), metadata: {} })
      expect(saved.status).toBe('succeeded')
    }
    expect(await charge(token)).toMatchObject({ code: TOKEN_USED })
  })

  it('a setup (saveMethod) uses the token: the same key again is the same setup, another key or a charge is refused; the kept card pays as saved', async () => {
    const { token } = await shopperToken()
    const key = randomUUID()
    const kept = await gateway.saveMethod(scope, { token, customerReference: null, idempotencyKey: key, metadata: {} })
    expect(kept).toMatchObject({ status: 'succeeded', reference: token })
    expect(await gateway.saveMethod(scope, { token, customerReference: null, idempotencyKey: key, metadata: {} })).toEqual(kept)
    expect(await gateway.saveMethod(scope, { token, customerReference: null, idempotencyKey: randomUUID(), metadata: {} })).toEqual({
      status: 'declined',
      code: TOKEN_USED,
      message: SPENT,
    })
    expect(await charge(token)).toMatchObject({ code: TOKEN_USED })
    const saved = await gateway.charge(scope, { amountCents: 500, source: { kind: 'saved', reference: token, customerPresent: false }, idempotencyKey: randomUUID(), metadata: {} })
    expect(saved.status).toBe('succeeded')
  })

  it('a token that was never issued is still "could not be read"', async () => {
    expect(await charge('tok_test_nobody')).toMatchObject({ status: 'declined', code: 'invalid_token' })
    expect(await gateway.saveMethod(scope, { token: 'tok_test_nobody', customerReference: null, idempotencyKey: randomUUID(), metadata: {} })).toMatchObject({
      code: 'invalid_token',
    })
  })

  describe('through the API', () => {
    it('a checkout declined, then sent again with the same card entry and a new key: 402 "already used", nothing reserved or charged', async () => {
      const { shopper, item, token } = await shopperToken(CARDS.declined)
      const before = await stockOf(t, item.itemId, item.size)
      const key = randomUUID()
      const declined = await placeOrder(shopper, token, key)
      expect(declined.statusCode).toBe(402)
      expect(errorsOf(declined)).toEqual(['Your card was declined. Try another card, or contact your bank.'])
      const again = await placeOrder(shopper, token)
      expect(again.statusCode).toBe(402)
      expect(again.json().errors).toEqual([{ message: SPENT, field: 'payment_token' }])
      expect(await stockOf(t, item.itemId, item.size)).toBe(before)
      // the first key still answers its own decline
      expect(errorsOf(await placeOrder(shopper, token, key))).toEqual(['Your card was declined. Try another card, or contact your bank.'])
      // a card entered again pays
      expect((await placeOrder(shopper, await tokenFor(shopper))).statusCode).toBe(200)
    })

    it("the bank's step cancelled, then the same card entry under a new key: 402 'already used'; the same key after the step still finishes as before", async () => {
      const { shopper, item, token } = await shopperToken(CARDS.authenticate)
      const key = randomUUID()
      const waiting = dataOf<CheckoutResult>(await placeOrder(shopper, token, key))
      if (waiting.status !== 'requires_action') throw new Error('expected the bank step')
      expect((await shopper.postJson('/api/payments/authenticate', { payment_id: waiting.payment_id, outcome: 'cancel' })).statusCode).toBe(200)
      expect((await placeOrder(shopper, token, key)).statusCode).toBe(402)
      const again = await placeOrder(shopper, token)
      expect(again.statusCode).toBe(402)
      expect(errorsOf(again)).toEqual([SPENT])

      // completed, the same key confirms the payment with the card entry it used
      const other = await shopperWithCart(t, item.itemId, item.size)
      const fresh = await tokenFor(other, CARDS.authenticate)
      const otherKey = randomUUID()
      const step = dataOf<CheckoutResult>(await placeOrder(other, fresh, otherKey))
      if (step.status !== 'requires_action') throw new Error('expected the bank step')
      await other.postJson('/api/payments/authenticate', { payment_id: step.payment_id, outcome: 'complete' })
      const paid = await placeOrder(other, fresh, otherKey)
      expect(paid.statusCode).toBe(200)
      expect(dataOf<CheckoutResult>(paid)).toMatchObject({ status: 'succeeded', order_number: step.order_number })
    })

    it('a card entry that paid an order cannot be saved on /change_payment afterwards; the card the order kept is listed', async () => {
      const { shopper, token } = await shopperToken()
      const email = `spent-${randomUUID()}@example.com`
      expect((await shopper.post('/api/register', { name: 'Sam Spent', email, password: 'leggings-forever' })).statusCode).toBe(200)
      expect((await placeOrder(shopper, token)).statusCode).toBe(200)
      const saved = await shopper.post('/api/payment-methods', { payment_token: token })
      expect(saved.statusCode).toBe(402)
      expect(errorsOf(saved)).toEqual([SPENT])
      expect(dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods')).map((card) => card.last4)).toEqual(['4242'])
    })
  })

  it('a slow service (latencyMs) answers each charge after that long, and many charges wait side by side, not one after another', async () => {
    const slow = new TestGateway({ latencyMs: 150 })
    const { token } = await shopperToken()
    const key = randomUUID()
    const started = performance.now()
    const first = await slow.charge(scope, { amountCents: 1000, source: { kind: 'token', token }, idempotencyKey: key, metadata: {} })
    expect(first.status).toBe('succeeded')
    expect(performance.now() - started).toBeGreaterThanOrEqual(145)
    // the same key twenty times at once: about one answer's time in all, and still one charge
    const together = performance.now()
    const again = await Promise.all(
      Array.from({ length: 20 }, () => slow.charge(scope, { amountCents: 1000, source: { kind: 'token', token }, idempotencyKey: key, metadata: {} })),
    )
    expect(performance.now() - together).toBeLessThan(20 * 150)
    expect(new Set(again.map((answer) => answer.paymentId))).toEqual(new Set([first.paymentId]))
    expect(await count(t, 'test_gateway_charges', { column: 'idempotency_key', value: key })).toBe(1)
  })
})
