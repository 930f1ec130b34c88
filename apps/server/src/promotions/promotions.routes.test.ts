import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminDiscountCode, AdminOneTimeOffer, AdminOrderBump, Cart, CheckoutQuote } from '@store/core'
import { DIALECTS, dataOf, errorsOf, TestShopper, type TestStore, startTestStore } from '../test/harness.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { ADDRESS, itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'

const patch = (browser: TestShopper, url: string, json: unknown) =>
  browser.request({ method: 'PATCH', url, payload: JSON.stringify(json), headers: { 'content-type': 'application/json' } })

type Field = { field?: string; message: string }
const problems = (response: { json(): unknown }) => (response.json() as { errors: Field[] }).errors
const quote = async (shopper: TestShopper) => dataOf<CheckoutQuote>(await shopper.get('/api/checkout/quote?shipping_country=US&shipping_state=TX&shipping_method=standard'))

describe.each(DIALECTS)('promotions in the operator area on %s', (dialect) => {
  let t: TestStore
  let manager: TestShopper
  let analyst: TestShopper
  let fulfilment: TestShopper
  let item: Awaited<ReturnType<typeof itemWithStock>>
  beforeAll(async () => {
    t = await startTestStore(dialect)
    manager = await staffBrowser(t.app, (await addStaff(t.store, 'manager')).email)
    analyst = await staffBrowser(t.app, (await addStaff(t.store, 'analyst')).email)
    fulfilment = await staffBrowser(t.app, (await addStaff(t.store, 'fulfilment')).email)
    item = await itemWithStock(t, 20)
  })
  afterAll(() => t.close())

  const create = async (body: Record<string, unknown>) =>
    dataOf<{ discount_code: AdminDiscountCode }>(await manager.postJson('/api/admin/promotions/discount-codes', body)).discount_code

  it('lists the seeded codes with their terms; an analyst reads, fulfilment may not, nobody signed out', async () => {
    const page = dataOf<{ discount_codes: AdminDiscountCode[]; next_cursor: string | null }>(await analyst.get('/api/admin/promotions/discount-codes'))
    const first15 = page.discount_codes.find((code) => code.code === 'FIRST15')
    expect(first15).toMatchObject({ name: 'First15', kind: 'percentage', percentage: 15, first_order_only: true, one_per_customer: true, status: 'running', uses: 0 })
    expect(page.discount_codes.find((code) => code.code === 'SAVE25')).toMatchObject({ minimum_order: 75, excluded_classes: ['clearance', 'vip'] })
    expect((await fulfilment.get('/api/admin/promotions/discount-codes')).statusCode).toBe(403)
    expect((await analyst.postJson('/api/admin/promotions/discount-codes', { code: 'NOPE10', percentage: 10 })).statusCode).toBe(403)
    expect((await new TestShopper(t.app).get('/api/admin/promotions/discount-codes')).statusCode).toBe(401)
    // pages by cursor, sorted either way
    const small = dataOf<{ discount_codes: AdminDiscountCode[]; next_cursor: string | null }>(await analyst.get('/api/admin/promotions/discount-codes?limit=2&sort=-code'))
    expect(small.discount_codes.map((code) => code.code)).toEqual(['SAVE25', 'LOCK5'])
    const next = dataOf<{ discount_codes: AdminDiscountCode[] }>(await analyst.get(`/api/admin/promotions/discount-codes?limit=2&sort=-code&cursor=${small.next_cursor}`))
    expect(next.discount_codes.map((code) => code.code)).toEqual(['LEGGINGS20', 'FIRST15'])
  })

  it('refuses a bad value at its field, in words', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const response = await manager.postJson('/api/admin/promotions/discount-codes', body)
      return { status: response.statusCode, errors: problems(response) }
    }
    expect(await refused({ code: 'HAS SPACE', percentage: 10 })).toMatchObject({
      status: 400,
      errors: [{ field: 'code', message: 'A code is letters, digits, - or _ (no spaces)' }],
    })
    expect(await refused({ code: 'BIG', percentage: 150 })).toMatchObject({ status: 400, errors: [{ field: 'percentage', message: 'The percentage is at most 100' }] })
    expect(await refused({ code: 'CENTS', kind: 'amount', amount: '5.005' })).toMatchObject({ status: 400, errors: [{ field: 'amount' }] })
    expect(await refused({ code: 'NOTHING', kind: 'amount' })).toMatchObject({ status: 422, errors: [{ field: 'amount', message: 'An amount code takes at least $0.01 off.' }] })
    expect(await refused({ code: 'BACKWARDS', percentage: 10, starts_at: '2027-01-10', ends_at: '2027-01-01' })).toMatchObject({
      status: 422,
      errors: [{ field: 'ends_at', message: 'The end must come after the start.' }],
    })
    expect(await refused({ code: 'WHEN', percentage: 10, starts_at: 'next tuesday' })).toMatchObject({ status: 400, errors: [{ field: 'starts_at' }] })
    expect(await refused({ code: 'first15', percentage: 10 })).toMatchObject({ status: 409, errors: [{ field: 'code' }] })
  })

  it('a new amount code is taken at the cart and quoted at checkout at once; its uses and sales count the order', async () => {
    const code = await create({ code: 'take10', name: 'Take10', kind: 'amount', amount: 10, bullets: '$10 off your order\nOne per order', minimum_order: 0 })
    expect(code).toMatchObject({ code: 'TAKE10', kind: 'amount', amount: 10, percentage: 0, status: 'running', bullets: ['$10 off your order', 'One per order'] })
    const shopper = await shopperWithCart(t, item.itemId, item.size, 2)
    const cart = dataOf<Cart>(await shopper.post('/api/discount-code', { code: 'Take10' }))
    expect(cart.discount_code_name).toBe('Take10')
    expect(cart.cart_discount).toBe(10)
    const quoted = await quote(shopper)
    expect(quoted.discount).toBe(10)
    expect(quoted.subtotal).toBe((item.priceCents * 2) / 100)
    const placed = await placeOrder(shopper, await tokenFor(shopper), undefined, { email: 'take10@example.com' })
    expect(placed.statusCode).toBe(200)
    const after = dataOf<{ discount_code: AdminDiscountCode }>(await analyst.get(`/api/admin/promotions/discount-codes/${code.id}`)).discount_code
    const order = await t.store.db.selectFrom('orders').select(['total_cents', 'discount_code_id']).where('email', '=', 'take10@example.com').executeTakeFirstOrThrow()
    expect(order.discount_code_id).toBe(code.id)
    expect(after).toMatchObject({ uses: 1, sales: { shown: null, taken: 1, revenue: order.total_cents / 100 } })
    const audit = await t.store.db.selectFrom('audit_log').select('action').where('entity', '=', 'discount_code').where('entity_id', '=', code.id).execute()
    expect(audit.map((entry) => entry.action)).toEqual(['discount_code.create'])
  })

  it('a code used up, not started, or ended is refused in words; ending one takes it off the carts that hold it', async () => {
    const capped = await create({ code: 'ONLYONE', percentage: 20, max_uses: 1 })
    const first = await shopperWithCart(t, item.itemId, item.size)
    await first.post('/api/discount-code', { code: 'onlyone' })
    expect((await placeOrder(first, await tokenFor(first), undefined, { email: 'onlyone@example.com' })).statusCode).toBe(200)
    const second = await shopperWithCart(t, item.itemId, item.size)
    const usedUp = await second.post('/api/discount-code', { code: 'onlyone' })
    expect(usedUp.statusCode).toBe(422)
    expect(errorsOf(usedUp)).toEqual(['ONLYONE has been used up: it was for the first 1 orders.'])
    expect(dataOf<{ discount_code: AdminDiscountCode }>(await analyst.get(`/api/admin/promotions/discount-codes/${capped.id}`)).discount_code.status).toBe('ended')

    await create({ code: 'LATER', percentage: 10, starts_at: '2099-01-01' })
    expect(errorsOf(await second.post('/api/discount-code', { code: 'later' }))).toEqual(['LATER has not started yet.'])

    const soon = await create({ code: 'ENDSOON', percentage: 10 })
    expect(dataOf<Cart>(await second.post('/api/discount-code', { code: 'endsoon' })).cart_discount).toBeGreaterThan(0)
    const ended = dataOf<{ discount_code: AdminDiscountCode }>(await manager.post(`/api/admin/promotions/discount-codes/${soon.id}/end`)).discount_code
    expect(ended.status).toBe('ended')
    expect(dataOf<Cart>(await second.get('/api/cart')).cart_discount).toBe(0)
    expect((await second.post('/api/discount-code', { code: 'endsoon' })).statusCode).toBe(422)
    const list = dataOf<{ discount_codes: AdminDiscountCode[] }>(await analyst.get('/api/admin/promotions/discount-codes?status=ended'))
    expect(list.discount_codes.map((code) => code.code)).toContain('ENDSOON')
  })

  it('one use per customer: the same e-mail is refused its second order with the code', async () => {
    await create({ code: 'ONCEEACH', percentage: 10, one_per_customer: true })
    const first = await shopperWithCart(t, item.itemId, item.size)
    await first.post('/api/discount-code', { code: 'onceeach' })
    expect((await placeOrder(first, await tokenFor(first), undefined, { email: 'once@example.com' })).statusCode).toBe(200)
    const again = await shopperWithCart(t, item.itemId, item.size)
    await again.post('/api/discount-code', { code: 'onceeach' })
    const refused = await placeOrder(again, await tokenFor(again), undefined, { email: 'ONCE@example.com' })
    expect(refused.statusCode).toBe(409)
    expect(errorsOf(refused)[0]).toContain('ONCEEACH is one use per customer')
    // another shopper may
    expect((await placeOrder(again, await tokenFor(again), undefined, { email: ADDRESS.email.replace('ada', 'grace') })).statusCode).toBe(200)
  })

  it('an edited order bump shows at /checkout-ob at once; a bad price is refused at its field', async () => {
    const { order_bumps } = dataOf<{ order_bumps: AdminOrderBump[] }>(await analyst.get('/api/admin/promotions/order-bumps'))
    const bump = order_bumps[0]!
    const shopper = new TestShopper(t.app)
    expect(dataOf<{ headline: string }>(await shopper.get(`/api/order-bumps/${bump.id}`)).headline).toBe(bump.headline)
    const edited = dataOf<{ order_bump: AdminOrderBump }>(
      await patch(manager, `/api/admin/promotions/order-bumps/${bump.id}`, { headline: 'Add the bra for $14.99', price: 14.99 }),
    )
    expect(edited.order_bump).toMatchObject({ headline: 'Add the bra for $14.99', price: 14.99 })
    expect(dataOf<{ headline: string; price: number }>(await shopper.get(`/api/order-bumps/${bump.id}`))).toMatchObject({ headline: 'Add the bra for $14.99', price: 14.99 })
    const tooDear = await patch(manager, `/api/admin/promotions/order-bumps/${bump.id}`, { price: 9999 })
    expect(tooDear.statusCode).toBe(422)
    expect(problems(tooDear)[0]!.field).toBe('price')
    expect((await patch(fulfilment, `/api/admin/promotions/order-bumps/${bump.id}`, { price: 1 })).statusCode).toBe(403)
    // taken off: the cart's checkout link skips it at once
    const removed = dataOf<{ order_bumps: AdminOrderBump[] }>(await manager.post(`/api/admin/promotions/order-bumps/${bump.id}/remove`))
    expect(removed.order_bumps.map((b) => b.id)).not.toContain(bump.id)
    const cart = dataOf<Cart>(await (await shopperWithCart(t, item.itemId, item.size)).get('/api/cart'))
    expect(cart.proceed_to_checkout_link).toBe(`/checkout-ob/${removed.order_bumps[0]!.id}`)
  })

  it('one-time offers: every field edited, refused at its field, and the flow after payment follows at once', async () => {
    const { one_time_offers } = dataOf<{ one_time_offers: AdminOneTimeOffer[] }>(await analyst.get('/api/admin/promotions/one-time-offers'))
    const offer = one_time_offers[0]!
    expect(offer).toMatchObject({ sales: { shown: 0, taken: 0, revenue: 0 } })
    const edited = dataOf<{ one_time_offer: AdminOneTimeOffer }>(
      await patch(manager, `/api/admin/promotions/one-time-offers/${offer.id}`, {
        headline: 'One more pair, 40% off',
        extended_copy_2: 'Only on this page.',
        how_many: 2,
        show_category_picker: true,
      }),
    ).one_time_offer
    expect(edited).toMatchObject({ headline: 'One more pair, 40% off', extended_copy_2: 'Only on this page.', how_many: 2, show_category_picker: true })
    const shopper = new TestShopper(t.app)
    expect(dataOf<{ headline: string; how_many: number }>(await shopper.get(`/api/one-time-offers/${offer.id}`))).toMatchObject({ headline: 'One more pair, 40% off', how_many: 2 })
    const badCategory = await patch(manager, `/api/admin/promotions/one-time-offers/${offer.id}`, { categories: 'nothing-here' })
    expect(badCategory.statusCode).toBe(422)
    expect(problems(badCategory)).toEqual([{ field: 'categories', message: 'There is no category "nothing-here" in this store.' }])
    const badImage = await patch(manager, `/api/admin/promotions/one-time-offers/${offer.id}`, { image_1: 'javascript:alert(1)' })
    expect(badImage.statusCode).toBe(400)
    expect(problems(badImage)[0]!.field).toBe('image_1')
    expect((await patch(analyst, `/api/admin/promotions/one-time-offers/${offer.id}`, { headline: 'x' })).statusCode).toBe(403)

    const created = dataOf<{ one_time_offer: AdminOneTimeOffer }>(
      await manager.postJson('/api/admin/promotions/one-time-offers', {
        categories: offer.categories,
        headline: 'Last chance: a second set',
        text_copy: 'Add a second set at a one-time price.',
        no_thanks_button_copy: 'No thanks, I have enough',
        short_item_name: 'Second set',
        price: 19.99,
        position: 0,
      }),
    ).one_time_offer
    expect(created).toMatchObject({ headline: 'Last chance: a second set', price: 19.99, show_product_picker: true, show_sizepicker: true })
    // first in the flow now: an order placed goes to it after payment
    const buyer = await shopperWithCart(t, item.itemId, item.size)
    const placed = dataOf<{ next: string }>(await placeOrder(buyer, await tokenFor(buyer), undefined, { email: 'oto-flow@example.com' }))
    expect(placed.next).toMatch(new RegExp(`^/special-offer/${created.id}\\?order=`))
    const after = dataOf<{ one_time_offers: AdminOneTimeOffer[] }>(await manager.post(`/api/admin/promotions/one-time-offers/${created.id}/remove`))
    expect(after.one_time_offers.map((o) => o.id)).not.toContain(created.id)
    const audit = await t.store.db.selectFrom('audit_log').select('action').where('entity', '=', 'one_time_offer').execute()
    expect(audit.map((entry) => entry.action).sort()).toEqual(['one_time_offer.create', 'one_time_offer.remove', 'one_time_offer.update'])
  })
})
