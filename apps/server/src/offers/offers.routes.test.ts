import { randomUUID } from 'node:crypto'
import type { Cart, CheckoutResult, OneTimeOffer, Order, OrderBump } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARDS, count, itemWithStock, placeOrder, shopperWithCart, stockOf, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

describe.each(DIALECTS)('offers API on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const accept = (shopper: TestShopper, id: string, body: Record<string, unknown>, key = randomUUID()) =>
    shopper.request({
      method: 'POST',
      url: `/api/one-time-offers/${id}/accept`,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    })

  it('sets the checkout flow and the offer code on the cart, with its discount code', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const flow = dataOf<Record<string, unknown>>(await shopper.postJson('/api/checkout/flow', { checkout_flow: 'vip_flow', offer_code: 'ms' }))
    expect(flow).toEqual({ checkout_flow: 'vip_flow', offer_code: 'ms', discount_code_name: 'First15', offer_price: 39.99 })
    const cart = dataOf<Cart>(await shopper.get('/api/cart'))
    expect(cart.checkout_flow).toBe('vip_flow')
    expect(cart.discount_code_name).toBe('First15')
    // the club's code is not a visitor's: the flow stands without it
    const club = dataOf<Record<string, unknown>>(await shopper.postJson('/api/checkout/flow', { checkout_flow: 'checkout_club_flow', offer_code: 'cb' }))
    expect(club).toMatchObject({ checkout_flow: 'checkout_club_flow', offer_price: 24.99, discount_code_name: null })
    expect((await shopper.postJson('/api/checkout/flow', { checkout_flow: 'nope' })).statusCode).toBe(400)
    expect((await shopper.postJson('/api/checkout/flow', { checkout_flow: 'free_flow', offer_code: 'zz' })).statusCode).toBe(422)
  })

  it('refuses a flow that joins the club at a brand without one (glow), which checkout would only refuse later', async () => {
    const item = await itemWithStock(t, 1, 'glow')
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1, 'glow.localhost')
    for (const checkout_flow of ['checkout_club_flow', 'vip_flow']) {
      const refused = await shopper.postJson('/api/checkout/flow', { checkout_flow })
      expect(refused.statusCode).toBe(422)
      expect(refused.json()).toMatchObject({ errors: [{ message: 'This store has no VIP club to join.', field: 'checkout_flow' }] })
    }
    expect(dataOf<Cart>(await shopper.get('/api/cart')).checkout_flow).not.toMatch(/club|vip/)
    // an ordinary flow stands
    expect((await shopper.postJson('/api/checkout/flow', { checkout_flow: 'free_flow' })).statusCode).toBe(200)
  })

  it('gives the club code (Lock5) to a new VIP sign-up: a logged-in customer whose cart joins, never a visitor', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    expect((await shopper.post('/api/register', { name: 'Nia Newmember', email: `nia-${randomUUID()}@example.com`, password: 'leggings-forever' })).statusCode).toBe(200)
    // not joining: the club's code is refused
    const typed = await shopper.post('/api/discount-code', { code: 'Lock5' })
    expect(typed.statusCode).toBe(422)
    expect(errorsOf(typed)[0]).toMatch(/for VIP members only/)
    // joining with this cart: the offer brings it, and it takes 5% off the member prices
    const flow = dataOf<Record<string, unknown>>(await shopper.postJson('/api/checkout/flow', { checkout_flow: 'checkout_club_flow', offer_code: 'cb' }))
    expect(flow).toMatchObject({ checkout_flow: 'checkout_club_flow', discount_code_name: 'Lock5' })
    const cart = dataOf<Cart>(await shopper.get('/api/cart'))
    expect(cart.discount_code_name).toBe('Lock5')
    expect(cart.has_club_in_cart).toBe(true)
    expect(cart.cart_discount).toBeCloseTo(Math.round(cart.cart_subtotal * 5) / 100, 2)
    // typed by hand in that flow, too
    expect((await shopper.post('/api/discount-code', { code: 'Lock5' })).statusCode).toBe(200)
  })

  it('walks the order bumps before payment: each adds its item at its price, then /checkout', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const list = dataOf<{ ids: string[]; first: string }>(await shopper.get('/api/order-bumps'))
    expect(list).toEqual({ ids: ['pf-ob-1', 'pf-ob-2'], first: '/checkout-ob/pf-ob-1' })
    expect(dataOf<Cart>(await shopper.get('/api/cart')).proceed_to_checkout_link).toBe('/checkout-ob/pf-ob-1')
    const bump = dataOf<OrderBump>(await shopper.get('/api/order-bumps/pf-ob-1'))
    expect(bump).toMatchObject({ id: 'pf-ob-1', price: 19.99, next: '/checkout-ob/pf-ob-2' })
    expect(bump.sizes.length).toBeGreaterThan(0)
    const accepted = await shopper.postJson('/api/order-bumps/pf-ob-1/accept', { size: bump.sizes[0] })
    expect(dataOf(accepted)).toEqual({ next: '/checkout-ob/pf-ob-2' })
    await shopper.postJson('/api/order-bumps/pf-ob-1/accept', { size: bump.sizes[0] })
    const cart = dataOf<Cart>(await shopper.get('/api/cart'))
    const added = cart.items.filter((line) => line.item_id === bump.item_id && line.price === 19.99)
    expect(added).toHaveLength(1)
    // no banner repeating the bump's short name under the line's own name ("No-Show Thong / … / No-Show Thong")
    expect(added[0]).toMatchObject({ qty: 1, skip_qty_controls: true, banner: null })
    expect(dataOf(await shopper.postJson('/api/order-bumps/pf-ob-2/decline', {}))).toEqual({ next: '/checkout' })
    expect((await shopper.get('/api/order-bumps/nope')).statusCode).toBe(404)
    // the post-offer flow by type; an unknown type is SPEC §8's error
    expect(dataOf(await shopper.get('/api/offer-flow/next?type=checkout-ob&current=pf-ob-1'))).toEqual({ next: '/checkout-ob/pf-ob-2' })
    const unknown = await shopper.get('/api/offer-flow/next?type=checkout-xx')
    expect(unknown.statusCode).toBe(422)
    expect(errorsOf(unknown)).toEqual(['Unknown pageOfferType'])
    const untyped = await shopper.get('/api/offer-flow/next')
    expect(untyped.statusCode).toBe(400)
    expect(errorsOf(untyped)).toEqual(['Say which offer pages: type is checkout-ob or checkout-oto'])
    // an offer the store does not run is refused, not read as "none yet" (which answered the first offer)
    const notOurs = await shopper.get('/api/offer-flow/next?type=checkout-ob&current=pf-ob-9')
    expect(notOurs.statusCode).toBe(422)
    expect(notOurs.json()).toMatchObject({ errors: [{ message: "'pf-ob-9' is not one of this store's order bumps.", field: 'current' }] })
    const notAnOffer = await shopper.get('/api/offer-flow/next?type=checkout-oto&current=pf-ob-1&order=X1')
    expect(notAnOffer.statusCode).toBe(422)
    expect(errorsOf(notAnOffer)).toEqual(["'pf-ob-1' is not one of this store's one-time offers."])
    // the flow from its start and after its last offer stand as before
    expect(dataOf(await shopper.get('/api/offer-flow/next?type=checkout-oto&current='))).toEqual({ next: '/special-offer/pf-oto-1' })
    expect(dataOf(await shopper.get('/api/offer-flow/next?type=checkout-ob&current=pf-ob-2'))).toEqual({ next: '/checkout' })
  })

  it('one line per bump: accepting in another size changes the size; never on a cart with nothing else in it', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const bump = dataOf<OrderBump>(await shopper.get('/api/order-bumps/pf-ob-1'))
    expect(bump.sizes.length).toBeGreaterThan(1)
    const bumpLines = async () => dataOf<Cart>(await shopper.get('/api/cart')).items.filter((line) => line.item_id === bump.item_id && line.price === bump.price)
    for (const size of bump.sizes) expect((await shopper.postJson('/api/order-bumps/pf-ob-1/accept', { size })).statusCode).toBe(200)
    const lines = await bumpLines()
    expect(lines.map((line) => [line.size, line.qty])).toEqual([[bump.sizes.at(-1), 1]])
    expect(dataOf<Cart>(await shopper.get('/api/cart')).cart_subtotal).toBeCloseTo(item.priceCents / 100 + bump.price, 2)

    // a visitor with nothing in the cart gets no bump price
    const empty = new TestShopper(t.app)
    const refused = await empty.postJson('/api/order-bumps/pf-ob-1/accept', { size: bump.sizes[0] })
    expect(refused.statusCode).toBe(409)
    expect(errorsOf(refused)).toEqual(['Your cart is empty: add something to it first, then take this offer at checkout.'])
    expect(dataOf<Cart>(await empty.get('/api/cart')).items).toEqual([])

    // the bump taken, then what it went with removed: checkout does not sell the bump alone
    const own = dataOf<Cart>(await shopper.get('/api/cart')).items.find((line) => line.price !== bump.price)!
    expect((await shopper.post(`/api/cart/items/${own.cartId}`, { qty: 0 })).statusCode).toBe(200)
    const charges = await count(t, 'test_gateway_charges')
    const alone = await placeOrder(shopper, await tokenFor(shopper))
    expect(alone.statusCode).toBe(409)
    expect(errorsOf(alone)).toEqual(['Your cart holds only add-on offers: their prices go with an order. Add something to go with them, or remove them.'])
    expect(await count(t, 'test_gateway_charges')).toBe(charges)
  })

  it('one-time offers after payment: one charge per key on the saved card, lines added to the order, then /thank-you', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const placed = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper)))
    const orderNumber = placed.order_number
    expect(placed.next).toBe(`/special-offer/pf-oto-1?order=${orderNumber}`)

    const offer = dataOf<OneTimeOffer>(await shopper.get(`/api/one-time-offers/pf-oto-1?order=${orderNumber}`))
    expect(offer).toMatchObject({ id: 'pf-oto-1', price: 29.99, how_many: 1, show_product_picker: true, next: `/special-offer/pf-oto-2?order=${orderNumber}` })
    const choice = offer.choices[0]!
    const before = await stockOf(t, choice.item_id, choice.sizes[0]!)
    const chargesBefore = await count(t, 'test_gateway_charges')

    const key = randomUUID()
    const body = { order_number: orderNumber, item_id: choice.item_id, size: choice.sizes[0] }
    const answers = await Promise.all([accept(shopper, 'pf-oto-1', body, key), accept(shopper, 'pf-oto-1', body, key), accept(shopper, 'pf-oto-1', body, key)])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    expect(dataOf(answers[0]!)).toEqual({ next: `/special-offer/pf-oto-2?order=${orderNumber}` })
    expect((await count(t, 'test_gateway_charges')) - chargesBefore).toBe(1)
    expect(await stockOf(t, choice.item_id, choice.sizes[0]!)).toBe(before - 1)
    // another key for the same offer: refused, nothing charged
    const again = await accept(shopper, 'pf-oto-1', body)
    expect(again.statusCode).toBe(409)
    expect((await count(t, 'test_gateway_charges')) - chargesBefore).toBe(1)
    // the shopper is told in writing, once (the three tries with one key, the refused one: one e-mail)
    const told = await t.store.db.selectFrom('outbox_emails').select(['to_email', 'subject', 'body']).where('subject', 'like', `Added to your % order ${orderNumber}`).execute()
    expect(told).toHaveLength(1)
    expect(told[0]!.to_email).toBe('ada@example.com')
    expect(told[0]!.subject).toBe(`Added to your PopFit Clothing order ${orderNumber}`)
    const paidOrder = dataOf<Order>(await shopper.get(`/api/orders/${orderNumber}`))
    expect(told[0]!.body).toContain(`1 x ${choice.name}`)
    expect(told[0]!.body).toContain(`Order total now  $${paidOrder.total.toFixed(2)}`)
    expect(told[0]!.body).toMatch(/Charged to the card you paid with {2}\$\d+\.\d\d/)
    expect(told[0]!.body).toContain(`http://localhost:3000/tracker?order=${orderNumber}`)

    // two pairs for 39.99: the price spread over the pieces
    const two = dataOf<OneTimeOffer>(await shopper.get('/api/one-time-offers/pf-oto-2'))
    const pick = two.choices.find((c) => c.sizes.length > 0)!
    expect((await accept(shopper, 'pf-oto-2', { order_number: orderNumber, item_id: pick.item_id, size: pick.sizes[0] })).statusCode).toBe(200)
    expect(dataOf(await shopper.postJson('/api/one-time-offers/pf-oto-3/decline', { order_number: orderNumber }))).toEqual({ next: `/thank-you?order=${orderNumber}` })

    const order = dataOf<Order>(await shopper.get(`/api/orders/${orderNumber}`))
    const offerLines = order.items.filter((line) => line.offer_id !== null)
    expect(offerLines.map((line) => line.price).sort()).toEqual([19.99, 20, 29.99])
    expect(order.payments).toHaveLength(3)
    expect(order.total).toBeCloseTo(order.subtotal - order.discount + order.shipping + order.tax, 2)

    // someone else cannot add to (or learn of) this order
    const stranger = new TestShopper(t.app)
    expect((await accept(stranger, 'pf-oto-3', { order_number: orderNumber, item_id: pick.item_id, size: pick.sizes[0] })).statusCode).toBe(404)
    expect((await accept(shopper, 'pf-oto-3', { order_number: orderNumber })).statusCode).not.toBe(500)
    expect((await shopper.request({ method: 'POST', url: '/api/one-time-offers/pf-oto-3/accept', payload: { order_number: orderNumber } })).statusCode).toBe(400)
  })

  it('"No thanks" closes the offer for the order: a later "Yes" (Back, an old tab) charges nothing and adds nothing', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const { order_number: orderNumber } = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper)))
    const offer = dataOf<OneTimeOffer>(await shopper.get(`/api/one-time-offers/pf-oto-1?order=${orderNumber}`))
    const choice = offer.choices[0]!
    const before = await stockOf(t, choice.item_id, choice.sizes[0]!)
    const chargesBefore = await count(t, 'test_gateway_charges')
    expect(dataOf(await shopper.postJson('/api/one-time-offers/pf-oto-1/decline', { order_number: orderNumber }))).toEqual({ next: `/special-offer/pf-oto-2?order=${orderNumber}` })
    // no thanks twice is still no thanks
    expect((await shopper.postJson('/api/one-time-offers/pf-oto-1/decline', { order_number: orderNumber })).statusCode).toBe(200)

    const late = await accept(shopper, 'pf-oto-1', { order_number: orderNumber, item_id: choice.item_id, size: choice.sizes[0] })
    expect(late.statusCode).toBe(409)
    expect(errorsOf(late)).toEqual(['You said no thanks to this offer, so it is closed for this order. You have not been charged for it.'])
    expect(await count(t, 'test_gateway_charges')).toBe(chargesBefore)
    expect(await count(t, 'payments', { column: 'order_number', value: orderNumber })).toBe(1)
    expect(await stockOf(t, choice.item_id, choice.sizes[0]!)).toBe(before)
    expect(dataOf<Order>(await shopper.get(`/api/orders/${orderNumber}`)).items.filter((line) => line.offer_id !== null)).toEqual([])

    // the next offer is still open: declining one closes that one only
    const next = dataOf<OneTimeOffer>(await shopper.get(`/api/one-time-offers/pf-oto-2?order=${orderNumber}`))
    const pick = next.choices.find((c) => c.sizes.length > 0)!
    expect((await accept(shopper, 'pf-oto-2', { order_number: orderNumber, item_id: pick.item_id, size: pick.sizes[0] })).statusCode).toBe(200)
  })

  it('an offer of two pieces offers only the sizes with two in stock: a size with one left is not shown, and not sold', async () => {
    const sizesOf = async (itemId: number) => {
      const offer = dataOf<OneTimeOffer>(await new TestShopper(t.app).get('/api/one-time-offers/pf-oto-2'))
      expect(offer.how_many).toBe(2)
      return offer.choices.find((c) => c.item_id === itemId)?.sizes ?? []
    }
    const offer = dataOf<OneTimeOffer>(await new TestShopper(t.app).get('/api/one-time-offers/pf-oto-2'))
    const choice = offer.choices.find((c) => c.sizes.length > 1)!
    const size = choice.sizes[0]!
    const setStock = (stock: number) =>
      t.store.db.updateTable('item_sizes').set({ stock }).where('item_id', '=', choice.item_id).where('size', '=', size).where('brand_id', '=', 'popfitclothing').execute()
    const before = await stockOf(t, choice.item_id, size)
    try {
      await setStock(1)
      expect(await sizesOf(choice.item_id)).not.toContain(size)
      // asked for all the same (an old page), the two pieces are refused as sold out in that size, nothing charged
      const item = await itemWithStock(t, 5)
      const shopper = await shopperWithCart(t, item.itemId, item.size)
      const orderNumber = dataOf<CheckoutResult & { order_number: string }>(await placeOrder(shopper, await tokenFor(shopper))).order_number
      await shopper.postJson('/api/one-time-offers/pf-oto-1/decline', { order_number: orderNumber })
      const refused = await accept(shopper, 'pf-oto-2', { order_number: orderNumber, item_id: choice.item_id, size })
      expect(refused.statusCode).toBe(409)
      expect(errorsOf(refused)[0]).toMatch(/sold out/)
      expect(await stockOf(t, choice.item_id, size)).toBe(1)
      await setStock(2)
      expect(await sizesOf(choice.item_id)).toContain(size)
    } finally {
      await setStock(before)
    }
  })

  it('an off-session decline adds nothing and gives the stock back', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    // insufficient funds on the order itself is a decline; so use a card that pays once, then fails: none exists, so
    // make the saved method refer to a declining card
    const placed = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper)))
    const declining = await tokenFor(shopper, CARDS.insufficient)
    await t.store.db.updateTable('payments').set({ saved_method: declining }).where('order_number', '=', placed.order_number).execute()
    const offer = dataOf<OneTimeOffer>(await shopper.get('/api/one-time-offers/pf-oto-1'))
    const choice = offer.choices[0]!
    const before = await stockOf(t, choice.item_id, choice.sizes[0]!)
    const response = await accept(shopper, 'pf-oto-1', { order_number: placed.order_number, item_id: choice.item_id, size: choice.sizes[0] })
    expect(response.statusCode).toBe(402)
    expect(await stockOf(t, choice.item_id, choice.sizes[0]!)).toBe(before)
    const order = dataOf<Order>(await shopper.get(`/api/orders/${placed.order_number}`))
    expect(order.items.filter((line) => line.offer_id !== null)).toEqual([])
  })
  it.each(['complete', 'cancel'] as const)(
    "a card whose bank asks every time: the offer, refused off-session, asks for the bank's step, and the same key then adds it or not (%s)",
    async (outcome) => {
      const item = await itemWithStock(t, 5)
      const shopper = await shopperWithCart(t, item.itemId, item.size)
      const token = await tokenFor(shopper, CARDS.alwaysAuthenticate)
      const checkoutKey = randomUUID()
      const waiting = dataOf<CheckoutResult>(await placeOrder(shopper, token, checkoutKey))
      if (waiting.status !== 'requires_action') throw new Error(`expected the bank's step, got ${waiting.status}`)
      await shopper.postJson('/api/payments/authenticate', { payment_id: waiting.payment_id, outcome: 'complete' })
      const placed = dataOf<CheckoutResult>(await placeOrder(shopper, token, checkoutKey))
      expect(placed.status).toBe('succeeded')

      const offer = dataOf<OneTimeOffer>(await shopper.get('/api/one-time-offers/pf-oto-1'))
      const choice = offer.choices[0]!
      const before = await stockOf(t, choice.item_id, choice.sizes[0]!)
      const body = { order_number: placed.order_number, item_id: choice.item_id, size: choice.sizes[0] }
      const key = randomUUID()
      const step = dataOf<{ status: string; payment_id: string; client_secret: string; next: null }>(await accept(shopper, 'pf-oto-1', body, key))
      // the amount is the offer's price and its tax at the order's address (Texas: none here)
      expect(step).toMatchObject({ status: 'requires_action', next: null, amount: offer.price })
      expect(await stockOf(t, choice.item_id, choice.sizes[0]!)).toBe(before - 1)
      await shopper.postJson('/api/payments/authenticate', { payment_id: step.payment_id, outcome })
      const done = await accept(shopper, 'pf-oto-1', body, key)
      const added = () => t.store.db.selectFrom('order_lines').select('id').where('order_number', '=', placed.order_number).where('offer_id', '=', 'pf-oto-1').execute()
      if (outcome === 'complete') {
        expect(done.statusCode).toBe(200)
        expect(dataOf<{ next: string }>(done).next).toMatch(/^\/special-offer\/pf-oto-2\?order=/)
        expect(await added()).toHaveLength(1)
        expect(await stockOf(t, choice.item_id, choice.sizes[0]!)).toBe(before - 1)
      } else {
        expect(done.statusCode).toBe(402)
        expect(errorsOf(done)[0]).toMatch(/bank could not confirm/)
        expect(await added()).toEqual([])
        expect(await stockOf(t, choice.item_id, choice.sizes[0]!)).toBe(before)
      }
    },
  )
  it('accepts at once from two tabs (or a double tap): one bump line, one social media special', async () => {
    // a few rounds: on PostgreSQL the requests of one round really overlap
    for (let round = 0; round < 4; round++) {
      const item = await itemWithStock(t, 5)
      const shopper = await shopperWithCart(t, item.itemId, item.size)
      const bump = dataOf<OrderBump>(await shopper.get('/api/order-bumps/pf-ob-1'))
      const accepted = await Promise.all([0, 1, 2, 3].map(() => shopper.postJson('/api/order-bumps/pf-ob-1/accept', { size: bump.sizes[0] })))
      expect(accepted.map((r) => r.statusCode)).toEqual([200, 200, 200, 200])
      const lines = dataOf<Cart>(await shopper.get('/api/cart')).items.filter((line) => line.item_id === bump.item_id && line.price === bump.price)
      expect(lines.map((line) => line.qty)).toEqual([1])

      // a visitor with a cart already (a session): requests without one would each start their own
      const visitor = await shopperWithCart(t, item.itemId, item.size)
      const special = dataOf<{ item_id: number }>(await visitor.get('/api/social-media-specials/pf-vip-optin-csr'))
      const sizes = await t.store.db.selectFrom('item_sizes').select('size').where('item_id', '=', special.item_id).where('stock', '>', 0).orderBy('size').limit(2).execute()
      const claims = await Promise.all([0, 1, 2, 3].map((i) => visitor.postJson('/api/social-media-specials/pf-vip-optin-csr/claim', { size: sizes[i % 2]!.size })))
      // the first size claimed wins; the other is refused as a second special, never added beside it
      expect(claims.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409])
      expect(dataOf<Cart>(await visitor.get('/api/cart')).items.filter((line) => line.social_media_special)).toHaveLength(1)
    }
  })
})
