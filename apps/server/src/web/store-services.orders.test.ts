/** The pages' services for orders, tracker, payment methods and reviews: the API's rules, errors as StoreError. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type CheckoutResult, isStoreError, type StoreError } from '@store/core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandById } from '../brands/registry.ts'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { createRequestContext } from '../context/request-context.ts'
import { dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { createStoreServices } from './store-services.ts'

const silent = { info() {}, warn() {}, error() {} }

describe('store services for orders, tracker, payment methods and reviews', () => {
  let t: TestStore
  let token: string
  let shopper: TestShopper
  let orderNumber: string
  let itemId: number
  beforeAll(async () => {
    t = await startTestStore('sqlite', { env: { MEDIA_DIR: mkdtempSync(join(tmpdir(), 'store-media-')) } })
    const item = await itemWithStock(t, 5)
    itemId = item.itemId
    shopper = await shopperWithCart(t, item.itemId, item.size)
    await shopper.post('/api/register', { name: 'Sam Services', email: 'sam-orders@example.com', password: 'leggings-forever' })
    orderNumber = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper), undefined, { email: 'sam-orders@example.com' })).order_number
    token = shopper.cookieHeader.match(/sid=([^;]+)/)![1]!
  })
  afterAll(() => t.close())

  const services = (sessionToken?: string, clientIp = '127.0.0.1') =>
    createStoreServices(
      createRequestContext({ store: t.store, sessions: t.app.sessionStore, env: t.app.env }, { brand: brandById('popfitclothing')!, sessionToken, clientIp, log: silent }),
    )
  const failure = async (work: Promise<unknown>) => {
    const error = await work.catch((e: unknown) => e)
    expect(isStoreError(error)).toBe(true)
    return error as StoreError
  }

  it('pages the order history ten at a time, newest first; a page past the last is empty, and a bad page number reads as the first', async () => {
    const item = await itemWithStock(t, 20)
    const many = new TestShopper(t.app)
    expect((await many.post('/api/register', { name: 'Mo Many', email: 'mo-many@example.com', password: 'leggings-forever' })).statusCode).toBe(200)
    const placed: string[] = []
    for (let i = 0; i < 12; i++) {
      expect((await many.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
      placed.push(dataOf<CheckoutResult>(await placeOrder(many, await tokenFor(many), undefined, { email: 'mo-many@example.com' })).order_number)
    }
    const mine = services(many.cookieHeader.match(/sid=([^;]+)/)![1]!)
    const first = await mine.ordersPage('1')
    expect(first).toMatchObject({ page: 1, has_older: true })
    expect(first.orders).toHaveLength(10)
    const second = await mine.ordersPage(2)
    expect(second).toMatchObject({ page: 2, has_older: false })
    expect(second.orders).toHaveLength(2)
    // every order once, newest first across the pages
    expect([...first.orders, ...second.orders].map((order) => order.order_number)).toEqual([...placed].reverse())
    expect((await mine.ordersPage(3)).orders).toEqual([])
    for (const bad of [null, '0', 'two', '-1']) expect((await mine.ordersPage(bad)).page, String(bad)).toBe(1)
  })

  it('lists orders and tracks them for their customer; a visitor gets 401, or needs the e-mail', async () => {
    const orders = await services(token).orders()
    expect(orders.map((o) => o.order_number)).toEqual([orderNumber])
    expect((await services(token).tracking(orderNumber)).events.map((e) => e.description)).toEqual(['Order placed'])
    expect((await failure(services().orders())).status).toBe(401)
    expect((await failure(services(undefined, '10.9.9.9').tracking(orderNumber))).status).toBe(404)
    expect((await services(undefined, '10.9.9.9').tracking(`#${orderNumber}`, 'SAM-orders@example.com')).order).toBe(orderNumber)
    expect((await failure(services().tracking(''))).status).toBe(400)
  })

  it('adds a card, makes it the default and removes it, with the API refusals', async () => {
    const before = await services(token).paymentMethods()
    expect(before.map((m) => m.last4)).toEqual(['4242'])
    const step = await services(token).addPaymentMethod({ payment_token: await tokenFor(shopper, '5555 5555 5555 4444'), make_default: 'true' })
    if (step.status !== 'saved') throw new Error(`a 5555 card is saved at once, not ${step.status}`)
    const added = step.methods
    expect(added.map((m) => [m.last4, m.default])).toEqual([
      ['4444', true],
      ['4242', false],
    ])
    const declined = await failure(services(token).addPaymentMethod({ payment_token: await tokenFor(shopper, '4000 0000 0000 0002') }))
    expect([declined.status, declined.errors[0]!.field]).toEqual([402, 'payment_token'])
    expect((await failure(services(token).addPaymentMethod({ payment_token: '' }))).status).toBe(400)
    const switched = await services(token).setDefaultPaymentMethod(added[1]!.id)
    expect(switched[0]!.last4).toBe('4242')
    expect((await services(token).removePaymentMethod(added[0]!.id)).map((m) => m.last4)).toEqual(['4242'])
    expect((await failure(services(token).removePaymentMethod('nope'))).status).toBe(404)
  })

  it('writes a review of a delivered order with a photo', async () => {
    expect(await services(token).reviewableItems()).toEqual([])
    await t.store.db.updateTable('orders').set({ status: 'delivered' }).where('order_number', '=', orderNumber).execute()
    expect((await services(token).reviewableItems()).map((i) => i.item_id)).toEqual([itemId])
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer()
    const review = await services(token).writeReview(
      { item_id: String(itemId), rating: '4', would_you_recommend_us: 'true', about_your_product: 'Lovely and soft', sizing_fit: '', instagram: '' },
      [new Uint8Array(photo)],
    )
    expect(review).toMatchObject({ item_id: itemId, rating: 4, verified_buyer: true, sizing_fit: null, instagram: null, first_name: 'Sam', last_initial: 'S' })
    expect(review.images).toHaveLength(1)
    const again = await failure(services(token).writeReview({ item_id: String(itemId), rating: '4', would_you_recommend_us: 'true', about_your_product: 'Again' }, []))
    expect(again.status).toBe(409)
  })
})
