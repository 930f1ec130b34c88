/**
 * Bundle offers (docs/cart-rules.md "Bundle offers"): the store's 'any 3 leggings for $75' is what the
 * shopper sees in the cart, is quoted and charged at checkout, and is what the order records.
 */
import { randomUUID } from 'node:crypto'
import type { Cart, CheckoutQuote, CheckoutResult, Order } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { member } from '../membership/club-test-kit.ts'
import { itemWithStock, placeOrder, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

const QUOTE = '/api/checkout/quote?shipping_country=US&shipping_state=TX&shipping_method=standard'

describe.each(DIALECTS)('bundle offers on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  /** An active popfitclothing item of this name and a size with at least `min` in stock. */
  const sized = (name: string, min = 4) => itemWithStock(t, min, 'popfitclothing', name)

  async function add(shopper: TestShopper, item: { itemId: number; size: string }, qty: number) {
    const added = await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty })
    expect(added.statusCode, added.body).toBe(200)
    return dataOf<Cart>(added)
  }

  const cartOf = async (shopper: TestShopper) => dataOf<Cart>(await shopper.get('/api/cart'))
  const quoteOf = async (shopper: TestShopper) => dataOf<CheckoutQuote>(await shopper.get(QUOTE))

  /** The cart and the checkout quote agree on every figure they share. */
  function expectAgree(cart: Cart, quote: CheckoutQuote) {
    expect(quote.subtotal).toBe(cart.cart_subtotal)
    expect(quote.discount).toBe(cart.cart_discount)
    // and the bundles' saving, told apart from the code's in both
    expect(quote.bundle_discount).toBe(cart.bundle_discount)
    expect(quote.shipping).toBe(cart.cart_shipping)
    expect(quote.total).toBe(Math.round((cart.cart_total - cart.cart_tax + quote.tax) * 100) / 100)
  }

  it('3 leggings at $39.99 are $75 in the cart, at checkout, in the order, its lines and its e-mail', async () => {
    const legging = await sized('Signature High-Waist Legging')
    expect(legging.priceCents).toBe(3999)
    const shopper = new TestShopper(t.app)
    await add(shopper, legging, 3)
    const cart = await cartOf(shopper)
    expect(cart).toMatchObject({ cart_subtotal: 119.97, cart_discount: 44.97, bundle_discount: 44.97, cart_shipping: 0, cart_total: 75, savings: 44.97 })
    // the line keeps its price and says it is in the bundle
    expect(cart.items[0]).toMatchObject({ price: 39.99, qty: 3, total: 119.97, banner: '3 for $75 bundle' })

    const quote = await quoteOf(shopper)
    expect(quote).toMatchObject({ subtotal: 119.97, discount: 44.97, shipping: 0 })
    expectAgree(cart, quote)

    const placed = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper)))
    expect(placed.status).toBe('succeeded')
    const order = dataOf<Order>(await shopper.get(`/api/orders/${placed.order_number}`))
    // the order keeps the bundle's part, so the thank-you page and the history name it as the cart did
    expect(order).toMatchObject({ subtotal: 119.97, discount: 44.97, bundle_discount: 44.97, total: quote.total })
    expect(order.items).toHaveLength(1)
    expect(order.items[0]).toMatchObject({ qty: 3, price: 39.99, discount: 44.97, total: 75 })
    // the card was charged the bundle price
    const payment = await t.store.db.selectFrom('payments').select('amount_cents').where('order_number', '=', placed.order_number).executeTakeFirstOrThrow()
    expect(payment.amount_cents).toBe(Math.round(quote.total * 100))
    const rows = await t.store.db.selectFrom('order_lines').select(['discount_cents', 'total_cents']).where('order_number', '=', placed.order_number).execute()
    expect(rows).toEqual([{ discount_cents: 4497, total_cents: 7500 }])
    const mail = await t.store.db.selectFrom('outbox_emails').select('body').where('body', 'like', `%${placed.order_number}%`).executeTakeFirstOrThrow()
    // the line at its pieces' price, so the lines add up to the Subtotal and the savings follow it
    expect(mail.body).toMatch(/3 x Signature High-Waist Legging \([^)]*\) {2}\$119\.97\n/)
    expect(mail.body).toContain('Subtotal  $119.97')
    expect(mail.body).toContain('Bundle savings  -$44.97')
    expect(mail.body).toContain('Total  $75.00')
    expect(mail.body).not.toContain('Discount  -')
  })

  it('4 leggings: the three dearest make the bundle, the fourth pays its own price; cart and checkout agree', async () => {
    const signature = await sized('Signature High-Waist Legging')
    const seamless = await sized('Sculpt Seamless Legging')
    expect(seamless.priceCents).toBe(4499)
    const shopper = new TestShopper(t.app)
    await add(shopper, signature, 3)
    await add(shopper, seamless, 1)
    const cart = await cartOf(shopper)
    // 44.99 + 39.99 + 39.99 = 124.97 -> 75; one 39.99 left at its price
    expect(cart.cart_subtotal).toBe(164.96)
    expect(cart.cart_discount).toBe(49.97)
    expect(cart.cart_total).toBe(114.99)
    expect(cart.items.map((line) => line.banner)).toEqual(['2 of 3 in the 3 for $75 bundle', '3 for $75 bundle'])
    const quote = await quoteOf(shopper)
    expectAgree(cart, quote)
    const placed = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper), randomUUID(), { expected_total: String(quote.total) }))
    expect(placed.status).toBe('succeeded')
    const lines = await t.store.db
      .selectFrom('order_lines')
      .select(['item_id', 'qty', 'price_cents', 'discount_cents', 'total_cents'])
      .where('order_number', '=', placed.order_number)
      .execute()
    expect(lines.reduce((sum, line) => sum + line.total_cents, 0)).toBe(11499)
    expect(lines.reduce((sum, line) => sum + line.discount_cents, 0)).toBe(4997)
  })

  it('a discount code takes its percentage off the bundle price', async () => {
    const legging = await sized('Signature High-Waist Legging')
    const shopper = new TestShopper(t.app)
    await add(shopper, legging, 3)
    expect((await shopper.post('/api/discount-code', { code: 'First15' })).statusCode).toBe(200)
    const cart = await cartOf(shopper)
    // 44.97 off for the bundle, then 15% of 75.00 = 11.25: the bundle's part told apart, the rest the code's
    expect(cart).toMatchObject({ cart_subtotal: 119.97, cart_discount: 56.22, bundle_discount: 44.97, cart_total: 63.75, discount_code_name: expect.any(String) })
    expect(cart.discount_code_info).not.toMatch(/doesn't apply/)
    expectAgree(cart, await quoteOf(shopper))
    // placed, the order and its e-mail keep the two parts apart: 44.97 the bundle's, 11.25 the code's
    const placed = dataOf<CheckoutResult>(
      await placeOrder(shopper, await tokenFor(shopper), randomUUID(), { expected_total: String(cart.cart_total), email: `first-${randomUUID()}@example.com` }),
    )
    expect(placed.status).toBe('succeeded')
    expect(dataOf<Order>(await shopper.get(`/api/orders/${placed.order_number}`))).toMatchObject({ discount: 56.22, bundle_discount: 44.97, total: 63.75 })
    const mail = await t.store.db.selectFrom('outbox_emails').select('body').where('body', 'like', `%${placed.order_number}%`).executeTakeFirstOrThrow()
    expect(mail.body).toContain('Bundle savings  -$44.97')
    expect(mail.body).toContain('Discount  -$11.25')
  })

  it('special prices count towards no bundle: an order bump, a social media special', async () => {
    // a sports bra and the bump's sports bra at 19.99: no '2 for $50'
    const bra = await sized('Longline Sports Bra')
    const bumped = new TestShopper(t.app)
    await add(bumped, bra, 1)
    const bump = dataOf<{ sizes: string[]; price: number }>(await bumped.get('/api/order-bumps/pf-ob-1'))
    expect((await bumped.postJson('/api/order-bumps/pf-ob-1/accept', { size: bump.sizes[0] })).statusCode).toBe(200)
    const bumpCart = await cartOf(bumped)
    expect(bumpCart.items).toHaveLength(2)
    expect(bumpCart.cart_discount).toBe(0)
    expect(bumpCart.cart_total).toBe(Math.round((bra.priceCents / 100 + bump.price) * 100) / 100)
    expectAgree(bumpCart, await quoteOf(bumped))
    // and two sports bras at their own price are '2 for $50'
    const bras = new TestShopper(t.app)
    await add(bras, bra, 2)
    expect((await cartOf(bras)).cart_total).toBe(50)

    // the social media special's legging at 29.99 and two leggings at 39.99: no bundle
    const special = dataOf<{ item_id: number }>(await new TestShopper(t.app).get('/api/social-media-specials/pf-vip-optin-csr'))
    const size = (await t.store.db.selectFrom('item_sizes').select('size').where('item_id', '=', special.item_id).where('stock', '>', 2).orderBy('size').executeTakeFirstOrThrow())
      .size
    const claimed = new TestShopper(t.app)
    expect((await claimed.postJson('/api/social-media-specials/pf-vip-optin-csr/claim', { size })).statusCode).toBe(200)
    await add(claimed, await sized('Signature High-Waist Legging'), 2)
    const specialCart = await cartOf(claimed)
    expect(specialCart.cart_subtotal).toBe(109.97)
    expect(specialCart.cart_discount).toBe(0)
    expectAgree(specialCart, await quoteOf(claimed))
  })

  it("items outside the offers' categories, and fewer than how_many, get no bundle", async () => {
    const top = await t.store.db
      .selectFrom('items')
      .innerJoin('item_categories', 'item_categories.item_id', 'items.id')
      .innerJoin('categories', 'categories.id', 'item_categories.category_id')
      .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
      .select(['items.id', 'item_sizes.size', 'items.price_cents'])
      .where('categories.brand_id', '=', 'popfitclothing')
      .where('categories.name', '=', 'tops')
      .where('item_sizes.stock', '>=', 3)
      .where('items.vip_exclusive', '=', 0)
      .orderBy('items.id')
      .executeTakeFirstOrThrow()
    const shopper = new TestShopper(t.app)
    await add(shopper, { itemId: top.id, size: top.size }, 3)
    await add(shopper, await sized('Signature High-Waist Legging'), 2)
    const cart = await cartOf(shopper)
    expect(cart.cart_discount).toBe(0)
    expect(cart.bundle_discount).toBe(0)
    expect(cart.cart_subtotal).toBe((top.price_cents * 3 + 3999 * 2) / 100)
    expect(cart.items.every((line) => line.banner === null)).toBe(true)
  })

  it('a member gets the bundle only where it is below the member price', async () => {
    const { shopper } = await member(t)
    // member price 31.99: 3 are 95.97, so $75 saves 20.97
    await add(shopper, await sized('Signature High-Waist Legging'), 3)
    const cart = await cartOf(shopper)
    expect(cart.has_club).toBe(true)
    expect(cart.items[0]!.price).toBe(31.99)
    expect(cart).toMatchObject({ cart_subtotal: 95.97, cart_discount: 20.97, bundle_discount: 20.97, cart_total: 75 })
    expectAgree(cart, await quoteOf(shopper))

    // clearance at 29.99, member price 23.99: 3 are 71.97, less than $75, so no bundle
    const other = await member(t)
    await add(other.shopper, await sized('Ribbed Contour Legging'), 3)
    const clearance = await cartOf(other.shopper)
    expect(clearance.items[0]!.price).toBe(23.99)
    expect(clearance).toMatchObject({ cart_subtotal: 71.97, cart_discount: 0, cart_total: 71.97 })
    expectAgree(clearance, await quoteOf(other.shopper))
  })
})
