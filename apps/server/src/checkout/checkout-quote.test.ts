import type { Cart, CheckoutQuote, CheckoutResult, Order, SocialMediaClaim } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from './checkout-test-kit.ts'

describe.each(DIALECTS)('the checkout page\'s quote and social media specials on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

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
})
