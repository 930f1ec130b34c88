import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BRANDS } from '../brands/registry.ts'
import ssrPlugin, { applySetCookies, mergeSetCookies, NOT_BUILT_MESSAGE, type StoreLoadContext } from './ssr-plugin.ts'

// The React Router handler is replaced by one that shows what it was given and
// calls the API through the load context, like a loader does.
vi.mock('react-router', () => ({
  createRequestHandler: () => async (request: Request, context: StoreLoadContext) => {
    const api = await context.apiFetch('/api/echo?x=1', { headers: { accept: 'application/json' } })
    const again = await context.apiFetch('/api/echo?x=2')
    const body = {
      method: request.method,
      url: request.url,
      cookie: request.headers.get('cookie'),
      body: request.method === 'POST' ? await request.text() : null,
      brand: context.brand?.id ?? null,
      api: await api.json(),
      apiAgain: await again.json(),
    }
    const headers = new Headers({ 'content-type': 'application/json' })
    headers.append('set-cookie', 'page=1; Path=/')
    headers.append('set-cookie', 'flash=hello; Path=/')
    return new Response(JSON.stringify(body), { status: 201, headers })
  },
}))

function testApp(): FastifyInstance {
  const app = Fastify()
  app.decorateRequest('brand', null as never)
  app.addHook('onRequest', async (request) => {
    request.brand = BRANDS[1]!
  })
  app.get('/api/echo', async (request, reply) => {
    const seenCookie = request.headers.cookie ?? ''
    if (!seenCookie.includes('sid=')) reply.header('set-cookie', 'sid=new; Path=/; HttpOnly')
    return { data: { cookie: seenCookie, host: request.headers.host, ip: request.ip, query: request.query } }
  })
  return app
}

describe('cookie helpers', () => {
  it('keeps one Set-Cookie per name, the later winning', () => {
    expect(mergeSetCookies(['sid=a; Path=/', 'x=1'], ['sid=b; Path=/; HttpOnly'])).toEqual([
      'x=1',
      'sid=b; Path=/; HttpOnly',
    ])
  })

  it('applies Set-Cookie values to a Cookie header, dropping expired ones', () => {
    expect(applySetCookies('a=1; b=2', ['b=3; Path=/', 'c=4', 'a=; Max-Age=0'])).toBe('b=3; c=4')
    expect(applySetCookies('', ['sid=z; Expires=Thu, 01 Jan 1970 00:00:00 GMT'])).toBe('')
  })
})

describe('ssr plugin without a build', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = testApp()
    await app.register(ssrPlugin, { buildDir: '/nonexistent/build' })
  })
  afterAll(() => app.close())

  it('answers 503 with how to build', async () => {
    const res = await app.inject({ url: '/category/leggings' })
    expect(res.statusCode).toBe(503)
    expect(res.body).toBe(NOT_BUILT_MESSAGE)
  })

  it('leaves unknown API paths to the not-found handler', async () => {
    const res = await app.inject({ url: '/api/nope' })
    expect(res.statusCode).toBe(404)
  })
})

describe('ssr plugin with a build', () => {
  let app: FastifyInstance
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ssr-'))
    mkdirSync(join(dir, 'client', 'assets'), { recursive: true })
    mkdirSync(join(dir, 'server'), { recursive: true })
    writeFileSync(join(dir, 'client', 'assets', 'entry-abc.js'), 'console.log(1)')
    writeFileSync(join(dir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    writeFileSync(join(dir, 'server', 'index.js'), 'export const routes = {}\n')
    app = testApp()
    await app.register(ssrPlugin, { buildDir: dir })
  })
  afterAll(async () => {
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves fingerprinted assets immutable and other files briefly cached', async () => {
    const asset = await app.inject({ url: '/assets/entry-abc.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const icon = await app.inject({ url: '/favicon.svg' })
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['cache-control']).toBe('public, max-age=300')
  })

  it('renders a page: Web Request in, status, headers, every Set-Cookie and body out', async () => {
    const res = await app.inject({
      url: '/item/3?color=red',
      headers: { host: 'ckb.localhost:3000', cookie: 'sid=abc; other=1' },
      remoteAddress: '10.1.2.3',
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.method).toBe('GET')
    expect(body.url).toBe('http://ckb.localhost:3000/item/3?color=red')
    expect(body.cookie).toBe('sid=abc; other=1')
    expect(body.brand).toBe('ckb')
    // the API call ran in-process with the shopper's cookie, host and address
    expect(body.api.data.cookie).toBe('sid=abc; other=1')
    expect(body.api.data.host).toBe('ckb.localhost:3000')
    expect(body.api.data.ip).toBe('10.1.2.3')
    expect(body.api.data.query).toEqual({ x: '1' })
    const cookies = res.headers['set-cookie']
    expect(cookies).toEqual(['page=1; Path=/', 'flash=hello; Path=/'])
  })

  it('copies the API Set-Cookie onto the page and sends it on later API calls of the same render', async () => {
    const res = await app.inject({ url: '/', headers: { host: 'ckb.localhost' } })
    const body = res.json()
    expect(body.api.data.cookie).toBe('')
    expect(body.apiAgain.data.cookie).toBe('sid=new')
    expect(res.headers['set-cookie']).toEqual(['page=1; Path=/', 'flash=hello; Path=/', 'sid=new; Path=/; HttpOnly'])
  })

  it('passes a POST body through untouched', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/resources/cart',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'ckb.localhost' },
      payload: 'intent=add&item_id=1001&size=M',
    })
    expect(res.json().body).toBe('intent=add&item_id=1001&size=M')
  })

  it('answers HEAD without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/', headers: { host: 'ckb.localhost' } })
    expect(res.statusCode).toBe(201)
    expect(res.body).toBe('')
  })
})
