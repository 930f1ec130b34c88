import type { CheckoutResult, Order, Tracking } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { signTrackingBody } from './carrier.ts'
import { TRACKER_GUESSES } from './tracking.service.ts'

const SECRET = 'test-webhook-secret-0123456789'

describe.each(DIALECTS)('order tracker on %s', (dialect) => {
  let t: TestStore
  let orderNumber: string
  let owner: TestShopper
  beforeAll(async () => {
    t = await startTestStore(dialect, { env: { TRACKING_WEBHOOK_SECRET: SECRET } })
    const item = await itemWithStock(t, 5)
    owner = await shopperWithCart(t, item.itemId, item.size, 1)
    await owner.post('/api/register', { name: 'Track Owner', email: 'owner@example.com', password: 'a-long-password-1' })
    orderNumber = dataOf<CheckoutResult>(await placeOrder(owner, await tokenFor(owner), undefined, { email: 'Owner@Example.com' })).order_number
  })
  afterAll(() => t.close())

  const deliver = (event: Record<string, unknown>, signature?: string, host = 'localhost') => {
    const body = JSON.stringify(event)
    return t.app.inject({
      method: 'POST',
      url: '/api/tracking/webhook',
      payload: body,
      headers: { host, 'content-type': 'application/json', 'x-tracking-signature': signature ?? signTrackingBody(SECRET, body) },
    })
  }
  const event = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    order_number: orderNumber,
    carrier: 'UPS',
    tracking_number: '1Z999AA10123456784',
    status: 'in_transit',
    description: 'Departed facility, Austin TX',
    occurred_at: '2030-01-02T10:00:00Z',
    ...extra,
  })

  it('shows the owner the order placed event, then the carrier and its events; the order follows the status', async () => {
    const first = dataOf<Tracking>(await owner.get(`/api/tracking/${orderNumber}`))
    expect(first).toMatchObject({ order: orderNumber, carrier: null, tracking_number: null, status: 'paid' })
    expect(first.events.map((e) => e.description)).toEqual(['Order placed'])

    expect(dataOf(await deliver(event('evt_1')))).toEqual({ outcome: 'recorded' })
    // the same event again changes nothing
    expect(dataOf(await deliver(event('evt_1', { description: 'changed' })))).toEqual({ outcome: 'duplicate' })
    expect(dataOf(await deliver(event('evt_2', { status: 'delivered', description: 'Delivered, front porch', occurred_at: '2030-01-03T15:00:00Z' })))).toEqual({
      outcome: 'recorded',
    })

    const tracking = dataOf<Tracking>(await owner.get(`/api/tracking/%23${orderNumber}`))
    expect(tracking).toMatchObject({ carrier: 'UPS', tracking_number: '1Z999AA10123456784', status: 'delivered' })
    expect(tracking.events.map((e) => e.description)).toEqual(['Delivered, front porch', 'Departed facility, Austin TX', 'Order placed'])
    expect(tracking.events[0]!.date).toBe('2030-01-03T15:00:00.000Z')
    const order = dataOf<Order>(await owner.get(`/api/orders/${orderNumber}`))
    expect(order).toMatchObject({ status: 'delivered', shipment_tracking_number: '1Z999AA10123456784' })
  })

  it("refuses a delivery without our signature (401), a broken one (400), an unknown order (404), another brand's order (404)", async () => {
    const body = event('evt_bad')
    expect((await deliver(body, `sha256=${'0'.repeat(64)}`)).statusCode).toBe(401)
    expect((await deliver(body, signTrackingBody('another-secret-0123456789', JSON.stringify(body)))).statusCode).toBe(401)
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/tracking/webhook',
      payload: JSON.stringify(body),
      headers: { host: 'localhost', 'content-type': 'application/json' },
    })
    expect(unsigned.statusCode).toBe(401)
    expect((await deliver({ id: 'evt_x' })).statusCode).toBe(400)
    expect((await deliver(event('evt_3', { order_number: 'NOPE-1' }))).statusCode).toBe(404)
    expect((await deliver(event('evt_4'), undefined, 'ckb.localhost')).statusCode).toBe(404)
    const events = await t.store.db.selectFrom('tracking_events').select('event_key').where('event_key', 'like', 'carrier:%').execute()
    expect(events.map((e) => e.event_key).sort()).toEqual(['carrier:evt_1', 'carrier:evt_2'])
  })

  it('with no secret configured every delivery is refused', async () => {
    const bare = await startTestStore('sqlite')
    try {
      const body = JSON.stringify(event('evt_nosecret'))
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/tracking/webhook',
        payload: body,
        headers: { host: 'localhost', 'content-type': 'application/json', 'x-tracking-signature': signTrackingBody('', body) },
      })
      expect(response.statusCode).toBe(401)
    } finally {
      await bare.close()
    }
  })

  it("a visitor needs the order's e-mail: anything else is the same 404 as an unknown number, and guesses are throttled", async () => {
    const visitor = new TestShopper(t.app)
    const unknown = await visitor.get('/api/tracking/0000000000?email=owner@example.com')
    expect(unknown.statusCode).toBe(404)
    const noEmail = await visitor.get(`/api/tracking/${orderNumber}`)
    expect(noEmail.statusCode).toBe(404)
    expect(noEmail.body).toBe(unknown.body.replace('0000000000', orderNumber))
    expect((await visitor.get(`/api/tracking/${orderNumber}?email=someone@example.com`)).statusCode).toBe(404)
    expect(dataOf<Tracking>(await visitor.get(`/api/tracking/${orderNumber}?email=OWNER@example.com`)).order).toBe(orderNumber)
    // another brand's host never finds it, e-mail or not
    expect((await new TestShopper(t.app, 'ckb.localhost').get(`/api/tracking/${orderNumber}?email=owner@example.com`)).statusCode).toBe(404)

    const guesser = new TestShopper(t.app)
    for (let i = 0; i < TRACKER_GUESSES.max; i++) expect((await guesser.get(`/api/tracking/G${i}?email=x@example.com`)).statusCode).toBe(404)
    const refused = await guesser.get(`/api/tracking/${orderNumber}?email=owner@example.com`)
    expect(refused.statusCode).toBe(429)
    expect(errorsOf(refused)[0]).toMatch(/Too many order numbers/)
    // the owner, logged in, is not a guesser
    expect((await owner.get(`/api/tracking/${orderNumber}`)).statusCode).toBe(200)
  })

  it("tracks a club box order (status processing, then packing) for its owner, and a carrier's events move it to shipped", async () => {
    const item = await itemWithStock(t, 5)
    const member = await shopperWithCart(t, item.itemId, item.size, 1)
    await member.post('/api/register', { name: 'Box Member', email: 'box-member@example.com', password: 'a-long-password-1' })
    const box = dataOf<CheckoutResult>(await placeOrder(member, await tokenFor(member), undefined, { email: 'box-member@example.com' })).order_number
    // the club's monthly order waits in the warehouse as 'processing', then 'packing' (docs/club-membership.md)
    await t.store.db.updateTable('orders').set({ status: 'processing' }).where('order_number', '=', box).execute()
    expect(dataOf<Tracking>(await member.get(`/api/tracking/${box}`))).toMatchObject({ order: box, status: 'processing' })
    await t.store.db.updateTable('orders').set({ status: 'packing' }).where('order_number', '=', box).execute()
    expect(dataOf<Tracking>(await member.get(`/api/tracking/${box}`))).toMatchObject({ order: box, status: 'packing' })
    expect(dataOf(await deliver({ ...event('evt_box_1'), order_number: box, tracking_number: '1Z999AA10123450000' }))).toEqual({ outcome: 'recorded' })
    expect(dataOf<Tracking>(await member.get(`/api/tracking/${box}`))).toMatchObject({ status: 'shipped', tracking_number: '1Z999AA10123450000' })
  })
})
