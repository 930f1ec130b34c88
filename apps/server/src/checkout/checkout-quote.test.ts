import type { Cart, CheckoutQuote, CheckoutResult, Order, SocialMediaClaim } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from './checkout-test-kit.ts'

describe.each(DIALECTS)("the checkout page's quote and social media specials on %s", (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('keeps the phone as the checkout page writes it, whoever sends the order (an API client sending digits)', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const placed = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper), undefined, { shipping_phone: '5125550100' }))
    const order = dataOf<Order>(await shopper.get(`/api/orders/${placed.order_number}`))
    expect(order.shipping_phone).toBe('(512) 555-0100')
  })

  it('quotes each shipping method, and the order is charged the quoted total', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const standard = dataOf<CheckoutQuote>(await shopper.get('/api/checkout/quote?shipping_country=US&shipping_state=TX&shipping_method=standard'))
    const express = dataOf<CheckoutQuote>(await shopper.get('/api/checkout/quote?shipping_country=US&shipping_state=TX&shipping_method=express'))
    expect(standard.shipping_options.map((option) => option.method)).toEqual(['standard', 'express'])
    expect(express.shipping).toBe(express.shipping_options[1]!.price)
    expect(express.total).toBeCloseTo(express.subtotal - express.discount + express.shipping + express.tax, 2)
    expect(express.total).toBeGreaterThan(standard.total)
    const placed = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper), undefined, { shipping_method: 'express' }))
    const order = dataOf<Order>(await shopper.get(`/api/orders/${placed.order_number}`))
    expect(order.total).toBe(express.total)
    // a visitor without a cart has nothing to quote, and gets no session for asking
    const visitor = new TestShopper(t.app)
    const empty = await visitor.get('/api/checkout/quote')
    expect(empty.statusCode).toBe(422)
    expect(empty.headers['set-cookie']).toBeUndefined()
    expect((await visitor.get('/api/checkout/quote?shipping_method=drone')).statusCode).toBe(400)
  })

  it('claims a social media special: its item at its price, the flow and offer code on the cart, once per cart', async () => {
    const shopper = new TestShopper(t.app)
    const special = dataOf<{ item_id: number; price: number }>(await shopper.get('/api/social-media-specials/pf-vip-optin-csr'))
    const sizes = await t.store.db.selectFrom('item_sizes').select('size').where('item_id', '=', special.item_id).where('stock', '>', 0).execute()
    const claim = dataOf<SocialMediaClaim>(await shopper.postJson('/api/social-media-specials/pf-vip-optin-csr/claim', { size: sizes[0]!.size }))
    expect(claim).toEqual({ next: '/checkout-ob/pf-ob-1', checkout_flow: 'free_flow', offer_code: 'csr' })
    const cart = dataOf<Cart>(await shopper.get('/api/cart'))
    expect(cart.checkout_flow).toBe('free_flow')
    expect(cart.has_social_media_special).toBe(true)
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]).toMatchObject({ price: 29.99, qty: 1, skip_qty_controls: true })
    // the drawer's estimate ships it free, as checkout will (29.99 is under the brand's threshold of 50)
    expect(cart.cart_shipping).toBe(0)
    // the same claim again changes nothing; another special is refused
    expect((await shopper.postJson('/api/social-media-specials/pf-vip-optin-csr/claim', { size: sizes[0]!.size })).statusCode).toBe(200)
    expect(dataOf<Cart>(await shopper.get('/api/cart')).items).toHaveLength(1)
    expect((await shopper.postJson('/api/social-media-specials/pf-vip-optin-main/claim', { size: 'M' })).statusCode).toBe(409)
    expect((await shopper.postJson('/api/social-media-specials/nope/claim', {})).statusCode).toBe(404)
    // the special ships free, whatever the threshold; express is still charged
    const quote = dataOf<CheckoutQuote>(await shopper.get('/api/checkout/quote?shipping_country=US&shipping_state=TX'))
    expect(quote.shipping).toBe(0)
    expect(quote.shipping_options[1]!.price).toBeGreaterThan(0)
    expect((await shopper.postJson('/api/social-media-specials/pf-vip-optin-csr/claim', {})).statusCode).toBe(422)

    // a special that does not ship free (pf-vip-optin-main): standard shipping, in the drawer and at checkout alike
    const other = new TestShopper(t.app)
    const main = dataOf<{ item_id: number }>(await other.get('/api/social-media-specials/pf-vip-optin-main'))
    const mainSize = (await t.store.db.selectFrom('item_sizes').select('size').where('item_id', '=', main.item_id).where('stock', '>', 0).executeTakeFirstOrThrow()).size
    expect((await other.postJson('/api/social-media-specials/pf-vip-optin-main/claim', { size: mainSize })).statusCode).toBe(200)
    const paying = dataOf<Cart>(await other.get('/api/cart'))
    expect(paying.cart_shipping).toBeGreaterThan(0)
    const otherQuote = dataOf<CheckoutQuote>(await other.get('/api/checkout/quote?shipping_country=US&shipping_state=TX'))
    expect(otherQuote.shipping).toBe(paying.cart_shipping)
  })

  it("a club special ('Join VIP and get your first pair for $24.99'): joining, the pair is the first month's pick and the order costs the first month; a visitor is asked to log in, never sold the pair alone", async () => {
    const special = dataOf<{ item_id: number; price: number }>(await new TestShopper(t.app, 'ckb.localhost').get('/api/social-media-specials/ckb-vip-optin'))
    expect(special.price).toBe(24.99)
    const item = await t.store.db.selectFrom('items').select('price_cents').where('id', '=', special.item_id).executeTakeFirstOrThrow()
    expect(item.price_cents).toBeLessThan(2499)
    const size = (await t.store.db.selectFrom('item_sizes').select('size').where('item_id', '=', special.item_id).where('stock', '>', 0).executeTakeFirstOrThrow()).size

    // a logged-in customer joins with it: the pair at $0.00 as the first month's pick, the month $24.99
    const customer = new TestShopper(t.app, 'ckb.localhost')
    expect((await customer.post('/api/register', { name: 'Cara Special', email: `cara-${dialect}-${Date.now()}@example.com`, password: 'leggings-forever-3' })).statusCode).toBe(
      200,
    )
    expect(dataOf<SocialMediaClaim>(await customer.postJson('/api/social-media-specials/ckb-vip-optin/claim', { size }))).toMatchObject({
      checkout_flow: 'vip_flow',
      offer_code: 'cb',
    })
    const cart = dataOf<Cart>(await customer.get('/api/cart'))
    expect(cart.items[0]).toMatchObject({ item_id: special.item_id, price: 0, total: 0 })
    const quote = dataOf<CheckoutQuote>(await customer.get('/api/checkout/quote?shipping_country=US&shipping_state=TX'))
    expect(quote).toMatchObject({ club_fee: 24.99, subtotal: 24.99, shipping: 0 })
    const placed = dataOf<CheckoutResult>(await placeOrder(customer, await tokenFor(customer), undefined, { expected_total: String(quote.total) }))
    expect(placed.status).toBe('succeeded')
    const order = dataOf<Order>(await customer.get(`/api/orders/${placed.order_number}`))
    expect(order).toMatchObject({ club_fee: 24.99, subtotal: 24.99, total: quote.total })
    expect(order.items.map((line) => line.total)).toEqual([0])

    // a visitor claims it: the special is the club's join, so checkout asks them to log in (it sold them the
    // pair at its own $14.99, joined nothing, and the order's line kept its "Join VIP" banner)
    const visitor = new TestShopper(t.app, 'ckb.localhost')
    expect((await visitor.postJson('/api/social-media-specials/ckb-vip-optin/claim', { size })).statusCode).toBe(200)
    const visitorCart = dataOf<Cart>(await visitor.get('/api/cart'))
    expect(visitorCart).toMatchObject({ has_club_in_cart: true, loggedin: false })
    expect(visitorCart.items[0]).toMatchObject({ item_id: special.item_id, price: 0 })
    const refusedQuote = await visitor.get('/api/checkout/quote?shipping_country=US&shipping_state=TX')
    expect(refusedQuote.statusCode).toBe(422)
    expect(refusedQuote.body).toMatch(/Log in or create an account to join VIP/)
    const refusedOrder = await placeOrder(visitor, await tokenFor(visitor))
    expect(refusedOrder.statusCode).toBe(422)
    // the same visitor makes an account: the cart comes along and joins, the pair the first month's pick
    expect((await visitor.post('/api/register', { name: 'Vera Visitor', email: `vera-${dialect}-${Date.now()}@example.com`, password: 'leggings-forever-3' })).statusCode).toBe(200)
    const joinQuote = dataOf<CheckoutQuote>(await visitor.get('/api/checkout/quote?shipping_country=US&shipping_state=TX'))
    expect(joinQuote).toMatchObject({ club_fee: 24.99, subtotal: 24.99, shipping: 0 })
    const joined = dataOf<CheckoutResult>(await placeOrder(visitor, await tokenFor(visitor), undefined, { expected_total: String(joinQuote.total) }))
    expect(joined.status).toBe('succeeded')
    expect(dataOf<Order>(await visitor.get(`/api/orders/${joined.order_number}`))).toMatchObject({ club_fee: 24.99, total: joinQuote.total })
    expect(dataOf<Cart>(await visitor.get('/api/cart')).has_club).toBe(true)

    // another visitor checks out without joining: the special leaves the cart with the join it belongs to
    const leaving = new TestShopper(t.app, 'ckb.localhost')
    expect((await leaving.postJson('/api/social-media-specials/ckb-vip-optin/claim', { size })).statusCode).toBe(200)
    expect((await leaving.postJson('/api/checkout/flow', { checkout_flow: 'free_flow' })).statusCode).toBe(200)
    expect(dataOf<Cart>(await leaving.get('/api/cart')).items).toEqual([])
  })

  it("a clearance special taken to the club's landing afterwards is not made the join's free pick", async () => {
    const shopper = new TestShopper(t.app)
    expect((await shopper.post('/api/register', { name: 'Cleo Clearance', email: `cleo-${dialect}-${Date.now()}@example.com`, password: 'leggings-forever-3' })).statusCode).toBe(
      200,
    )
    const special = dataOf<{ item_id: number; price: number }>(await shopper.get('/api/social-media-specials/pf-vip-optin-csr'))
    const size = (await t.store.db.selectFrom('item_sizes').select('size').where('item_id', '=', special.item_id).where('stock', '>', 0).executeTakeFirstOrThrow()).size
    expect((await shopper.postJson('/api/social-media-specials/pf-vip-optin-csr/claim', { size })).statusCode).toBe(200)
    expect((await shopper.postJson('/api/checkout/flow', { checkout_flow: 'vip_flow', offer_code: 'cb' })).statusCode).toBe(200)
    const cart = dataOf<Cart>(await shopper.get('/api/cart'))
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]!.price).toBeGreaterThan(0)
  })
})
