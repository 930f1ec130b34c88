import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { parseEnv } from '../env.ts'
import { DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/**
 * Issue 1: the reset link is written from the brand's public origin, never from
 * request headers; X-Forwarded-* is believed only where TRUST_PROXY says so.
 */
const addIpRoute = (app: TestStore['app']) => app.get('/api/test-ip', async (request) => ({ data: { ip: request.ip, clientIp: request.ctx.clientIp } }))

describe.each(DIALECTS)('reset links and proxy headers on %s', (dialect) => {
  let t: TestStore
  let trusting: { app: TestStore['app'] }
  beforeAll(async () => {
    t = await startTestStore(dialect, { beforeReady: addIpRoute })
    // a second app on the same database, behind a proxy at 127.0.0.1
    const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', TRUST_PROXY: '127.0.0.1' })
    trusting = { app: await buildApp({ env, store: t.store, webBuildDir: '/nonexistent' }) }
    addIpRoute(trusting.app)
    await trusting.app.ready()
  })
  afterAll(async () => {
    await trusting.app.close()
    await t.close()
  })

  const email = `poison-${dialect}@example.com`

  async function resetMailsTo(address: string) {
    return t.store.db.selectFrom('outbox_emails').select(['body']).where('to_email', '=', address).where('subject', '=', 'Reset your password').execute()
  }

  it('never writes a forwarded or forged host into the reset e-mail', async () => {
    await new TestShopper(t.app).post('/api/register', { name: 'Pat Poison', email, password: 'leggings-forever-7' })
    const forwarded = await new TestShopper(t.app).request({
      method: 'POST',
      url: '/api/forgot',
      payload: { email },
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    })
    expect(forwarded.statusCode).toBe(200)
    // the host parameter may only name the brand of the Host header; a forged Host serves no brand
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/forgot?host=localhost',
      payload: { email },
      headers: { host: 'evil.example' },
    })
    expect(forged.statusCode).toBeGreaterThanOrEqual(400)
    expect(forged.statusCode).toBeLessThan(500)
    const mails = await resetMailsTo(email)
    expect(mails).toHaveLength(1)
    for (const mail of mails) {
      expect(mail.body).not.toContain('evil.example')
      expect(mail.body).toContain(`${t.app.env.publicOrigins.popfitclothing}/forgot?token=`)
    }
    const all = await t.store.db.selectFrom('outbox_emails').select('body').execute()
    expect(all.some((mail) => mail.body.includes('evil.example'))).toBe(false)
  })

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const response = await t.app.inject({
      url: '/api/test-ip',
      headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '127.0.0.1',
    })
    expect(response.json().data).toEqual({ ip: '127.0.0.1', clientIp: '127.0.0.1' })
  })

  it('believes X-Forwarded-For from a proxy TRUST_PROXY names, and only from it', async () => {
    const viaProxy = await trusting.app.inject({
      url: '/api/test-ip',
      headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '127.0.0.1',
    })
    expect(viaProxy.json().data).toEqual({ ip: '203.0.113.9', clientIp: '203.0.113.9' })
    const direct = await trusting.app.inject({
      url: '/api/test-ip',
      headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '198.51.100.4',
    })
    expect(direct.json().data).toEqual({ ip: '198.51.100.4', clientIp: '198.51.100.4' })
  })
})
