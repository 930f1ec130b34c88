import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

describe.each(DIALECTS)('split tests, pixel and UTM calls on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('assigns Vip4sh a variant and keeps it for the visitor', async () => {
    const shopper = new TestShopper(t.app)
    const first = dataOf<{ test: { value: string } }>(await shopper.post('/api/test-group', { key: 'Vip4sh', values: 'Control,4sh' }))
    expect(['Control', '4sh']).toContain(first.test.value)
    for (let i = 0; i < 5; i++) {
      const again = dataOf<{ test: { value: string } }>(await shopper.post('/api/test-group', { key: 'Vip4sh', values: 'Control,4sh' }))
      expect(again.test.value).toBe(first.test.value)
    }
  })

  it('runs Vip4sh only for the two apparel brands', async () => {
    const response = await new TestShopper(t.app, 'glow.localhost').post('/api/test-group', { key: 'Vip4sh', values: 'Control,4sh' })
    expect(response.statusCode).toBe(404)
  })

  it('stores a pixel event once per uuid and refuses bad JSON', async () => {
    const shopper = new TestShopper(t.app)
    const query = `uuid=evt-123456&event_name=ViewContent&event_json_data=${encodeURIComponent('{"value":39.99,"currency":"USD"}')}`
    expect((await shopper.get(`/api/pixel-event?${query}`)).statusCode).toBe(200)
    expect((await shopper.get(`/api/pixel-event?${query}`)).statusCode).toBe(200)
    const rows = await t.store.db.selectFrom('pixel_events').selectAll().where('uuid', '=', 'evt-123456').execute()
    expect(rows).toHaveLength(1)
    const bad = await shopper.get('/api/pixel-event?uuid=evt-7654321&event_name=PageView&event_json_data=%7Bnope')
    expect(bad.statusCode).toBe(400)
  })

  it('records campaign parameters and spots a newsletter click', async () => {
    const shopper = new TestShopper(t.app)
    const response = await shopper.get('/api/utm-data?utm_source=email_newsletter&utm_campaign=fall&gclid=abc')
    expect(dataOf<{ ok: boolean }>(response).ok).toBe(true)
    const row = await t.store.db.selectFrom('utm_visits').selectAll().where('utm_campaign', '=', 'fall').executeTakeFirstOrThrow()
    expect(row.newsletter_click).toBe(1)
    expect(JSON.parse(row.extras)).toEqual({ gclid: 'abc' })
  })

  it('gives the style profile fields and saves a valid answer', async () => {
    const shopper = new TestShopper(t.app)
    const fields = dataOf<{ style_profile: { name: string; options: { value: string }[]; value: string | null }[] }>(await shopper.get('/api/style-profile')).style_profile
    expect(fields.length).toBeGreaterThan(3)
    const field = fields[0]!
    const saved = dataOf<{ style_profile: { name: string; value: string | null }[] }>(
      await shopper.post('/api/style-profile', { [field.name]: field.options[0]!.value }),
    ).style_profile
    expect(saved.find((entry) => entry.name === field.name)?.value).toBe(field.options[0]!.value)
    const bad = await shopper.post('/api/style-profile', { [field.name]: 'not-an-option' })
    expect(bad.statusCode).toBe(422)
  })
})
