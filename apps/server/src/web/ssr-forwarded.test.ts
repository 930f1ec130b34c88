import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { connect } from 'node:net'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app.ts'
import type { StoreDb } from '../db/connection.ts'
import { parseEnv } from '../env.ts'
import { openTestDatabase } from '../test/database-template.ts'

// React Router replaced by a handler that shows the Web Request it was given
vi.mock('react-router', () => ({
  createRequestHandler: () => async (request: Request) => new Response(JSON.stringify({ url: request.url }), { status: 200, headers: { 'content-type': 'application/json' } }),
}))

/**
 * Issue 8: forwarded headers never make a page fail nor name its address: the
 * page's URL is built from the Host header (which chose the brand) and http or
 * https only, with or without TRUST_PROXY.
 */
describe.each([
  ['without TRUST_PROXY', undefined],
  ['with TRUST_PROXY=true', 'true'],
])('pages and forwarded headers %s', (_label, trustProxy) => {
  let app: FastifyInstance
  let store: StoreDb
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ssr-fwd-'))
    mkdirSync(join(dir, 'client'), { recursive: true })
    mkdirSync(join(dir, 'server'), { recursive: true })
    writeFileSync(join(dir, 'server', 'index.js'), 'export const routes = {}\n')
    store = (await openTestDatabase('sqlite')).store
    const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) })
    app = await buildApp({ env, store, webBuildDir: dir })
  })
  afterAll(async () => {
    await app.close()
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('X-Forwarded-Host: evil.example neither fails the page nor becomes its address', async () => {
    const res = await app.inject({ url: '/category/leggings', headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' } })
    expect(res.statusCode).toBe(200)
    expect(res.json().url).toBe('http://localhost:3000/category/leggings')
  })

  it('X-Forwarded-Proto: javascript on an item page is read as http', async () => {
    const res = await app.inject({ url: '/item/1001', headers: { host: 'localhost', 'x-forwarded-proto': 'javascript' } })
    expect(res.statusCode).toBe(200)
    expect(res.json().url).toBe('http://localhost/item/1001')
  })

  it('X-Forwarded-Proto: https is believed only from a trusted proxy', async () => {
    const res = await app.inject({ url: '/item/1002', headers: { host: 'localhost', 'x-forwarded-proto': 'https' } })
    expect(res.json().url).toBe(trustProxy ? 'https://localhost/item/1002' : 'http://localhost/item/1002')
  })

  it('a Host whose port is above 65535, or whose IPv6 literal is not one, is a 400 like any malformed Host, not a 500', async () => {
    for (const host of ['localhost:99999', 'ckb.localhost:65536', '[1:2]:3000']) {
      const res = await app.inject({ url: '/category/leggings?not-cached=1', headers: { host } })
      expect(res.statusCode, host).toBe(400)
      expect(res.json().errors[0].message).toMatch(/Host header/)
    }
    const ok = await app.inject({ url: '/category/leggings?not-cached=1', headers: { host: 'localhost:65535' } })
    expect(ok.statusCode).toBe(200)
  })

  it('a request line whose target is not a path (absolute-form, *) is a 400, not a 500', async () => {
    // app.inject makes a path of any URL: only a socket sends the request line as written
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const port = Number(new URL(address).port)
    const statusOf = (target: string) =>
      new Promise<string>((resolve, reject) => {
        let text = ''
        const socket = connect(port, '127.0.0.1', () => socket.end(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`))
        socket.on('data', (chunk) => (text += chunk))
        socket.on('end', () => resolve(text.split('\r\n')[0]!))
        socket.on('error', reject)
      })
    expect(await statusOf('http://ckb.localhost/about-us')).toMatch(/^HTTP\/1\.1 400 /)
    expect(await statusOf('http://localhost/api/settings')).toMatch(/^HTTP\/1\.1 400 /)
    expect(await statusOf('*')).toMatch(/^HTTP\/1\.1 400 /)
    expect(await statusOf('/about-us')).toMatch(/^HTTP\/1\.1 200 /)
  })
})
