import { describe, expect, it } from 'vitest'
import { startTestStore } from '../test/harness.ts'
import { registry } from './metrics.ts'

/**
 * Without METRICS_TOKEN no one can scrape, so a shopper's request pays for no series: nothing is
 * timed or counted per request or per statement, and the process's own figures are not gathered.
 * A file of its own: the registry is the process's, and an app with a token turns recording on for good.
 */
describe('without METRICS_TOKEN', () => {
  it('takes no figure of the requests it answers or the statements they run', async () => {
    const t = await startTestStore('sqlite')
    try {
      for (const url of ['/api/categories/leggings', '/api/items/1001', '/api/cart', '/']) {
        await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } })
      }
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost' } })).statusCode).toBe(404)
      const taken = async (name: string) => ((await registry.getSingleMetric(name)?.get())?.values ?? []).length
      expect(await taken('store_http_requests_total')).toBe(0)
      expect(await taken('store_http_request_duration_seconds')).toBe(0)
      expect(await taken('store_db_query_duration_seconds')).toBe(0)
      expect(registry.getSingleMetric('store_process_cpu_seconds_total')).toBeUndefined()
    } finally {
      await t.close()
    }
  })
})
