import { randomUUID } from 'node:crypto'
import type { Cart, CheckoutResult, PaymentMethod } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { CARDS, count, itemWithStock, placeOrder, saveCard, shopperWithCart, stockOf, tokenFor } from './checkout-test-kit.ts'

/** Paying at checkout with a card the customer saved (docs/checkout.md "Paying with a saved card"). */
describe.each(DIALECTS)('checkout with a saved card, on %s', (dialect) => {
  let t: TestStore
  let n = 0
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  /** A logged-in customer with a cart and one saved card (added on the payment methods page). */
  async function customerWithCard(number: string = CARDS.success) {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const email = `saved-${n++}-${dialect}@example.com`
    expect((await shopper.post('/api/register', { name: 'Pat Shopper', email, password: 'leggings-forever' })).statusCode).toBe(200)
    const cards = await saveCard(shopper, number)
    expect(cards).toHaveLength(1)
    return { shopper, item, card: cards[0]! }
  }

  it('charges the chosen saved card: no card typed, no second copy kept, the order and its offers name that card', async () => {
    const { shopper, item, card } = await customerWithCard()
    const before = await stockOf(t, item.itemId, item.size)
    const response = await placeOrder(shopper, '', randomUUID(), { payment_method_id: card.id })
    expect(response.statusCode).toBe(200)
    const { order_number } = dataOf<CheckoutResult>(response)
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
    const order = await t.store.db.selectFrom('orders').select(['status', 'payment_method_id']).where('order_number', '=', order_number).executeTakeFirstOrThrow()
    expect(order).toEqual({ status: 'paid', payment_method_id: card.id })
    const payment = await t.store.db.selectFrom('payments').selectAll().where('order_number', '=', order_number).executeTakeFirstOrThrow()
    expect(payment).toMatchObject({ status: 'succeeded', last4: '4242', card_brand: 'visa' })
    expect(payment.saved_method).not.toBeNull()
    expect(dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))).toEqual([card])
    // a one-time offer can go on this order with one click
    expect(dataOf<Cart>(await shopper.get('/api/cart')).one_click_available).toBe(true)
  })

  it("refuses another customer's card, a visitor naming a card, and a card with a token beside it, before anything is taken", async () => {
    const owner = await customerWithCard()
    const thief = await customerWithCard()
    const before = await stockOf(t, thief.item.itemId, thief.item.size)
    const orders = await count(t, 'orders')
    const charges = await count(t, 'test_gateway_charges')

    const stolen = await placeOrder(thief.shopper, '', randomUUID(), { payment_method_id: owner.card.id })
    expect(stolen.statusCode).toBe(422)
    expect(stolen.json().errors[0]).toEqual({ field: 'payment_method_id', message: 'Choose one of your saved cards, or enter a new card.' })

    const visitor = await shopperWithCart(t, thief.item.itemId, thief.item.size)
    expect((await placeOrder(visitor, '', randomUUID(), { payment_method_id: owner.card.id })).statusCode).toBe(422)

    const both = await placeOrder(thief.shopper, await tokenFor(thief.shopper), randomUUID(), { payment_method_id: thief.card.id })
    expect(both.statusCode).toBe(422)
    expect(errorsOf(both)).toEqual(['Choose your saved card or a new card, not both.'])

    // at another brand the same id is nobody's
    const ckb = new TestShopper(t.app, 'ckb.localhost')
    expect((await placeOrder(ckb, '', randomUUID(), { payment_method_id: thief.card.id })).statusCode).toBe(422)

    expect(await stockOf(t, thief.item.itemId, thief.item.size)).toBe(before)
    expect(await count(t, 'orders')).toBe(orders)
    expect(await count(t, 'test_gateway_charges')).toBe(charges)
  })

  it('says an expired saved card has expired, and the same key may then pay with another card', async () => {
    const { shopper, card } = await customerWithCard()
    await t.store.db.updateTable('payment_methods').set({ exp_month: 1, exp_year: 2020 }).where('id', '=', card.id).execute()
    const key = randomUUID()
    const expired = await placeOrder(shopper, '', key, { payment_method_id: card.id })
    expect(expired.statusCode).toBe(422)
    expect(errorsOf(expired)).toEqual(['Your Visa ending in 4242 has expired. Choose another card or enter a new one.'])
    expect((await placeOrder(shopper, await tokenFor(shopper), key)).statusCode).toBe(200)
  })

  it('a saved card the bank now declines: 402 at the card, the cart kept for another card', async () => {
    const { shopper, card } = await customerWithCard()
    // the bank stops honouring the card after it was saved
    const reference = (await t.store.db.selectFrom('payment_methods').select('gateway_token').where('id', '=', card.id).executeTakeFirstOrThrow()).gateway_token
    await t.store.db.updateTable('test_gateway_tokens').set({ behaviour: 'insufficient_funds' }).where('token', '=', reference).execute()
    const declined = await placeOrder(shopper, '', randomUUID(), { payment_method_id: card.id })
    expect(declined.statusCode).toBe(402)
    expect(declined.json().errors[0]).toEqual({ field: 'payment_token', message: 'Your card has insufficient funds. Try another card.' })
    expect(dataOf<Cart>(await shopper.get('/api/cart')).items).toHaveLength(1)
    expect((await placeOrder(shopper, await tokenFor(shopper))).statusCode).toBe(200)
  })

  it("asks the bank again for a saved card whose bank wants it: the shopper is at checkout, so it is charged on-session, as Stripe's 3155 card", async () => {
    const { shopper, item, card } = await customerWithCard(CARDS.authenticate)
    const before = await stockOf(t, item.itemId, item.size)
    const key = randomUUID()
    const first = dataOf<CheckoutResult>(await placeOrder(shopper, '', key, { payment_method_id: card.id }))
    expect(first.status).toBe('requires_action')
    if (first.status !== 'requires_action') throw new Error('unreachable')
    // the page shows the bank's step; passed, the same key again finishes the order with that card
    expect((await shopper.postJson('/api/payments/authenticate', { payment_id: first.payment_id, outcome: 'complete' })).statusCode).toBe(200)
    const paid = dataOf<CheckoutResult>(await placeOrder(shopper, '', key, { payment_method_id: card.id }))
    expect(paid).toMatchObject({ status: 'succeeded', order_number: first.order_number })
    const order = await t.store.db.selectFrom('orders').select(['status', 'payment_method_id']).where('order_number', '=', first.order_number).executeTakeFirstOrThrow()
    expect(order).toEqual({ status: 'paid', payment_method_id: card.id })
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
    // still the one card: the bank's step keeps no second copy
    expect(dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods')).map((c) => c.id)).toEqual([card.id])
  })

  it('a saved card whose bank step is cancelled: 402 at the card, nothing taken, the cart kept', async () => {
    const { shopper, item, card } = await customerWithCard(CARDS.authenticate)
    const before = await stockOf(t, item.itemId, item.size)
    const key = randomUUID()
    const first = dataOf<CheckoutResult>(await placeOrder(shopper, '', key, { payment_method_id: card.id }))
    if (first.status !== 'requires_action') throw new Error(`expected the bank's step, got ${first.status}`)
    await shopper.postJson('/api/payments/authenticate', { payment_id: first.payment_id, outcome: 'cancel' })
    const refused = await placeOrder(shopper, '', key, { payment_method_id: card.id })
    expect(refused.statusCode).toBe(402)
    expect(await stockOf(t, item.itemId, item.size)).toBe(before)
    expect(dataOf<Cart>(await shopper.get('/api/cart')).items).toHaveLength(1)
  })
  it('a saved card removed while its bank step is open: the payment the bank approved still makes the order, and the card stays removed', async () => {
    const { shopper, card } = await customerWithCard(CARDS.authenticate)
    const key = randomUUID()
    const first = dataOf<CheckoutResult>(await placeOrder(shopper, '', key, { payment_method_id: card.id }))
    if (first.status !== 'requires_action') throw new Error(`expected the bank's step, got ${first.status}`)
    // another tab: the customer removes the card, then passes the bank's step here
    expect(dataOf<PaymentMethod[]>(await shopper.post(`/api/payment-methods/${card.id}/remove`, {}))).toEqual([])
    await shopper.postJson('/api/payments/authenticate', { payment_id: first.payment_id, outcome: 'complete' })
    const paid = dataOf<CheckoutResult>(await placeOrder(shopper, '', key, { payment_method_id: card.id }))
    expect(paid).toMatchObject({ status: 'succeeded', order_number: first.order_number })
    const order = await t.store.db.selectFrom('orders').select(['status', 'payment_method_id']).where('order_number', '=', first.order_number).executeTakeFirstOrThrow()
    expect(order).toEqual({ status: 'paid', payment_method_id: null })
    expect(dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))).toEqual([])
    // nor is it charged again with one click for a one-time offer
    expect(dataOf<Cart>(await shopper.get('/api/cart')).one_click_available).toBe(false)
  })
  it("a customer's first card, kept at checkout, is their default; a second new card is kept beside it, unmarked", async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    expect((await shopper.post('/api/register', { name: 'Pat Shopper', email: `first-card-${n++}-${dialect}@example.com`, password: 'leggings-forever' })).statusCode).toBe(200)
    expect(dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper))).status).toBe('succeeded')
    const [first] = dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))
    expect(first).toMatchObject({ last4: '4242', default: true })

    await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
    expect(dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper, '5555 5555 5555 4444'))).status).toBe('succeeded')
    const cards = dataOf<PaymentMethod[]>(await shopper.get('/api/payment-methods'))
    expect(cards.map((card) => [card.last4, card.default])).toEqual([
      ['4242', true],
      ['4444', false],
    ])
  })
})
