import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/**
 * Issue 2: a state-changing request from another site is refused (403): a
 * foreign or `null` Origin or Referer, or Sec-Fetch-Site: cross-site; the
 * request's own host is never read from X-Forwarded-Host.
 */
describe.each(DIALECTS)('CSRF guard on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const email = `csrf-${dialect}@example.com`
  const password = 'leggings-forever-7'

  const login = (headers: Record<string, string>, shopper = new TestShopper(t.app)) => shopper.request({ method: 'POST', url: '/api/login', payload: { email, password }, headers })

  beforeAll(async () => {
    const made = await new TestShopper(t.app).post('/api/register', { name: 'Pat Csrf', email, password })
    expect(made.statusCode).toBe(200)
  })

  it('refuses Origin: null (sandboxed frames, data: pages), with no session made', async () => {
    const response = await login({ origin: 'null' })
    expect(response.statusCode).toBe(403)
    expect(errorsOf(response)[0]).toMatch(/refused/)
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a login posted from another site (login CSRF), by Origin or by Referer', async () => {
    expect((await login({ origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await login({ referer: 'https://evil.example/page' })).statusCode).toBe(403)
  })

  it('does not take the page host from X-Forwarded-Host', async () => {
    const response = await login({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })
    expect(response.statusCode).toBe(403)
  })

  it('accepts the store itself: the Host header, or the brand public origin', async () => {
    expect((await login({ origin: 'http://localhost' })).statusCode).toBe(200)
    expect((await login({ referer: 'http://localhost/login?redirectTo=%2Fmembers' })).statusCode).toBe(200)
    const publicOrigin = t.app.env.publicOrigins.popfitclothing
    expect((await login({ origin: publicOrigin })).statusCode).toBe(200)
  })

  it('refuses another brand of ours posting here', async () => {
    expect((await login({ origin: 'http://ckb.localhost' })).statusCode).toBe(403)
  })

  it('without Origin or Referer decides by Sec-Fetch-Site', async () => {
    expect((await login({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
    expect((await login({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200)
    expect((await login({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(200)
    expect((await login({ 'sec-fetch-site': 'none' })).statusCode).toBe(200)
    // no browser headers at all: a script or a server, not a browser a page could drive
    expect((await login({})).statusCode).toBe(200)
  })

  it('refuses a cross-site Sec-Fetch-Site even beside a matching Origin', async () => {
    expect((await login({ origin: 'http://localhost', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
  })

  it('guards every state-changing method and page posts too, not only /api', async () => {
    const shopper = new TestShopper(t.app)
    for (const url of ['/api/cart/items', '/api/logout', '/api/forgot', '/login', '/resources/cart', '/register']) {
      const response = await shopper.request({ method: 'POST', url, payload: 'x=1', headers: { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' } })
      expect(response.statusCode, url).toBe(403)
    }
    const put = await shopper.request({ method: 'DELETE', url: '/api/cart/items/1', headers: { 'sec-fetch-site': 'cross-site' } })
    expect(put.statusCode).toBe(403)
  })

  it('lets reads through from anywhere', async () => {
    const response = await new TestShopper(t.app).request({ method: 'GET', url: '/api/settings', headers: { origin: 'null', 'sec-fetch-site': 'cross-site' } })
    expect(response.statusCode).toBe(200)
  })
})

describe.each(DIALECTS)('CSRF guard of a store served over https, on %s', (dialect) => {
  let t: TestStore
  const origin = 'https://shop.popfit.test'
  beforeAll(async () => {
    t = await startTestStore(dialect, { env: { PUBLIC_ORIGIN_POPFITCLOTHING: origin } })
  })
  afterAll(() => t.close())

  const register = (headers: Record<string, string>) =>
    new TestShopper(t.app).request({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Pat Https', email: `https-${randomUUID()}@example.com`, password: 'leggings-forever-7' },
      headers: { host: 'shop.popfit.test', ...headers },
    })

  it("refuses an http:// page of its own host: anyone on the shopper's network can write into it", async () => {
    const refused = await register({ origin: 'http://shop.popfit.test' })
    expect(refused.statusCode).toBe(403)
    expect(errorsOf(refused)[0]).toMatch(/another site/)
    expect(refused.headers['set-cookie']).toBeUndefined()
    expect((await register({ referer: 'http://shop.popfit.test/register' })).statusCode).toBe(403)
    expect((await register({ origin })).statusCode).toBe(200)
    expect((await register({ referer: `${origin}/register` })).statusCode).toBe(200)
  })
})
