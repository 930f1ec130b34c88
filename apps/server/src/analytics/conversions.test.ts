import { type CheckoutResult, fromCents, purchaseEventId } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { startFakeGraph } from '../test/fake-graph.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { conversionsConfig, deliverConversions, fbcOf, GRAPH_VERSION, hashed } from './conversions.ts'

const PIXEL = '1234567890'
const TOKEN = 'capi-token-secret'

describe.each(DIALECTS)('Conversions API on %s', (dialect) => {
  let graph: Awaited<ReturnType<typeof startFakeGraph>>
  let t: TestStore
  beforeAll(async () => {
    graph = await startFakeGraph({ token: TOKEN })
    t = await startTestStore(dialect, { env: { META_PIXEL_ID: PIXEL, META_CAPI_TOKEN: TOKEN, META_GRAPH_URL: graph.url } })
  })
  afterAll(async () => {
    await t.close()
    await graph.close()
  })
  const config = () => conversionsConfig({ META_PIXEL_ID: PIXEL, META_CAPI_TOKEN: TOKEN, META_GRAPH_URL: graph.url })!
  const pixel = (shopper: TestShopper, params: Record<string, string>) =>
    shopper.request({ method: 'GET', url: `/api/pixel-event?${new URLSearchParams(params)}`, headers: { 'user-agent': 'Mozilla/5.0 (test)' } })

  it("sends the page's event to Meta under the same event id, with fbc, hashed ids, the address and browser, once", async () => {
    const shopper = new TestShopper(t.app)
    const uuid = `capi-${dialect}-view-0001`
    const data = { currency: 'USD', content_type: 'product', content_ids: ['2001'], value: 24 }
    const answer = await pixel(shopper, {
      uuid,
      event_name: 'ViewContent',
      event_json_data: JSON.stringify(data),
      event_source_url: 'http://localhost/item/2001',
      fbclid: 'IwAR-click',
    })
    expect(answer.statusCode).toBe(200)
    // nothing went during the request: it waits in the outbox
    expect(graph.calls).toHaveLength(0)
    // the same event again (a retried call) is queued once
    await pixel(shopper, { uuid, event_name: 'ViewContent', event_json_data: JSON.stringify(data) })
    expect(await deliverConversions(t.store, config())).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(graph.calls).toHaveLength(1)
    expect(graph.calls[0]!.path).toBe(`/${GRAPH_VERSION}/${PIXEL}/events`)
    const [event] = graph.calls[0]!.data
    expect(event).toMatchObject({ event_name: 'ViewContent', event_id: uuid, action_source: 'website', event_source_url: 'http://localhost/item/2001', custom_data: data })
    const user = event!.user_data as Record<string, unknown>
    expect(user.client_user_agent).toBe('Mozilla/5.0 (test)')
    expect(user.client_ip_address).toEqual(expect.any(String))
    expect(user.fbc).toMatch(/^fb\.1\.\d{13}\.IwAR-click$/)
    expect((user.external_id as string[])[0]).toMatch(/^[0-9a-f]{64}$/)
    expect(event).not.toHaveProperty('data_processing_options')
    // sent: never again
    expect(await deliverConversions(t.store, config())).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(graph.calls).toHaveLength(1)
    graph.calls.length = 0
  })

  it('marks limited data use for a visitor who opted out of data sale', async () => {
    const shopper = new TestShopper(t.app)
    await shopper.request({
      method: 'GET',
      url: `/api/pixel-event?${new URLSearchParams({ uuid: `capi-${dialect}-ldu-0001`, event_name: 'PageView' })}`,
      headers: { cookie: 'do_not_sell=1' },
    })
    await pixel(shopper, { uuid: `capi-${dialect}-ldu-0002`, event_name: 'AddToCart', event_json_data: JSON.stringify({ currency: 'USD', num_items: 1, limited_data_use: true }) })
    expect((await deliverConversions(t.store, config())).sent).toBe(2)
    for (const event of graph.calls[0]!.data) {
      expect(event).toMatchObject({ data_processing_options: ['LDU'], data_processing_options_country: 0, data_processing_options_state: 0 })
      expect(event.custom_data).not.toHaveProperty('limited_data_use')
    }
    graph.calls.length = 0
  })

  it("queues a paid order's Purchase itself, in the paying transaction, under the id the thank-you page's copy uses; the page's own report adds none", async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 2)
    await pixel(shopper, { uuid: `capi-${dialect}-buyer-view`, event_name: 'PageView' })
    const orderNumber = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper))).order_number
    const order = await t.store.db.selectFrom('orders').select(['email', 'total_cents', 'placed_by_visitor_id']).where('order_number', '=', orderNumber).executeTakeFirstOrThrow()
    // queued with the order: no browser needed
    const queued = await t.store.db
      .selectFrom('conversion_events')
      .select(['event_id'])
      .where('event_name', '=', 'Purchase')
      .where('event_id', '=', purchaseEventId(orderNumber))
      .execute()
    expect(queued).toHaveLength(1)
    // the thank-you page reports it too (and again on a reload): kept first-party, never a second Purchase for Meta
    for (let i = 0; i < 2; i++) {
      expect((await pixel(shopper, { uuid: purchaseEventId(orderNumber), event_name: 'Purchase', event_json_data: JSON.stringify({ value: 1 }) })).statusCode).toBe(200)
    }
    const stored = await t.store.db.selectFrom('pixel_events').select('uuid').where('uuid', '=', purchaseEventId(orderNumber)).execute()
    expect(stored).toHaveLength(1)
    expect((await deliverConversions(t.store, config())).sent).toBe(2)
    const purchase = graph.calls.flatMap((call) => call.data).find((event) => event.event_name === 'Purchase')
    expect(purchase).toMatchObject({
      event_id: `purchase-${orderNumber}`,
      action_source: 'website',
      event_source_url: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/thank-you$/),
      custom_data: {
        currency: 'USD',
        value: fromCents(order.total_cents),
        content_type: 'product',
        content_ids: [String(item.itemId)],
        contents: [{ id: String(item.itemId), quantity: 2 }],
        num_items: 2,
        order_id: orderNumber,
      },
    })
    const user = purchase!.user_data as Record<string, unknown>
    expect(user.em).toEqual([hashed(order.email)])
    expect(user.external_id).toContain(hashed(order.placed_by_visitor_id!))
    expect(purchase).not.toHaveProperty('data_processing_options')
    graph.calls.length = 0
  })

  it("gives a paid order's Purchase limited data use when the buyer's pages said they opted out of data sale", async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    // the page's call carries the do_not_sell cookie beside the session's, as a browser sends both
    await shopper.request({
      method: 'GET',
      url: `/api/pixel-event?${new URLSearchParams({ uuid: `capi-${dialect}-optout-view`, event_name: 'PageView' })}`,
      headers: { cookie: `${shopper.cookieHeader}; do_not_sell=1` },
    })
    const orderNumber = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper))).order_number
    await deliverConversions(t.store, config())
    const purchase = graph.calls.flatMap((call) => call.data).find((event) => event.event_id === purchaseEventId(orderNumber))
    expect(purchase).toMatchObject({ event_name: 'Purchase', data_processing_options: ['LDU'], data_processing_options_country: 0, data_processing_options_state: 0 })
    graph.calls.length = 0
  })

  it('tries a batch Meta did not take again after its backoff, and never sends one twice when workers run at once', async () => {
    const shopper = new TestShopper(t.app)
    for (let i = 0; i < 6; i++) await pixel(shopper, { uuid: `capi-${dialect}-many-${i}`, event_name: 'PageView' })
    graph.state.failNext = 1
    const now = new Date()
    expect(await deliverConversions(t.store, config(), { now })).toEqual({ sent: 0, retrying: 6, failed: 0 })
    const row = await t.store.db.selectFrom('conversion_events').selectAll().where('event_id', '=', `capi-${dialect}-many-0`).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ attempts: 1, sent_at: null })
    expect(row.last_error).toMatch(/500: An unexpected error/)
    // not due yet; then due, by three workers at once, in batches of 2
    expect((await deliverConversions(t.store, config(), { now: new Date(now.getTime() + 10_000) })).sent).toBe(0)
    const later = new Date(now.getTime() + 31_000)
    let sent = 0
    for (let round = 0; round < 4 && sent < 6; round++) {
      const results = await Promise.all([1, 2, 3].map(() => deliverConversions(t.store, config(), { now: later, batch: 2 })))
      sent += results.reduce((sum, result) => sum + result.sent, 0)
    }
    expect(sent).toBe(6)
    const ids = graph.calls.flatMap((call) => call.data.map((event) => event.event_id))
    expect(ids).toHaveLength(6)
    expect(new Set(ids).size).toBe(6)
    graph.calls.length = 0
  })
})

describe('Conversions API data', () => {
  it('hashes e-mails and ids normalised, and keeps the click id as fbc', () => {
    expect(hashed('  Ana@Example.COM ')).toBe(hashed('ana@example.com'))
    // SHA-256 of 'ana@example.com'
    expect(hashed('ana@example.com')).toBe('8e43ca37701228e74983efdbd0cff5c16b3b1e5d4e29a7c05626d4d25a018e11')
    expect(fbcOf('IwAR1', 1700000000000)).toBe('fb.1.1700000000000.IwAR1')
  })

  it('is off unless both the pixel id and the token are set', () => {
    expect(conversionsConfig({ META_PIXEL_ID: undefined, META_CAPI_TOKEN: undefined, META_GRAPH_URL: 'https://graph.facebook.com' })).toBeNull()
  })
})
