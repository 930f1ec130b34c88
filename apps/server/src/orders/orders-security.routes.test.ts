/**
 * Orders, tracking and payment methods stay the owner's: another customer (or
 * the same e-mail at another brand) guessing an order number or a method id gets
 * the same 404 as for an id that does not exist, on every route; a visitor's
 * tracker needs the order's e-mail; a state change from another site is refused.
 */
import type { CheckoutResult, Order, PaymentMethod, Tracking } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

describe.each(DIALECTS)('orders, tracking and payment methods are private on %s', (dialect) => {
  let t: TestStore
  let owner: TestShopper
  let intruder: TestShopper
  let orderNumber: string
  let method: PaymentMethod
  beforeAll(async () => {
    t = await startTestStore(dialect)
    const item = await itemWithStock(t, 5)
    owner = await shopperWithCart(t, item.itemId, item.size)
    await owner.post('/api/register', { name: 'Olive Owner', email: 'olive@example.com', password: 'leggings-forever' })
    orderNumber = dataOf<CheckoutResult>(await placeOrder(owner, await tokenFor(owner), undefined, { email: 'olive@example.com' })).order_number
    method = dataOf<PaymentMethod[]>(await owner.get('/api/payment-methods'))[0]!
    intruder = new TestShopper(t.app)
    await intruder.post('/api/register', { name: 'Ivan Intruder', email: 'ivan@example.com', password: 'leggings-forever' })
  })
  afterAll(() => t.close())

  it('answers 404 to another customer on every route, the same body as for an unknown id, and changes nothing', async () => {
    const same = async (url: string, unknownUrl: string, post = false) => {
      const call = (u: string) => (post ? intruder.post(u) : intruder.get(u))
      const [guessed, unknown] = [await call(url), await call(unknownUrl)]
      expect(guessed.statusCode, url).toBe(404)
      expect(unknown.statusCode, unknownUrl).toBe(404)
      return { guessed, unknown }
    }
    const order = await same(`/api/orders/${orderNumber}`, '/api/orders/0000000000')
    expect(order.guessed.body).toBe(order.unknown.body.replace('0000000000', orderNumber))
    const tracking = await same(`/api/tracking/${orderNumber}`, '/api/tracking/0000000000')
    expect(tracking.guessed.body).toBe(tracking.unknown.body.replace('0000000000', orderNumber))
    for (const action of ['default', 'remove']) {
      const result = await same(`/api/payment-methods/${method.id}/${action}`, `/api/payment-methods/nope/${action}`, true)
      expect(result.guessed.body).toBe(result.unknown.body)
    }
    expect(dataOf<Order[]>(await intruder.get('/api/orders'))).toEqual([])
    expect(dataOf<PaymentMethod[]>(await intruder.get('/api/payment-methods'))).toEqual([])
    // the owner's things are as they were
    expect(dataOf<PaymentMethod[]>(await owner.get('/api/payment-methods'))).toEqual([method])
    expect(dataOf<Order>(await owner.get(`/api/orders/${orderNumber}`)).order_number).toBe(orderNumber)
  })

  it('answers 404 for the same number and ids at another brand, even to the same e-mail', async () => {
    const ckb = new TestShopper(t.app, 'ckb.localhost')
    await ckb.post('/api/register', { name: 'Olive Owner', email: 'olive@example.com', password: 'leggings-forever' })
    expect((await ckb.get(`/api/orders/${orderNumber}`)).statusCode).toBe(404)
    expect((await ckb.get(`/api/tracking/${orderNumber}?email=olive@example.com`)).statusCode).toBe(404)
    expect((await ckb.post(`/api/payment-methods/${method.id}/remove`)).statusCode).toBe(404)
    expect(dataOf<Order[]>(await ckb.get('/api/orders'))).toEqual([])
  })

  it('a visitor tracks an order only with its e-mail', async () => {
    const visitor = new TestShopper(t.app)
    expect((await visitor.get(`/api/tracking/${orderNumber}`)).statusCode).toBe(404)
    expect((await visitor.get(`/api/tracking/${orderNumber}?email=ivan@example.com`)).statusCode).toBe(404)
    expect(dataOf<Tracking>(await visitor.get(`/api/tracking/${orderNumber}?email=olive@example.com`)).order).toBe(orderNumber)
    expect((await visitor.get(`/api/orders/${orderNumber}`)).statusCode).toBe(404)
    expect((await visitor.get('/api/payment-methods')).statusCode).toBe(401)
  })

  it('refuses a state change from another site (403)', async () => {
    const token = await tokenFor(owner)
    const foreign = (url: string, headers: Record<string, string>) =>
      owner.request({
        method: 'POST',
        url,
        payload: new URLSearchParams({ payment_token: token }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      })
    for (const url of ['/api/payment-methods', `/api/payment-methods/${method.id}/default`, `/api/payment-methods/${method.id}/remove`, '/api/tracking/webhook']) {
      expect((await foreign(url, { origin: 'https://evil.example' })).statusCode, url).toBe(403)
      expect((await foreign(url, { 'sec-fetch-site': 'cross-site' })).statusCode, url).toBe(403)
    }
    expect(dataOf<PaymentMethod[]>(await owner.get('/api/payment-methods'))).toEqual([method])
  })
})
