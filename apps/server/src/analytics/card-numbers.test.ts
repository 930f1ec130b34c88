import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { openDatabase, type StoreDb } from '../db/connection.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed/index.ts'
import { parseEnv } from '../env.ts'
import { DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/**
 * Issue 33: card-like numbers a client sends (a test card in a page's address, a UTM extra, an event
 * property) were stored as they came. Whatever the parameter is called, a run of 12-19 digits that
 * passes Luhn keeps only its last four digits in the pixel, UTM and analytics tables, and in the log.
 */
describe.each(DIALECTS)('analytics keep no card number on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('pixel events: a card number in event_source_url, event_json_data or fbclid is masked', async () => {
    const query = new URLSearchParams({
      uuid: `pixel-card-${dialect}-1`,
      event_name: 'PageView',
      event_source_url: 'http://localhost:3000/item/1001?cc=4242424242424242&utm_source=x',
      event_json_data: JSON.stringify({ search: 'my card 4000 0000 0000 0002', value: 10 }),
      fbclid: 'fb-5555555555554444',
    })
    expect((await new TestShopper(t.app).get(`/api/pixel-event?${query}`)).statusCode).toBe(200)
    const row = await t.store.db
      .selectFrom('pixel_events')
      .select(['event_source_url', 'event_json_data', 'fbclid'])
      .where('uuid', '=', `pixel-card-${dialect}-1`)
      .executeTakeFirstOrThrow()
    expect(row.event_source_url).toBe('http://localhost:3000/item/1001?cc=************4242&utm_source=x')
    expect(JSON.parse(row.event_json_data)).toEqual({ search: 'my card **** **** **** 0002', value: 10 })
    expect(row.fbclid).toBe('fb-************4444')
  })

  it('utm visits: a card number in an extra or a utm value is masked, whatever its name', async () => {
    const query = new URLSearchParams({ utm_source: `card-${dialect}`, utm_term: '4242-4242-4242-4242', card: '4000000000000002', note: 'x 378282246310005' })
    expect((await new TestShopper(t.app).get(`/api/utm-data?${query}`)).statusCode).toBe(200)
    const row = await t.store.db.selectFrom('utm_visits').select(['extras', 'utm_term']).where('utm_source', '=', `card-${dialect}`).executeTakeFirstOrThrow()
    expect(row.utm_term).toBe('****-****-****-4242')
    expect(JSON.parse(row.extras)).toEqual({ card: '************0002', note: 'x ***********0005' })
  })

  it("first-party events: a card number in any property is masked, a URL's too", async () => {
    const response = await new TestShopper(t.app).postJson('/api/analytics-events', {
      events: [
        {
          name: 'Page Viewed',
          properties: { marker: `card-${dialect}`, url: 'http://localhost:3000/?cc=4242424242424242', typed: { note: '5555 5555 5555 4444' }, number: 4242424242424242 },
        },
      ],
    })
    expect(response.statusCode).toBe(200)
    const row = await t.store.db.selectFrom('analytics_events').select('properties').where('properties', 'like', `%card-${dialect}%`).executeTakeFirstOrThrow()
    expect(row.properties).not.toMatch(/4242424242424242|5555 5555 5555 4444/)
    expect(JSON.parse(row.properties)).toMatchObject({
      url: 'http://localhost:3000/?cc=************4242',
      typed: { note: '**** **** **** 4444' },
      number: '************4242',
    })
  })
})

describe('the request log', () => {
  let store: StoreDb
  let app: FastifyInstance
  const lines: string[] = []
  const write = process.stdout.write
  beforeAll(async () => {
    // pino (made by buildApp) writes to a replaced process.stdout.write instead of its own file descriptor
    process.stdout.write = ((chunk: string | Uint8Array) => {
      lines.push(String(chunk))
      return true
    }) as typeof process.stdout.write
    store = openDatabase('sqlite::memory:')
    await migrateToLatest(store.db)
    await seedDatabase(store.db)
    app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'info', NODE_ENV: 'development' }), store, webBuildDir: '/nonexistent' })
    await app.ready()
  })
  afterAll(async () => {
    process.stdout.write = write
    await app.close()
    await store.close()
  })

  it('prints no card number from a path or a query', async () => {
    const shopper = new TestShopper(app)
    await shopper.get('/api/pixel-event?uuid=log-card-0001&event_name=PageView&event_source_url=http%3A%2F%2Flocalhost%2F%3Fcc%3D4242424242424242')
    await shopper.get('/api/catalog/4000000000000002?cc=5555555555554444')
    const log = lines.join('')
    expect(log).toMatch(/"msg":"request"/)
    expect(log).not.toMatch(/4242424242424242|4000000000000002|5555555555554444/)
    expect(log).toContain('/api/catalog/************0002')
  })
})
