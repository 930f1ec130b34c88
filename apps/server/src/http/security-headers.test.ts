import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import helmet from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app.ts'
import type { StoreDb } from '../db/connection.ts'
import { parseEnv } from '../env.ts'
import { openTestDatabase } from '../test/database-template.ts'
import type { StoreLoadContext } from '../web/ssr-plugin.ts'
import { HELMET_OPTIONS, HSTS, PERMISSIONS_POLICY } from './security-headers.ts'

// React Router replaced by a page with an inline script carrying the nonce it was handed
vi.mock('react-router', () => ({
  createRequestHandler: () => async (request: Request, context: StoreLoadContext) => {
    const path = new URL(request.url).pathname
    const html = `<!doctype html><html><head><script type="application/ld+json">{"a":1}</script></head><body><p>${path}</p><script nonce="${context.nonce}">window.__page=${JSON.stringify(path)}</script><script type="module" nonce="${context.nonce}">import "/assets/entry.js"</script></body></html>`
    return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } })
  },
}))

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

async function start(env: Record<string, string>, buildDir = '/nonexistent') {
  const store = (await openTestDatabase('sqlite')).store
  const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env }), store, webBuildDir: buildDir })
  return { app, store }
}

/** Issue 12: security headers through @fastify/helmet, HSTS and Secure cookies on https, a CSP pages can live with. */
describe('security headers', () => {
  let dir: string
  let dev: { app: FastifyInstance; store: StoreDb }
  let prod: { app: FastifyInstance; store: StoreDb }
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ssr-csp-'))
    mkdirSync(join(dir, 'client'), { recursive: true })
    mkdirSync(join(dir, 'server'), { recursive: true })
    writeFileSync(join(dir, 'server', 'index.js'), 'export const routes = {}\n')
    dev = await start({}, dir)
    // a deployment: production origins (https) as PUBLIC_ORIGINS names them
    prod = await start({ NODE_ENV: 'production', PUBLIC_ORIGINS: 'production' }, dir)
  })
  afterAll(async () => {
    for (const t of [dev, prod]) {
      await t.app.close()
      await t.store.close()
    }
    rmSync(dir, { recursive: true, force: true })
  })

  it('API answers carry the usual headers and a CSP that allows nothing', async () => {
    const res = await dev.app.inject({ url: '/api/settings', headers: { host: 'localhost' } })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/)
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/)
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
  })

  it('no API answer may be kept by a shared cache, with a session or without', async () => {
    for (const url of ['/api/cart', '/api/items/1001', '/api/categories/leggings', '/api/settings', '/api/membership', '/api/nowhere']) {
      const res = await prod.app.inject({ url, headers: { host: 'localhost' } })
      expect(res.headers['set-cookie'], url).toBeUndefined()
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
    const added = await prod.app.inject({ method: 'POST', url: '/api/cart/items', headers: { host: 'localhost' }, payload: { item_id: 1001, size: 'M', qty: 1 } })
    const sid = added.cookies.find((cookie) => cookie.name === 'sid')!.value
    const mine = await prod.app.inject({ url: '/api/items/1001', headers: { host: 'localhost', cookie: `sid=${sid}` } })
    expect(mine.headers['cache-control']).toBe('private, no-store')
  })

  it('every answer carries what @fastify/helmet itself writes per request, worked out once', async () => {
    const reference = Fastify()
    await reference.register(helmet, HELMET_OPTIONS)
    reference.get('/x', async () => ({ ok: true }))
    const helmetWrites = (await reference.inject('/x')).headers
    await reference.close()
    const ownHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive'])
    const expected = Object.entries(helmetWrites).filter(([name]) => !ownHeaders.has(name))
    expect(expected.length).toBeGreaterThanOrEqual(8)
    for (const url of ['/api/health', '/api/settings', '/api/categories/leggings', '/api/no-such-route']) {
      for (const t of [dev, prod]) {
        const res = await t.app.inject({ url, headers: { host: 'localhost' } })
        for (const [name, value] of expected) expect([url, name, res.headers[name]]).toEqual([url, name, value])
        expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY)
      }
    }
    // the edge's own early answers (an unknown host) carry them too
    const unknown = await dev.app.inject({ url: '/api/settings', headers: { host: 'elsewhere.example' } })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.headers['x-content-type-options']).toBe('nosniff')
    expect(unknown.headers['content-security-policy']).toMatch(/default-src 'none'/)
  })

  it('a header a route sets itself is kept', async () => {
    const store = (await openTestDatabase('sqlite')).store
    const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), store, webBuildDir: '/nonexistent' })
    app.get('/own-headers', async (_request, reply) => {
      reply.header('content-security-policy', "default-src 'self'").header('x-frame-options', 'DENY')
      return 'ok'
    })
    const res = await app.inject({ url: '/own-headers', headers: { host: 'localhost' } })
    expect(res.headers['content-security-policy']).toBe("default-src 'self'")
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    await app.close()
    await store.close()
  })

  it('HSTS only where the brand is served over https', async () => {
    const https = await prod.app.inject({ url: '/api/settings', headers: { host: 'localhost' } })
    expect(https.headers['strict-transport-security']).toBe(HSTS)
    expect((await prod.app.inject({ url: '/api/health', headers: { host: 'ckb.localhost' } })).headers['strict-transport-security']).toBe(HSTS)
    const http = await dev.app.inject({ url: '/api/settings', headers: { host: 'localhost' } })
    expect(http.headers['strict-transport-security']).toBeUndefined()
  })

  it('the session cookie is Secure where the public origin is https, without COOKIE_SECURE', async () => {
    const item = await prod.store.db
      .selectFrom('item_sizes')
      .innerJoin('items', 'items.id', 'item_sizes.item_id')
      .select(['items.id', 'item_sizes.size'])
      .where('items.brand_id', '=', 'popfitclothing')
      .where('item_sizes.stock', '>', 5)
      .executeTakeFirstOrThrow()
    const payload = { item_id: item.id, size: item.size, qty: 1 }
    const https = await prod.app.inject({ method: 'POST', url: '/api/cart/items', payload, headers: { host: 'localhost' } })
    expect(https.statusCode).toBe(200)
    expect(String(https.headers['set-cookie'])).toMatch(/sid=.*; Secure/)
    const http = await dev.app.inject({ method: 'POST', url: '/api/cart/items', payload, headers: { host: 'localhost' } })
    expect(String(http.headers['set-cookie'])).not.toMatch(/Secure/)
  })

  it('a personal page gets a fresh nonce per answer, in its CSP and its scripts', async () => {
    const nonces: string[] = []
    for (let i = 0; i < 2; i++) {
      const res = await dev.app.inject({ url: '/members', headers: { host: 'localhost', cookie: 'x=1' } })
      expect(res.statusCode).toBe(200)
      const csp = String(res.headers['content-security-policy'])
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1]
      expect(nonce).toBeTruthy()
      expect(csp).toMatch(/script-src 'self' 'nonce-/)
      expect(csp).toMatch(/object-src 'none'/)
      expect(csp).toMatch(/base-uri 'self'/)
      expect(csp).toMatch(/frame-ancestors 'self'/)
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      expect(res.body).toContain(`nonce="${nonce}"`)
      nonces.push(nonce!)
    }
    expect(nonces[0]).not.toBe(nonces[1])
  })

  it('a cached page is allowed its own inline scripts by hash, never by a nonce that would repeat', async () => {
    const first = await dev.app.inject({ url: '/category/leggings', headers: { host: 'localhost' } })
    const second = await dev.app.inject({ url: '/category/leggings', headers: { host: 'localhost' } })
    expect(second.headers['cache-control']).toMatch(/public/)
    for (const res of [first, second]) {
      const csp = String(res.headers['content-security-policy'])
      expect(csp).not.toMatch(/'nonce-/)
      expect(csp).toContain(sha256('window.__page="/category/leggings"'))
      expect(csp).toContain(sha256('import "/assets/entry.js"'))
    }
  })
})
