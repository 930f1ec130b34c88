import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARDS, itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { queueEmails } from '../email/outbox.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { PageCache } from '../web/page-cache.ts'
import { registry, timedJob } from './metrics.ts'

const TOKEN = 'scrape-token-0123456789'

/** The value of one series in the registry now (0 when absent). */
async function seriesValue(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = registry.getSingleMetric(name)
  if (!metric) return 0
  const { values } = await metric.get()
  // a histogram's count series, a counter's own series
  return (values as { value: number; labels: Record<string, unknown>; metricName?: string }[])
    .filter((value) => value.metricName === undefined || value.metricName === name || value.metricName === `${name}_count`)
    .filter((value) => Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted))
    .reduce((sum, value) => sum + value.value, 0)
}

/** Issue 38 item 3: what an operator watches, on /metrics behind a bearer token. */
describe.each(DIALECTS)('metrics on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect, { env: { METRICS_TOKEN: TOKEN } })
  })
  afterAll(async () => {
    await t.close()
  })

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: { host: '10.0.0.7:3000', ...(authorization ? { authorization } : {}) } })

  it('serves /metrics only to the holder of METRICS_TOKEN, on any host', async () => {
    expect((await scrape()).statusCode).toBe(401)
    expect((await scrape('Bearer not-the-token-at-all')).statusCode).toBe(401)
    const ok = await scrape(`Bearer ${TOKEN}`)
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-type']).toMatch(/^text\/plain/)
    expect(ok.body).toContain('store_process_cpu_seconds_total')
  })

  it('counts requests and their time by route pattern, never the raw address, and 5xx apart', async () => {
    const item = await itemWithStock(t, 1)
    const before = await seriesValue('store_http_requests_total', { route: '/api/items/:id', status: '200' })
    const response = await t.app.inject({ method: 'GET', url: `/api/items/${item.itemId}?utm=x`, headers: { host: 'localhost' } })
    expect(response.statusCode).toBe(200)
    expect(await seriesValue('store_http_requests_total', { route: '/api/items/:id', status: '200' })).toBe(before + 1)
    const body = (await scrape(`Bearer ${TOKEN}`)).body
    expect(body).toMatch(/store_http_request_duration_seconds_count\{method="GET",route="\/api\/items\/:id"\} \d+/)
    expect(body).not.toContain(`/api/items/${item.itemId}`)
    // an address no route serves is one series, whatever was asked
    await t.app.inject({ method: 'GET', url: `/api/nothing-here-${randomUUID()}`, headers: { host: 'localhost' } })
    expect((await scrape(`Bearer ${TOKEN}`)).body).not.toMatch(/nothing-here/)
  })

  it('counts orders placed, charges and declines', async () => {
    const orders = await seriesValue('store_orders_placed_total', { brand: 'popfitclothing' })
    const paid = await seriesValue('store_charges_total', { gateway: 'test', outcome: 'succeeded' })
    const declined = await seriesValue('store_declines_total', { gateway: 'test' })
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const refused = await placeOrder(shopper, await tokenFor(shopper, CARDS.declined))
    expect(refused.statusCode).toBe(402)
    expect(await seriesValue('store_declines_total', { gateway: 'test' })).toBe(declined + 1)
    expect(await seriesValue('store_orders_placed_total', { brand: 'popfitclothing' })).toBe(orders)
    const placed = await placeOrder(shopper, await tokenFor(shopper))
    expect(placed.statusCode).toBe(200)
    expect(await seriesValue('store_charges_total', { gateway: 'test', outcome: 'succeeded' })).toBe(paid + 1)
    expect(await seriesValue('store_orders_placed_total', { brand: 'popfitclothing' })).toBe(orders + 1)
  })

  it('times SQL statements, and reads the outbox backlog and its age at each scrape', async () => {
    expect(await seriesValue('store_db_query_duration_seconds', { dialect })).toBeGreaterThan(0)
    await t.store.db.updateTable('outbox_emails').set({ sent_at: new Date().toISOString() }).where('sent_at', 'is', null).execute()
    await queueEmails(t.store.db, 'popfitclothing', new Date(Date.now() - 120_000).toISOString(), [{ to: 'waiting@example.com', subject: 'Hello', body: 'Waiting' }])
    const body = (await scrape(`Bearer ${TOKEN}`)).body
    expect(body).toMatch(/^store_outbox_backlog 1$/m)
    const age = Number(/^store_outbox_oldest_age_seconds (\S+)$/m.exec(body)?.[1])
    expect(age).toBeGreaterThanOrEqual(119)
    expect(age).toBeLessThan(300)
  })
})

describe('metrics of the page cache and the jobs', () => {
  it('counts page cache hits and misses', async () => {
    const hits = await seriesValue('store_page_cache_lookups_total', { result: 'hit' })
    const misses = await seriesValue('store_page_cache_lookups_total', { result: 'miss' })
    const cache = new PageCache()
    const key = PageCache.key('ckb', '/')
    cache.get(key)
    cache.set(key, { status: 200, headers: [], body: Buffer.from('home') })
    cache.get(key)
    expect(await seriesValue('store_page_cache_lookups_total', { result: 'hit' })).toBe(hits + 1)
    expect(await seriesValue('store_page_cache_lookups_total', { result: 'miss' })).toBe(misses + 1)
  })

  it('counts job rounds by outcome and passes their result or error through', async () => {
    const ok = await seriesValue('store_job_runs_total', { job: 'test-job', outcome: 'ok' })
    const failed = await seriesValue('store_job_runs_total', { job: 'test-job', outcome: 'failed' })
    expect(await timedJob('test-job', async () => 7)).toBe(7)
    await expect(timedJob('test-job', async () => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await seriesValue('store_job_runs_total', { job: 'test-job', outcome: 'ok' })).toBe(ok + 1)
    expect(await seriesValue('store_job_runs_total', { job: 'test-job', outcome: 'failed' })).toBe(failed + 1)
  })
})

describe('without METRICS_TOKEN', () => {
  it('does not serve /metrics at all', async () => {
    const t = await startTestStore('sqlite')
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost' } })).statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
