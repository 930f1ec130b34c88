import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../env.ts'
import { startFakeMixpanel } from '../test/fake-mixpanel.ts'
import { dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { mixpanelSink } from './mixpanel-sink.ts'

describe('analytics to Mixpanel (ANALYTICS_SINK=mixpanel)', () => {
  let mixpanel: Awaited<ReturnType<typeof startFakeMixpanel>>
  let t: TestStore
  beforeAll(async () => {
    mixpanel = await startFakeMixpanel()
    t = await startTestStore('sqlite', { env: { ANALYTICS_SINK: 'mixpanel', MIXPANEL_TOKEN: 'test-token-123', MIXPANEL_API_HOST: mixpanel.url } })
  })
  afterAll(async () => {
    await t.close()
    await mixpanel.close()
  })

  it('does not start without a token', () => {
    expect(() => parseEnv({ ANALYTICS_SINK: 'mixpanel' })).toThrow('ANALYTICS_SINK=mixpanel needs MIXPANEL_TOKEN')
    expect(parseEnv({}).MIXPANEL_API_HOST).toBe('https://api.mixpanel.com')
  })

  it('sends a batch to /track with the token, the visitor, the brand, the tests and an id per event; nothing to the database', async () => {
    const before = mixpanel.calls.length
    const shopper = new TestShopper(t.app)
    const time = new Date(Date.now() - 5_000).toISOString()
    const response = await shopper.postJson('/api/analytics-events', {
      events: [
        { name: 'Page Viewed', properties: { path: '/vip', tests: { Vip4sh: '4sh' } }, time },
        { name: 'VIP Join Clicked', properties: { to: '/vip' } },
      ],
    })
    expect(dataOf(response)).toEqual({ accepted: 2 })
    const calls = mixpanel.calls.slice(before)
    expect(calls.map((call) => call.path)).toEqual(['/track'])
    expect(calls[0]!.query.get('ip')).toBe('0')
    const [viewed, clicked] = calls[0]!.data as { event: string; properties: Record<string, unknown> }[]
    expect(viewed).toMatchObject({
      event: 'Page Viewed',
      properties: { token: 'test-token-123', path: '/vip', tests: { Vip4sh: '4sh' }, brand: 'popfitclothing', time: Date.parse(time) },
    })
    expect(viewed!.properties.distinct_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(clicked!.properties.distinct_id).toBe(viewed!.properties.distinct_id)
    expect(viewed!.properties.$insert_id).not.toBe(clicked!.properties.$insert_id)
    const stored = await t.store.db.selectFrom('analytics_events').selectAll().execute()
    expect(stored).toEqual([])
  })

  it("sets the customer's profile on /engage from an Identify: id, name, e-mail, region, city, club, birthday", async () => {
    const before = mixpanel.calls.length
    const shopper = new TestShopper(t.app, 'ckb.localhost')
    const identify = { id: 'c-42', name: 'Ana Lima', email: 'ana@example.com', region: 'TX', city: 'Austin', hasClub: true, birthdayDay: 9, birthdayMonth: 3 }
    expect((await shopper.postJson('/api/analytics-events', { events: [{ name: 'Identify', properties: identify }] })).statusCode).toBe(200)
    const calls = mixpanel.calls.slice(before)
    expect(calls.map((call) => call.path)).toEqual(['/engage'])
    expect(calls[0]!.data[0]).toMatchObject({
      $token: 'test-token-123',
      $distinct_id: 'c-42',
      $ip: '0',
      $set: { $name: 'Ana Lima', $email: 'ana@example.com', $region: 'TX', $city: 'Austin', hasClub: true, birthdayDay: 9, birthdayMonth: 3, brand: 'ckb' },
    })
  })

  it('logs that a user id is required for an Identify without one, and sends nothing for it', async () => {
    const warnings: string[] = []
    const sink = mixpanelSink({ token: 't', apiHost: mixpanel.url, log: { warn: (_details, message) => warnings.push(message) } })
    const before = mixpanel.calls.length
    await sink.record([{ brandId: 'ckb', visitorId: 'v', customerId: null, name: 'Identify', properties: { name: 'No Id', brand: 'ckb' }, time: new Date() }])
    expect(warnings).toEqual(['User ID is required for Mixpanel identification'])
    expect(mixpanel.calls.length).toBe(before)
  })

  it('sends nothing for a shopper who opted out of data sale, and says the batch was taken', async () => {
    const before = mixpanel.calls.length
    const response = await new TestShopper(t.app).request({
      method: 'POST',
      url: '/api/analytics-events',
      payload: JSON.stringify({ events: [{ name: 'Page Viewed', properties: { path: '/' } }] }),
      headers: { 'content-type': 'application/json', cookie: 'do_not_sell=1' },
    })
    expect(dataOf(response)).toEqual({ accepted: 1 })
    expect(mixpanel.calls.length).toBe(before)
  })

  it('answers 503 when Mixpanel refuses or does not answer in time, so the page keeps the batch and tries again', async () => {
    mixpanel.state.answer = '0'
    try {
      const refused = await new TestShopper(t.app).postJson('/api/analytics-events', { events: [{ name: 'Page Viewed' }] })
      expect(refused.statusCode).toBe(503)
      expect(refused.json().errors[0].message).toMatch(/send them again/)
    } finally {
      mixpanel.state.answer = '1'
    }
    mixpanel.state.delayMs = 300
    try {
      const sink = mixpanelSink({ token: 't', apiHost: mixpanel.url, log: { warn: () => {} }, timeoutMs: 50 })
      await expect(sink.record([{ brandId: 'ckb', visitorId: 'v', customerId: null, name: 'Page Viewed', properties: {}, time: new Date() }])).rejects.toThrow(/did not answer/)
    } finally {
      mixpanel.state.delayMs = 0
    }
  })
})
