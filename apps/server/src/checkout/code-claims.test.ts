/**
 * "One use per customer" held by the database (code-claims.ts, docs/cart-rules.md "Codes for a first
 * order"): checkouts sent at once with one e-mail, or by one customer from several devices, give the
 * code to one order; a declined or released order gives it back; an order waiting at the bank's step
 * holds it. Through the API, both databases.
 */
import { randomUUID } from 'node:crypto'
import type { CheckoutResult } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, type TestStore } from '../test/harness.ts'
import { registered } from '../membership/club-test-kit.ts'
import { RESERVATION_MS } from './checkout.service.ts'
import { CARDS, itemWithStock, placeOrder, shopperWithCart, stockOf, sweep, tokenFor } from './checkout-test-kit.ts'
import { usedBefore, usedMeanwhile } from './code-claims.ts'
import { firstOrderRefusalWords } from './first-order-codes.ts'

type Item = Awaited<ReturnType<typeof itemWithStock>>

describe.each(DIALECTS)('a code for a first order is used once per customer, on %s', (dialect) => {
  let t: TestStore
  let item: Item
  beforeAll(async () => {
    t = await startTestStore(dialect)
    item = await itemWithStock(t, 40)
  })
  afterAll(() => t.close())

  /** A new shopper (own session and network) with one piece and First15 in the cart, and a card token. */
  async function withFirst15(card: string = CARDS.success) {
    const who = await shopperWithCart(t, item.itemId, item.size)
    expect((await who.post('/api/discount-code', { code: 'First15' })).statusCode).toBe(200)
    return { shopper: who, token: await tokenFor(who, card), key: randomUUID() }
  }

  /** The paid orders to an e-mail, and how many of them have a discount. */
  async function paidTo(email: string) {
    const rows = await t.store.db.selectFrom('orders').select(['discount_cents']).where('email', '=', email).where('status', '=', 'paid').execute()
    return { paid: rows.length, discounted: rows.filter((row) => row.discount_cents > 0).length }
  }

  const refusals = (name: string) => [usedBefore(name), usedMeanwhile(name)]

  it('eight checkouts sent at the same moment with one e-mail: exactly one discounted order, the others refused at the code with nothing taken', async () => {
    const email = `race-${randomUUID()}@example.com`
    const attempts = await Promise.all(Array.from({ length: 8 }, () => withFirst15()))
    const stockBefore = await stockOf(t, item.itemId, item.size)
    const answers = await Promise.all(attempts.map(({ shopper, token, key }) => placeOrder(shopper, token, key, { email })))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().errors).toHaveLength(1)
      expect(refused.json().errors[0].field).toBe('code')
      expect(refusals('First15')).toContain(errorsOf(refused)[0])
    }
    expect(await paidTo(email)).toEqual({ paid: 1, discounted: 1 })
    // one piece went, and one charge was made
    expect(await stockOf(t, item.itemId, item.size)).toBe(stockBefore - 1)
    const charges = await t.store.db
      .selectFrom('test_gateway_charges')
      .select('status')
      .where(
        'idempotency_key',
        'in',
        attempts.map((attempt) => `checkout:popfitclothing:${attempt.key}`),
      )
      .execute()
    expect(charges).toHaveLength(1)
  })

  it('a logged-in customer checking out from four devices at once, each with another e-mail: one discounted order', async () => {
    const who = await registered(t)
    const devices = await Promise.all(
      Array.from({ length: 4 }, async () => {
        // each its own cart (a device logging in with none would get the customer's latest)
        const device = await shopperWithCart(t, item.itemId, item.size)
        expect((await device.post('/api/login', { email: who.email, password: 'leggings-forever-2026' })).statusCode).toBe(200)
        expect((await device.post('/api/discount-code', { code: 'First15' })).statusCode).toBe(200)
        return { shopper: device, token: await tokenFor(device), key: randomUUID() }
      }),
    )
    const answers = await Promise.all(devices.map(({ shopper, token, key }, i) => placeOrder(shopper, token, key, { email: `device-${i}-${randomUUID()}@example.com` })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409])
    const orders = await t.store.db.selectFrom('orders').select(['discount_cents', 'status']).where('customer_id', '=', who.customerId).execute()
    expect(orders.map((order) => [order.status, order.discount_cents > 0])).toEqual([['paid', true]])
  })

  it('a declined first try leaves the code usable: the next card pays with the discount', async () => {
    const email = `declined-${randomUUID()}@example.com`
    const { shopper, key } = await withFirst15()
    const declined = await placeOrder(shopper, await tokenFor(shopper, CARDS.declined), key, { email })
    expect(declined.statusCode).toBe(402)
    expect(await t.store.db.selectFrom('discount_code_claims').select('claimant').where('claimant', '=', `email:${email}`).execute()).toEqual([])
    // another session with the same e-mail may use it too: nothing holds it
    const other = await withFirst15()
    const paid = await placeOrder(other.shopper, other.token, other.key, { email })
    expect(paid.statusCode).toBe(200)
    expect(await paidTo(email)).toEqual({ paid: 1, discounted: 1 })
  })

  it("an order waiting at the bank's step holds the code: a second checkout with the e-mail is refused; released by the sweeper, the code is usable again", async () => {
    const email = `bank-${randomUUID()}@example.com`
    const waiting = await withFirst15(CARDS.alwaysAuthenticate)
    const atTheBank = await placeOrder(waiting.shopper, waiting.token, waiting.key, { email })
    expect(dataOf<CheckoutResult>(atTheBank).status).toBe('requires_action')

    // the gap of docs/cart-rules.md: the second was paid, and the first then too
    const second = await withFirst15()
    const refused = await placeOrder(second.shopper, second.token, second.key, { email })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().errors).toEqual([{ field: 'code', message: usedMeanwhile('First15') }])

    // the first finishes its bank step and is paid, with the code
    const result = dataOf<Extract<CheckoutResult, { status: 'requires_action' }>>(atTheBank)
    expect((await waiting.shopper.postJson('/api/payments/authenticate', { payment_id: result.payment_id, outcome: 'complete' })).statusCode).toBe(200)
    expect((await placeOrder(waiting.shopper, waiting.token, waiting.key, { email })).statusCode).toBe(200)
    expect(await paidTo(email)).toEqual({ paid: 1, discounted: 1 })
    // and the refused key, sent again, is refused as a first order had
    const again = await placeOrder(second.shopper, second.token, second.key, { email })
    expect(again.statusCode).toBe(409)
    expect(errorsOf(again)).toEqual([usedBefore('First15')])

    // another e-mail left at the bank's step: once the sweeper lets it go, the code is free for that e-mail
    const other = `bank-${randomUUID()}@example.com`
    const left = await withFirst15(CARDS.alwaysAuthenticate)
    expect(dataOf<CheckoutResult>(await placeOrder(left.shopper, left.token, left.key, { email: other })).status).toBe('requires_action')
    const blocked = await withFirst15()
    expect((await placeOrder(blocked.shopper, blocked.token, blocked.key, { email: other })).statusCode).toBe(409)
    await sweep(t, new Date(Date.now() + RESERVATION_MS + 1000))
    const after = await placeOrder(blocked.shopper, blocked.token, randomUUID(), { email: other })
    expect(after.statusCode).toBe(200)
    expect(await paidTo(other)).toEqual({ paid: 1, discounted: 1 })
  })

  it("a returning customer is told where the code is entered: the cart's form refuses it (422), the checkout's summary for that e-mail leaves it out and says why", async () => {
    const who = await registered(t)
    expect((await who.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
    expect((await placeOrder(who.shopper, await tokenFor(who.shopper), randomUUID(), { email: who.email })).statusCode).toBe(200)

    // logged in: the cart's form says it, and the cart keeps no code
    expect((await who.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
    const entered = await who.shopper.post('/api/discount-code', { code: 'first15' })
    expect(entered.statusCode).toBe(422)
    expect(entered.json().errors).toEqual([{ field: 'code', message: firstOrderRefusalWords('First15', 'ordered before') }])
    expect(dataOf<{ discount_code_name: string | null }>(await who.shopper.get('/api/cart')).discount_code_name).toBeNull()
    // another code is not for a first order
    expect((await who.shopper.post('/api/discount-code', { code: 'Leggings20' })).statusCode).toBe(200)

    // a visitor with the code: accepted in the cart (nobody known yet); the summary for the returning e-mail leaves it out
    const visitor = await withFirst15()
    const quote = (email?: string) =>
      visitor.shopper.get(`/api/checkout/quote?shipping_country=US&shipping_state=TX&shipping_method=standard${email ? `&email=${encodeURIComponent(email)}` : ''}`)
    const anyone = dataOf<{ discount: number; total: number; code_refusal: string | null }>(await quote())
    expect(anyone.discount).toBeGreaterThan(0)
    expect(anyone.code_refusal).toBeNull()
    const returning = dataOf<{ discount: number; total: number; code_refusal: string | null }>(await quote(who.email.toUpperCase()))
    expect(returning).toMatchObject({ discount: 0, total: anyone.total + anyone.discount, code_refusal: usedBefore('First15') })
    expect(dataOf<{ code_refusal: string | null }>(await quote(`new-${randomUUID()}@example.com`)).code_refusal).toBeNull()
    // and its total is what "Place order" would refuse, not charge
    expect((await placeOrder(visitor.shopper, visitor.token, visitor.key, { email: who.email })).statusCode).toBe(409)
  })
})
