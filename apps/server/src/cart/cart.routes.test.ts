import { createHash } from 'node:crypto'
import { formatPrice, type Cart, type ItemSummary } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LAST_ITEM } from '../db/seed/constants.ts'
import { DISCOUNT_CODE_GUESSES } from './cart.service.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

type CartData = Cart
type Listed = ItemSummary

describe.each(DIALECTS)('cart API on %s', (dialect) => {
  let t: TestStore
  let listed: Listed[]
  let inStock: Listed
  const countSessions = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  beforeAll(async () => {
    t = await startTestStore(dialect)
    listed = dataOf<{ items: Listed[] }>(await new TestShopper(t.app).get('/api/categories/leggings')).items
    inStock = listed.find((item) => item.availableSizes.length > 0 && item.id !== LAST_ITEM.popfitclothing.itemId)!
  })
  afterAll(() => t.close())

  const cartOf = async (shopper: TestShopper) => dataOf<CartData>(await shopper.get('/api/cart'))

  it('gives a new visitor an empty cart, and no session until something is written', async () => {
    const shopper = new TestShopper(t.app)
    const sessionsBefore = await countSessions()
    const response = await shopper.get('/api/cart')
    expect(response.statusCode).toBe(200)
    expect(response.headers['set-cookie']).toBeUndefined()
    // still this visitor's answer: no shared cache (a CDN) may keep it for the next shopper
    expect(response.headers['cache-control']).toBe('no-store')
    const cart = dataOf<CartData>(response)
    expect(cart.items).toEqual([])
    expect(cart.cart_total).toBe(0)
    expect(cart.loggedin).toBe(false)
    expect(await countSessions()).toBe(sessionsBefore)

    // the first line written starts the session: HttpOnly, SameSite=Lax, private answers
    const added = await shopper.post('/api/cart/items', { item_id: inStock.id, size: inStock.availableSizes[0]!, qty: 1 })
    expect(added.statusCode).toBe(200)
    const setCookie = String(added.headers['set-cookie'])
    expect(setCookie).toMatch(/sid=/)
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)
    expect(added.headers['cache-control']).toBe('private, no-store')
    expect(await countSessions()).toBe(sessionsBefore + 1)
    const again = await shopper.get('/api/cart')
    expect(again.headers['set-cookie']).toBeUndefined()
    expect(again.headers['cache-control']).toBe('private, no-store')
    expect(dataOf<CartData>(again).items).toHaveLength(1)
  })

  it('adds an item, merges a second add of the same size and computes the totals', async () => {
    const shopper = new TestShopper(t.app)
    const size = inStock.availableSizes[0]!
    await shopper.post('/api/cart/items', { item_id: inStock.id, size, qty: 1 })
    const cart = dataOf<CartData>(await shopper.post('/api/cart/items', { item_id: inStock.id, size, qty: 1 }))
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]).toMatchObject({ item_id: inStock.id, size, qty: 2, price: inStock.price })
    expect(cart.cart_subtotal).toBeCloseTo(inStock.price * 2, 2)
    const expectedShipping = cart.cart_subtotal >= cart.free_shipping_threshold ? 0 : cart.cart_shipping
    expect(cart.cart_shipping).toBe(expectedShipping)
    expect(cart.cart_total).toBeCloseTo(cart.cart_subtotal - cart.cart_discount + cart.cart_shipping + cart.cart_tax, 2)
  })

  it('keeps one visitor’s cart from another', async () => {
    const first = new TestShopper(t.app)
    await first.post('/api/cart/items', { item_id: inStock.id, size: inStock.availableSizes[0]!, qty: 1 })
    const second = new TestShopper(t.app)
    expect((await cartOf(second)).items).toEqual([])
    const line = (await cartOf(first)).items[0]!
    const response = await second.post(`/api/cart/items/${line.cartId}`, { qty: 0 })
    expect(response.statusCode).toBe(404)
    expect((await cartOf(first)).items).toHaveLength(1)
  })

  it('changes quantity and removes a line with 0', async () => {
    const shopper = new TestShopper(t.app)
    const cart = dataOf<CartData>(await shopper.post('/api/cart/items', { item_id: inStock.id, size: inStock.availableSizes[0]!, qty: 1 }))
    const cartId = cart.items[0]!.cartId
    const changed = dataOf<CartData>(await shopper.post(`/api/cart/items/${cartId}`, { qty: 3 }))
    expect(changed.items[0]!.qty).toBe(3)
    const removed = dataOf<CartData>(await shopper.post(`/api/cart/items/${cartId}`, { qty: 0 }))
    expect(removed.items).toEqual([])
    expect(removed.cart_total).toBe(0)
  })

  it('says how much more a code with a minimum takes, then what it gives once the cart reaches it', async () => {
    const shopper = new TestShopper(t.app)
    const one = dataOf<CartData>(await shopper.post('/api/cart/items', { item_id: inStock.id, size: inStock.availableSizes[0]!, qty: 1 }))
    expect(one.cart_subtotal).toBeLessThan(75)
    const short = dataOf<CartData>(await shopper.post('/api/discount-code', { code: 'save25' }))
    expect(short.discount_code_name).toBe('Save25')
    expect(short.cart_discount).toBe(0)
    const more = formatPrice(Math.round((75 - one.cart_subtotal) * 100) / 100, { keepZeroCents: true })
    expect(short.discount_code_info).toBe(`Add ${more} more to use Save25: it is for orders of $75.00 or more.`)
    const two = dataOf<CartData>(await shopper.post(`/api/cart/items/${one.items[0]!.cartId}`, { qty: 2 }))
    expect(two.cart_subtotal).toBeGreaterThanOrEqual(75)
    expect(two.cart_discount).toBeGreaterThan(0)
    expect(two.discount_code_info).toBe('Take 25% off orders of $75 or more')
  })

  it('applies First15 and lowers the total by 15% of the merchandise, rounded to the cent', async () => {
    const shopper = new TestShopper(t.app)
    const before = dataOf<CartData>(await shopper.post('/api/cart/items', { item_id: inStock.id, size: inStock.availableSizes[0]!, qty: 2 }))
    const after = dataOf<CartData>(await shopper.post('/api/discount-code', { code: 'first15' }))
    expect(after.discount_code_name).toBe('First15')
    expect(after.cart_discount).toBe(Math.round(before.cart_subtotal * 100 * 0.15) / 100)
    expect(after.cart_total).toBeLessThan(before.cart_total)
    expect(after.savings).toBeGreaterThanOrEqual(after.cart_discount)
  })

  it('a code the store switches off (its promotion over) stops applying to the carts that took it, in the cart and at checkout', async () => {
    const shopper = new TestShopper(t.app)
    const before = dataOf<CartData>(await shopper.post('/api/cart/items', { item_id: inStock.id, size: inStock.availableSizes[0]!, qty: 2 }))
    const coded = dataOf<CartData>(await shopper.post('/api/discount-code', { code: 'first15' }))
    expect(coded.cart_discount).toBeGreaterThan(0)
    await t.store.db.updateTable('discount_codes').set({ active: 0 }).where('brand_id', '=', 'popfitclothing').where('code', '=', 'FIRST15').execute()
    try {
      const after = await cartOf(shopper)
      expect(after.discount_code_name).toBeNull()
      expect(after.cart_discount).toBe(before.cart_discount)
      expect(after.cart_total).toBe(before.cart_total)
      const quote = dataOf<{ discount: number; total: number }>(await shopper.get('/api/checkout/quote?shipping_country=US&shipping_state=TX&shipping_method=standard'))
      expect(quote.discount).toBe(before.cart_discount)
    } finally {
      await t.store.db.updateTable('discount_codes').set({ active: 1 }).where('brand_id', '=', 'popfitclothing').where('code', '=', 'FIRST15').execute()
    }
  })

  it('refuses an unknown discount code with 422 and changes nothing', async () => {
    const shopper = new TestShopper(t.app)
    const before = dataOf<CartData>(await shopper.post('/api/cart/items', { item_id: inStock.id, size: inStock.availableSizes[0]!, qty: 1 }))
    const response = await shopper.post('/api/discount-code', { code: 'NOPE42' })
    expect(response.statusCode).toBe(422)
    expect(errorsOf(response)[0]).toMatch(/couldn't find the discount code 'NOPE42'/)
    expect(await cartOf(shopper)).toEqual(before)
  })

  it('stops a network trying codes after 20 wrong ones in an hour, even for a right one; another network is not held', async () => {
    const guesser = new TestShopper(t.app)
    for (let i = 0; i < DISCOUNT_CODE_GUESSES.max; i++) {
      expect((await guesser.post('/api/discount-code', { code: `GUESS${i}` })).statusCode).toBe(422)
    }
    const held = await guesser.post('/api/discount-code', { code: 'first15' })
    expect(held.statusCode).toBe(429)
    expect(errorsOf(held)[0]).toMatch(/Too many discount codes were tried from this network/)
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0)
    expect(dataOf<CartData>(await guesser.get('/api/cart')).discount_code_name).toBeNull()
    // a known code, or a refused one, is not a guess; another shopper's network tries as before
    const other = new TestShopper(t.app)
    for (let i = 0; i < DISCOUNT_CODE_GUESSES.max + 2; i++) expect((await other.post('/api/discount-code', { code: 'Lock5' })).statusCode).toBe(422)
    expect(dataOf<CartData>(await other.post('/api/discount-code', { code: 'first15' })).discount_code_name).toBe('First15')
  })

  it('keeps the club code Lock5 for members', async () => {
    const response = await new TestShopper(t.app).post('/api/discount-code', { code: 'Lock5' })
    expect(response.statusCode).toBe(422)
    expect(errorsOf(response)[0]).toMatch(/VIP members only/)
  })

  it('refuses bad input with a readable 4xx and changes nothing', async () => {
    const shopper = new TestShopper(t.app)
    const size = inStock.availableSizes[0]!
    const cases: [Record<string, string | number>, number, RegExp][] = [
      [{ item_id: 999999, size, qty: 1 }, 404, /couldn't find item/],
      [{ item_id: 'abc', size, qty: 1 }, 400, /Item id must be a number/],
      [{ item_id: inStock.id, size: 'XXXXXXL', qty: 1 }, 422, /doesn't come in size/],
      [{ item_id: inStock.id, size, qty: 0 }, 400, /at least 1/],
      [{ item_id: inStock.id, size, qty: 10000 }, 400, /at most 10/],
      [{ item_id: inStock.id, size, qty: 'lots' }, 400, /Quantity must be a number/],
      [{ item_id: inStock.id, qty: 1 }, 400, /Choose a size/],
    ]
    for (const [form, status, message] of cases) {
      const response = await shopper.post('/api/cart/items', form)
      expect(response.statusCode, JSON.stringify(form)).toBe(status)
      expect(errorsOf(response).join(' ')).toMatch(message)
    }
    const malformed = await shopper.request({
      method: 'POST',
      url: '/api/cart/items',
      payload: '{"item_id": 1',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.statusCode).toBe(400)
    expect(errorsOf(malformed)[0]).toMatch(/not valid JSON/)
    const badLine = await shopper.post('/api/cart/items/not-a-line', { qty: 1 })
    expect(badLine.statusCode).toBe(400)
    expect((await cartOf(shopper)).items).toEqual([])

    // a quantity left empty, or sent as a list or a yes, is no quantity: never 0 (which removes the line)
    expect((await shopper.post('/api/cart/items', { item_id: inStock.id, size, qty: 2 })).statusCode).toBe(200)
    const line = (await cartOf(shopper)).items[0]!
    for (const qty of ['', '  ', [1], true]) {
      const changed = await shopper.postJson(`/api/cart/items/${line.cartId}`, { qty })
      expect(changed.statusCode, JSON.stringify(qty)).toBe(400)
      expect(errorsOf(changed)[0]).toMatch(/Quantity must be a number/)
    }
    expect((await shopper.post(`/api/cart/items/${line.cartId}`, { qty: '' })).statusCode).toBe(400)
    expect((await cartOf(shopper)).items.map((item) => item.qty)).toEqual([2])
    // a form's text of a number stands
    expect((await shopper.post(`/api/cart/items/${line.cartId}`, { qty: ' 3 ' })).statusCode).toBe(200)
    expect((await cartOf(shopper)).items.map((item) => item.qty)).toEqual([3])
  })

  it('refuses a sold-out size and more than the stock', async () => {
    const soldOut = listed.find((item) => item.sizes.some((size) => !item.availableSizes.includes(size)))!
    const size = soldOut.sizes.find((candidate) => !soldOut.availableSizes.includes(candidate))!
    const shopper = new TestShopper(t.app)
    const response = await shopper.post('/api/cart/items', { item_id: soldOut.id, size, qty: 1 })
    expect(response.statusCode).toBe(409)
    expect(errorsOf(response)[0]).toMatch(/sold out/)

    const last = LAST_ITEM.popfitclothing
    const tooMany = await shopper.post('/api/cart/items', { item_id: last.itemId, size: last.size, qty: 2 })
    expect(tooMany.statusCode).toBe(409)
    expect(errorsOf(tooMany)[0]).toMatch(/Only 1 left/)
    expect((await cartOf(shopper)).items).toEqual([])
  })

  it('accepts JSON and multipart form bodies as well as urlencoded', async () => {
    const shopper = new TestShopper(t.app)
    const size = inStock.availableSizes[0]!
    const json = await shopper.postJson('/api/cart/items', { item_id: inStock.id, size, qty: 1 })
    expect(json.statusCode).toBe(200)
    const boundary = '----store-test'
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="item_id"\r\n\r\n${inStock.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="size"\r\n\r\n${size}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="qty"\r\n\r\n1\r\n--${boundary}--\r\n`
    const multipart = await shopper.request({
      method: 'POST',
      url: '/api/cart/items',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    expect(multipart.statusCode).toBe(200)
    expect(dataOf<CartData>(multipart).items[0]!.qty).toBe(2)
  })

  it('refuses a state change posted from another site', async () => {
    const shopper = new TestShopper(t.app)
    const response = await shopper.request({
      method: 'POST',
      url: '/api/cart/items',
      payload: `item_id=${inStock.id}&size=${inStock.availableSizes[0]}&qty=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    })
    expect(response.statusCode).toBe(403)
  })

  it('charges members the member price', async () => {
    // a member is a customer with has_club; made directly until accounts land
    const shopper = new TestShopper(t.app)
    await shopper.post('/api/cart/items', { item_id: inStock.id, size: inStock.availableSizes[0]!, qty: 1 })
    const token = shopper.cookieHeader.match(/sid=([^;]+)/)![1]!
    const session = { id: createHash('sha256').update(token).digest('base64url') }
    const now = new Date().toISOString()
    await t.store.db
      .insertInto('customers')
      .values({ id: `member-${dialect}`, brand_id: 'popfitclothing', name: 'Vera Member', email: `vera-${dialect}@example.com`, has_club: 1, created_at: now })
      .execute()
    await t.store.db
      .updateTable('sessions')
      .set({ customer_id: `member-${dialect}` })
      .where('id', '=', session.id)
      .execute()
    const item = dataOf<{ price: number; member_price: number | null; original_price: number | null }>(await shopper.get(`/api/items/${inStock.id}`))
    expect(item.member_price).not.toBeNull()
    expect(item.price).toBe(item.member_price)
    const cart = await cartOf(shopper)
    expect(cart.has_club).toBe(true)
    expect(cart.loggedin).toBe(true)
  })
})
