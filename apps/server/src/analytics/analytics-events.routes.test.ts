import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { parseEnv } from '../env.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { createAnalyticsSink, databaseSink } from './analytics-sink.ts'

const readProperties = (text: string) => JSON.parse(text) as Record<string, unknown>

describe.each(DIALECTS)('POST /api/analytics-events on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const rowsWith = (marker: string) => t.store.db.selectFrom('analytics_events').selectAll().where('properties', 'like', `%${marker}%`).orderBy('created_at').execute()

  it('stores an accepted batch under the brand and the visitor, with brand added to the properties', async () => {
    const shopper = new TestShopper(t.app)
    const time = new Date(Date.now() - 10_000).toISOString()
    const response = await shopper.postJson('/api/analytics-events', {
      events: [
        { name: 'Page Viewed', properties: { path: '/', marker: 'batch-1', tests: { Vip4sh: '4sh' } }, time },
        { name: 'Product Added to Cart', properties: { marker: 'batch-1', quantity: 2, brand: 'glow' } },
        { name: 'VIP Join Clicked' },
      ],
    })
    expect(response.statusCode).toBe(200)
    expect(dataOf(response)).toEqual({ accepted: 3 })

    const rows = await rowsWith('batch-1')
    expect(rows.map((row) => row.name).sort()).toEqual(['Page Viewed', 'Product Added to Cart'])
    const pageView = rows.find((row) => row.name === 'Page Viewed')!
    expect(pageView.brand_id).toBe('popfitclothing')
    expect(pageView.customer_id).toBeNull()
    expect(pageView.created_at).toBe(time)
    expect(readProperties(pageView.properties)).toEqual({ path: '/', marker: 'batch-1', tests: { Vip4sh: '4sh' }, brand: 'popfitclothing' })
    // the brand is the request's, whatever the browser said
    expect(readProperties(rows.find((row) => row.name === 'Product Added to Cart')!.properties).brand).toBe('popfitclothing')
    const visitor = pageView.visitor_id
    expect(visitor).toMatch(/\S{8,}/)

    // the same shopper again: the same visitor; another shopper: another visitor
    await shopper.postJson('/api/analytics-events', { events: [{ name: 'Checkout Started', properties: { marker: 'batch-2' } }] })
    await new TestShopper(t.app).postJson('/api/analytics-events', { events: [{ name: 'Checkout Started', properties: { marker: 'batch-3' } }] })
    expect((await rowsWith('batch-2'))[0]!.visitor_id).toBe(visitor)
    expect((await rowsWith('batch-3'))[0]!.visitor_id).not.toBe(visitor)
  })

  it('records the customer of a logged-in session', async () => {
    const shopper = new TestShopper(t.app)
    const email = `analytics-${dialect}@example.com`
    expect((await shopper.post('/api/register', { name: 'Pat Shopper', email, password: 'leggings-forever' })).statusCode).toBe(200)
    const identify = { id: 'x', name: 'Pat Shopper', email, region: null, city: null, hasClub: false, birthdayDay: 7, birthdayMonth: 11, marker: 'identify-1' }
    expect((await shopper.postJson('/api/analytics-events', { events: [{ name: 'Identify', properties: identify }] })).statusCode).toBe(200)
    const customer = await t.store.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const [row] = await rowsWith('identify-1')
    expect(row!.customer_id).toBe(String(customer.id))
    expect(readProperties(row!.properties)).toMatchObject({ birthdayDay: 7, birthdayMonth: 11, brand: 'popfitclothing' })
  })

  it("stores another brand's events under that brand", async () => {
    const shopper = new TestShopper(t.app, 'ckb.localhost')
    expect((await shopper.postJson('/api/analytics-events', { events: [{ name: 'Page Viewed', properties: { marker: 'ckb-1' } }] })).statusCode).toBe(200)
    const [row] = await rowsWith('ckb-1')
    expect(row!.brand_id).toBe('ckb')
    expect(readProperties(row!.properties).brand).toBe('ckb')
  })

  it('takes a beacon: a JSON batch sent as text/plain', async () => {
    const shopper = new TestShopper(t.app)
    const response = await shopper.request({
      method: 'POST',
      url: '/api/analytics-events',
      payload: JSON.stringify({ events: [{ name: 'Page Viewed', properties: { marker: 'beacon-1' } }] }),
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://localhost' },
    })
    expect(response.statusCode).toBe(200)
    expect(await rowsWith('beacon-1')).toHaveLength(1)
    const broken = await shopper.request({ method: 'POST', url: '/api/analytics-events', payload: '{"events": [', headers: { 'content-type': 'text/plain' } })
    expect(broken.statusCode).toBe(400)
    expect(errorsOf(broken)).toEqual(['The request body is not valid JSON.'])
  })

  it('refuses 51 events, and an empty batch, storing nothing', async () => {
    const shopper = new TestShopper(t.app)
    const events = Array.from({ length: 51 }, (_, i) => ({ name: 'Page Viewed', properties: { marker: 'too-many', i } }))
    const response = await shopper.postJson('/api/analytics-events', { events })
    expect(response.statusCode).toBe(400)
    expect(errorsOf(response)).toEqual(['Send at most 50 events at a time.'])
    expect(await rowsWith('too-many')).toEqual([])
    const fifty = await shopper.postJson('/api/analytics-events', { events: events.slice(0, 50) })
    expect(dataOf(fifty)).toEqual({ accepted: 50 })
    const empty = await shopper.postJson('/api/analytics-events', { events: [] })
    expect(empty.statusCode).toBe(400)
    expect(errorsOf(empty)).toEqual(['Send at least one event.'])
    const noBody = await shopper.postJson('/api/analytics-events', {})
    expect(noBody.statusCode).toBe(400)
    expect(errorsOf(noBody)[0]).toMatch(/as a list/)
  })

  it('refuses an unknown event name with the name in the message, and the whole batch with it', async () => {
    const shopper = new TestShopper(t.app)
    const response = await shopper.postJson('/api/analytics-events', {
      events: [
        { name: 'Page Viewed', properties: { marker: 'unknown-name' } },
        { name: 'PageView', properties: { marker: 'unknown-name' } },
      ],
    })
    expect(response.statusCode).toBe(400)
    expect(errorsOf(response)).toEqual(["'PageView' is not an analytics event this store records."])
    expect(await rowsWith('unknown-name')).toEqual([])
    const nameless = await shopper.postJson('/api/analytics-events', { events: [{ properties: {} }] })
    expect(errorsOf(nameless)).toEqual(['Each event needs a name.'])
  })

  it('refuses properties over 4 kB and properties that are not an object', async () => {
    const shopper = new TestShopper(t.app)
    const big = await shopper.postJson('/api/analytics-events', { events: [{ name: 'Page Viewed', properties: { marker: 'too-big', text: 'x'.repeat(4096) } }] })
    expect(big.statusCode).toBe(400)
    expect(errorsOf(big)[0]).toMatch(/^Event properties are at most 4 kB as JSON; these are \d+ bytes\.$/)
    expect(await rowsWith('too-big')).toEqual([])
    const list = await shopper.postJson('/api/analytics-events', { events: [{ name: 'Page Viewed', properties: ['a'] }] })
    expect(list.statusCode).toBe(400)
    expect(errorsOf(list)).toEqual(['Event properties must be a JSON object.'])
  })

  it('refuses a time that is not a date, older than the batch timeout, or in the future', async () => {
    const shopper = new TestShopper(t.app)
    const send = (time: string) => shopper.postJson('/api/analytics-events', { events: [{ name: 'Page Viewed', properties: { marker: 'times' }, time }] })
    expect(errorsOf(await send('yesterday'))[0]).toMatch(/ISO date/)
    expect(errorsOf(await send(new Date(Date.now() - 5 * 60_000).toISOString()))[0]).toMatch(/older than the 90 s batch timeout/)
    expect(errorsOf(await send(new Date(Date.now() + 5 * 60_000).toISOString()))[0]).toMatch(/in the future/)
    expect(await rowsWith('times')).toEqual([])
    // 95 s ago is within the timeout plus clock skew
    expect((await send(new Date(Date.now() - 95_000).toISOString())).statusCode).toBe(200)
  })

  it('stores a batch with one insert', async () => {
    const sink = databaseSink(t.store)
    const before = t.store.queryCount()
    const at = new Date()
    await sink.record(
      Array.from({ length: 50 }, (_, i) => ({
        brandId: 'glow',
        visitorId: 'visitor-one-insert',
        customerId: null,
        name: 'Page Viewed' as const,
        properties: { brand: 'glow', marker: 'one-insert', i },
        time: at,
      })),
    )
    expect(t.store.queryCount() - before).toBe(1)
    expect(await rowsWith('one-insert')).toHaveLength(50)
  })
})

describe('analytics sink choice', () => {
  const log = { warn: () => {} }
  it('uses the database by default', () => {
    const store = { db: {} } as unknown as Parameters<typeof createAnalyticsSink>[1]
    expect(createAnalyticsSink(parseEnv({}), store, log).kind).toBe('local')
  })

  it('uses Mixpanel for ANALYTICS_SINK=mixpanel with a token, and stops start-up without one (mixpanel-sink.test.ts sends)', async () => {
    const t = await startTestStore('sqlite')
    try {
      const env = parseEnv({ ANALYTICS_SINK: 'mixpanel', MIXPANEL_TOKEN: 'token-1', LOG_LEVEL: 'silent', NODE_ENV: 'test' })
      expect(createAnalyticsSink(env, t.store, log).kind).toBe('mixpanel')
      expect(() => parseEnv({ ANALYTICS_SINK: 'mixpanel', LOG_LEVEL: 'silent', NODE_ENV: 'test' })).toThrow('ANALYTICS_SINK=mixpanel needs MIXPANEL_TOKEN')
      const app = await buildApp({ env, store: t.store, webBuildDir: '/nonexistent' })
      await app.close()
    } finally {
      await t.close()
    }
  })
})
