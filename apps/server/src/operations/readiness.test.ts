import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, errorsOf, startTestStore, type TestStore } from '../test/harness.ts'

/** Issue 38 item 2: /api/ready tells a balancer whether to send this instance shoppers. */
describe.each(DIALECTS)('/api/ready on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(async () => {
    await t.close()
  })

  const ready = () => t.app.inject({ method: 'GET', url: '/api/ready', headers: { host: 'localhost' } })

  it('is ready when the database answers and is migrated', async () => {
    const response = await ready()
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { ok: true } })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it("answers a balancer's check that names the instance by its address, not a brand's host", async () => {
    for (const url of ['/api/ready', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: '10.0.0.7:3000' } })
      expect(response.statusCode, url).toBe(200)
    }
    // anything else there is still no store's
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: { host: '10.0.0.7:3000' } })).statusCode).toBe(404)
  })

  it('is not ready while a migration of this build has not run', async () => {
    // a fresh Readiness has not seen the schema complete yet
    const { Readiness } = await import('./readiness.ts')
    const fresh = new Readiness(t.store, t.app.sessionStore)
    const table = sql`kysely_migration`
    const [last] = await sql<{ name: string }>`select name from ${table} order by name desc limit 1`.execute(t.store.db).then((r) => r.rows)
    await sql`delete from ${table} where name = ${last!.name}`.execute(t.store.db)
    try {
      expect(await fresh.notReadyBecause()).toMatch(/being migrated \(1 migration to run\)/)
    } finally {
      await sql`insert into ${table} (name, timestamp) values (${last!.name}, ${new Date().toISOString()})`.execute(t.store.db)
    }
    expect(await fresh.notReadyBecause()).toBeNull()
  })

  it('is not ready once the instance is shutting down, while /api/health still answers', async () => {
    t.app.readiness.shuttingDown = true
    try {
      const response = await ready()
      expect(response.statusCode).toBe(503)
      expect(errorsOf(response)).toEqual(['This instance is shutting down.'])
      expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost' } })).statusCode).toBe(200)
    } finally {
      t.app.readiness.shuttingDown = false
    }
  })
})

describe.runIf(process.env.TEST_REDIS_URL)('/api/ready with sessions in Redis', () => {
  it('is ready while Redis answers PING, and not once it does not', async () => {
    const t = await startTestStore('sqlite', { redisSessions: true })
    try {
      const ready = () => t.app.inject({ method: 'GET', url: '/api/ready', headers: { host: 'localhost' } })
      expect((await ready()).statusCode).toBe(200)
      // the connection gone, as when Redis is down
      await t.app.sessionStore.close()
      const down = await ready()
      expect(down.statusCode).toBe(503)
      expect(errorsOf(down)).toEqual(['Redis does not answer.'])
    } finally {
      await t.close().catch(() => {})
    }
  })
})
