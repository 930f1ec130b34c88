import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/**
 * Issue 6: a live reset token (or any secret parameter) in a URL never reaches
 * the analytics tables: the server strips it before storing, whatever the browser sends.
 */
describe.each(DIALECTS)('analytics keep no secret URL parameters on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const TOKEN = 'live-reset-token-abcdefghijklmnopqrstuvwxyz'

  it('pixel events: event_source_url loses token, email and the like, keeps the rest', async () => {
    const source = `http://localhost:3000/forgot?token=${TOKEN}&utm_source=mail&email=pat%40example.com#x`
    const query = new URLSearchParams({ uuid: `pixel-${dialect}-0001`, event_name: 'PageView', event_source_url: source, fbclid: 'fb-1' })
    const response = await new TestShopper(t.app).get(`/api/pixel-event?${query}`)
    expect(response.statusCode).toBe(200)
    const row = await t.store.db.selectFrom('pixel_events').select(['event_source_url', 'fbclid']).where('uuid', '=', `pixel-${dialect}-0001`).executeTakeFirstOrThrow()
    expect(row.event_source_url).toBe('http://localhost:3000/forgot?utm_source=mail#x')
    expect(row.fbclid).toBe('fb-1')
  })

  it('pixel events: URLs inside event_json_data are stripped too', async () => {
    const data = JSON.stringify({ page: `/forgot?token=${TOKEN}`, value: 10 })
    const query = new URLSearchParams({ uuid: `pixel-${dialect}-0002`, event_name: 'PageView', event_json_data: data })
    await new TestShopper(t.app).get(`/api/pixel-event?${query}`)
    const row = await t.store.db.selectFrom('pixel_events').select('event_json_data').where('uuid', '=', `pixel-${dialect}-0002`).executeTakeFirstOrThrow()
    expect(row.event_json_data).not.toContain(TOKEN)
    expect(JSON.parse(row.event_json_data)).toEqual({ page: '/forgot', value: 10 })
  })

  it('utm visits: secret extras are not kept', async () => {
    const query = new URLSearchParams({ utm_source: `utm-${dialect}`, token: TOKEN, reset_token: TOKEN, gclid: 'g-1', landing: `/forgot?token=${TOKEN}` })
    expect((await new TestShopper(t.app).get(`/api/utm-data?${query}`)).statusCode).toBe(200)
    const row = await t.store.db.selectFrom('utm_visits').select('extras').where('utm_source', '=', `utm-${dialect}`).executeTakeFirstOrThrow()
    expect(row.extras).not.toContain(TOKEN)
    expect(JSON.parse(row.extras)).toEqual({ gclid: 'g-1', landing: '/forgot' })
  })

  it('first-party events: url, path and referrer properties are stripped, nested too', async () => {
    const response = await new TestShopper(t.app).postJson('/api/analytics-events', {
      events: [
        {
          name: 'Page Viewed',
          properties: {
            marker: `privacy-${dialect}`,
            url: `http://localhost:3000/forgot?token=${TOKEN}&ref=1`,
            path: `/forgot?token=${TOKEN}`,
            referrer: `https://mail.example/inbox?session_id=abc&x=1`,
            nested: { href: `/forgot?reset_token=${TOKEN}` },
          },
        },
      ],
    })
    expect(response.statusCode).toBe(200)
    const row = await t.store.db.selectFrom('analytics_events').select('properties').where('properties', 'like', `%privacy-${dialect}%`).executeTakeFirstOrThrow()
    expect(row.properties).not.toContain(TOKEN)
    expect(row.properties).not.toContain('session_id')
    const properties = JSON.parse(row.properties)
    expect(properties).toMatchObject({
      url: 'http://localhost:3000/forgot?ref=1',
      path: '/forgot',
      referrer: 'https://mail.example/inbox?x=1',
      nested: { href: '/forgot' },
    })
  })
})
