import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app.ts'
import type { StoreDb } from '../db/connection.ts'
import { parseEnv } from '../env.ts'
import { openTestDatabase } from '../test/database-template.ts'
import { errorsOf, TestShopper } from '../test/harness.ts'
import { NOT_BUILT_MESSAGE, type StoreLoadContext } from './ssr-plugin.ts'

const renders = vi.hoisted(() => ({ count: 0 }))

// The React Router handler is replaced by one that shows what it was given and
// reads and writes through the load context's services, as loaders and actions do.
vi.mock('react-router', () => ({
  createRequestHandler: () => async (request: Request, context: StoreLoadContext) => {
    renders.count += 1
    const url = new URL(request.url)
    if (request.method === 'POST') {
      const form = new URLSearchParams(await request.text())
      await context.services.addToCart({ item_id: form.get('item_id'), size: form.get('size'), qty: form.get('qty') })
    }
    const [settings, cart] = await Promise.all([context.services.settings(), context.services.cart()])
    const body = {
      method: request.method,
      url: request.url,
      cookie: request.headers.get('cookie'),
      brand: context.brand.id,
      storeName: settings.storeName,
      cartLines: cart.items.length,
      customer: cart.customer,
    }
    const status = Number(url.searchParams.get('status') ?? '200')
    if (url.searchParams.has('html')) {
      // a page as entry.server.tsx answers it: whole, in one buffer
      const rows = Array.from({ length: 200 }, (_, i) => `<li>${body.storeName} ${i} ${body.cartLines}</li>`).join('')
      return new Response(Buffer.from(`<!DOCTYPE html><html><body><ul>${rows}</ul></body></html>`), { status, headers: { 'content-type': 'text/html' } })
    }
    const headers = new Headers({ 'content-type': 'application/json' })
    if (url.searchParams.has('flash')) headers.append('set-cookie', 'flash=hello; Path=/')
    // React Router answers HEAD with the page's status and headers and no body
    if (request.method === 'HEAD') return new Response(null, { status, headers })
    return new Response(JSON.stringify(body), { status, headers })
  },
}))

async function storeWithBuild(buildDir: string): Promise<{ app: FastifyInstance; store: StoreDb }> {
  const store = (await openTestDatabase('sqlite')).store
  const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), store, webBuildDir: buildDir })
  return { app, store }
}

describe('ssr plugin without a build', () => {
  let app: FastifyInstance
  let store: StoreDb
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssr-none-'))
    // a server entry but no client folder: not a whole build
    mkdirSync(join(dir, 'server'), { recursive: true })
    writeFileSync(join(dir, 'server', 'index.js'), 'export const routes = {}\n')
    ;({ app, store } = await storeWithBuild(dir))
  })
  afterAll(async () => {
    await app.close()
    await store.close()
  })

  it('answers 503 with how to build', async () => {
    const res = await app.inject({ url: '/category/leggings', headers: { host: 'localhost' } })
    expect(res.statusCode).toBe(503)
    expect(res.body).toBe(NOT_BUILT_MESSAGE)
  })

  it('leaves unknown API paths to the not-found handler', async () => {
    const res = await app.inject({ url: '/api/nope', headers: { host: 'localhost' } })
    expect(res.statusCode).toBe(404)
  })
})

describe('ssr plugin with a build', () => {
  let app: FastifyInstance
  let store: StoreDb
  let dir: string
  let item: { id: number; size: string }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ssr-'))
    mkdirSync(join(dir, 'client', 'assets'), { recursive: true })
    mkdirSync(join(dir, 'server'), { recursive: true })
    writeFileSync(join(dir, 'client', 'assets', 'entry-abc.js'), 'console.log(1)')
    writeFileSync(join(dir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    writeFileSync(join(dir, 'server', 'index.js'), 'export const routes = {}\n')
    ;({ app, store } = await storeWithBuild(dir))
    const row = await store.db
      .selectFrom('item_sizes')
      .innerJoin('items', 'items.id', 'item_sizes.item_id')
      .select(['items.id', 'item_sizes.size'])
      .where('items.brand_id', '=', 'ckb')
      .where('item_sizes.stock', '>', 5)
      .orderBy('items.id')
      .executeTakeFirstOrThrow()
    item = { id: row.id, size: row.size }
  })
  afterAll(async () => {
    await app.close()
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })
  beforeEach(() => app.pageCache.clear())

  it('serves fingerprinted assets immutable and other files briefly cached', async () => {
    const asset = await app.inject({ url: '/assets/entry-abc.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const icon = await app.inject({ url: '/favicon.svg' })
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['cache-control']).toBe('public, max-age=300')
  })

  it('answers a static file that is not there with a 404, not a page (an old bundle after a deploy, /favicon.ico)', async () => {
    const before = renders.count
    for (const url of ['/assets/entry-old.js', '/assets/', '/favicon.ico', '/media/']) {
      const response = await new TestShopper(app, 'ckb.localhost').get(url)
      expect(response.statusCode, url).toBe(404)
      expect(errorsOf(response)[0], url).toMatch(/No such page/)
    }
    expect(renders.count).toBe(before)
  })

  it("renders a page with the brand's own services: Web Request in, status, headers and body out", async () => {
    const res = await app.inject({ url: '/item/3?color=red&status=201&flash=1', headers: { host: 'ckb.localhost:3000', cookie: 'other=1' } })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ method: 'GET', url: 'http://ckb.localhost:3000/item/3?color=red&status=201&flash=1', brand: 'ckb', cartLines: 0 })
    expect(body.storeName).toMatch(/CKB/i)
    expect(res.headers['set-cookie']).toEqual(['flash=hello; Path=/'])
  })

  it('serves a cookieless visitor the same page from the cache, public for a CDN too', async () => {
    const before = renders.count
    const first = await app.inject({ url: '/category/underwear', headers: { host: 'ckb.localhost' } })
    const second = await app.inject({ url: '/category/underwear', headers: { host: 'ckb.localhost', 'accept-encoding': 'gzip' } })
    expect(renders.count - before).toBe(1)
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(first.headers['cache-control']).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/)
    expect(first.headers['set-cookie']).toBeUndefined()
    expect(second.json()).toEqual(first.json())
    // another brand's page of the same path is its own entry
    const popfit = await app.inject({ url: '/category/underwear', headers: { host: 'localhost' } })
    expect(popfit.json().brand).toBe('popfitclothing')
    expect(renders.count - before).toBe(2)
    // what a brand's pages show changed: its pages are rendered afresh, the other brand's stay
    app.pageCache.clearBrand('ckb')
    await app.inject({ url: '/category/underwear', headers: { host: 'ckb.localhost' } })
    await app.inject({ url: '/category/underwear', headers: { host: 'localhost' } })
    expect(renders.count - before).toBe(3)
  })

  it('never caches a page that is not a plain success', async () => {
    const before = renders.count
    await app.inject({ url: '/gone?status=404', headers: { host: 'ckb.localhost' } })
    await app.inject({ url: '/gone?status=404', headers: { host: 'ckb.localhost' } })
    await app.inject({ url: '/flash?flash=1', headers: { host: 'ckb.localhost' } })
    await app.inject({ url: '/flash?flash=1', headers: { host: 'ckb.localhost' } })
    expect(renders.count - before).toBe(4)
  })

  it("keeps a shopper's cart to that shopper: their pages are private, and visitors never see it", async () => {
    const shopper = new TestShopper(app, 'ckb.localhost')
    // a visitor's page is cached first
    const visitorBefore = await app.inject({ url: '/', headers: { host: 'ckb.localhost' } })
    expect(visitorBefore.json().cartLines).toBe(0)

    // the page action writes a cart line: the session starts on that answer
    const added = await shopper.request({
      method: 'POST',
      url: '/item/1',
      payload: `item_id=${item.id}&size=${encodeURIComponent(item.size)}&qty=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(added.statusCode).toBe(200)
    expect(added.json().cartLines).toBe(1)
    expect(String(added.headers['set-cookie'])).toMatch(/^sid=.*HttpOnly/)
    expect(added.headers['cache-control']).toBe('private, no-store')

    const mine = await shopper.get('/')
    expect(mine.json().cartLines).toBe(1)
    expect(mine.headers['cache-control']).toBe('private, no-store')
    expect(mine.headers['set-cookie']).toBeUndefined()

    // visitors, cached or rendered afresh, see an empty cart
    const visitor = await app.inject({ url: '/', headers: { host: 'ckb.localhost' } })
    expect(visitor.json().cartLines).toBe(0)
    app.pageCache.clear()
    const fresh = await app.inject({ url: '/', headers: { host: 'ckb.localhost' } })
    expect(fresh.json().cartLines).toBe(0)
    expect(fresh.headers['set-cookie']).toBeUndefined()
  })

  it("keeps a shopper's session when a link names another brand in ?host=", async () => {
    const shopper = new TestShopper(app, 'localhost')
    const popfitItem = await store.db
      .selectFrom('item_sizes')
      .innerJoin('items', 'items.id', 'item_sizes.item_id')
      .select(['items.id', 'item_sizes.size'])
      .where('items.brand_id', '=', 'popfitclothing')
      .where('item_sizes.stock', '>', 5)
      .orderBy('items.id')
      .executeTakeFirstOrThrow()
    await shopper.request({
      method: 'POST',
      url: '/item/1',
      payload: `item_id=${popfitItem.id}&size=${encodeURIComponent(popfitItem.size)}&qty=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const cookieBefore = shopper.cookieHeader
    const page = await shopper.get('/?host=ckb.localhost')
    expect(page.statusCode).toBe(200)
    expect(page.json().brand).toBe('popfitclothing')
    expect(page.headers['set-cookie']).toBeUndefined()
    expect(shopper.cookieHeader).toBe(cookieBefore)
    expect((await shopper.get('/')).json().cartLines).toBe(1)
    // the API refuses another brand's name outright, and the session stays too
    const api = await shopper.get('/api/cart?host=ckb.localhost')
    expect(api.statusCode).toBe(400)
    expect(api.headers['set-cookie']).toBeUndefined()
    expect((await shopper.get('/api/cart')).json().data.items).toHaveLength(1)
  })

  it('reads a page with one session look-up at most', async () => {
    const shopper = new TestShopper(app, 'ckb.localhost')
    await shopper.request({
      method: 'POST',
      url: '/item/1',
      payload: `item_id=${item.id}&size=${encodeURIComponent(item.size)}&qty=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    // the session is read by the store's find or together with the cart (SessionHandle.readWith): count the statements that read it
    const sessionReads: string[] = []
    const stop = store.watchQueries((sql) => {
      if (/^select\b/i.test(sql.trim()) && /from "sessions"/i.test(sql)) sessionReads.push(sql)
    })
    const page = await shopper.get('/category/underwear')
    stop()
    expect(page.statusCode).toBe(200)
    expect(sessionReads).toHaveLength(1)
  })

  it("compresses a shopper's page in one go, in the encoding the browser takes", async () => {
    const shopper = new TestShopper(app, 'ckb.localhost')
    await shopper.request({
      method: 'POST',
      url: '/item/1',
      payload: `item_id=${item.id}&size=${encodeURIComponent(item.size)}&qty=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const plain = await shopper.get('/?html=1')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('<li>CKB')
    expect(plain.body).toContain(' 199 1</li>')
    for (const [accept, encoding, inflate] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1.0, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const page = await shopper.request({ method: 'GET', url: '/?html=1', headers: { 'accept-encoding': accept } })
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-encoding']).toBe(encoding)
      expect(page.headers.vary).toMatch(/Accept-Encoding/)
      expect(page.headers['cache-control']).toBe('private, no-store')
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expect(Number(page.headers['content-length'])).toBe(page.rawPayload.length)
      expect(inflate(page.rawPayload).toString('utf8')).toBe(plain.body)
    }
  })

  it('answers HEAD without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/', headers: { host: 'ckb.localhost' } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('')
  })

  it("never keeps a HEAD's empty answer as the page for the next visitor's GET", async () => {
    const head = await app.inject({ method: 'HEAD', url: '/category/bras', headers: { host: 'ckb.localhost' } })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    const get = await app.inject({ url: '/category/bras', headers: { host: 'ckb.localhost' } })
    expect(get.statusCode).toBe(200)
    expect(get.json()).toMatchObject({ method: 'GET', brand: 'ckb' })
    // and a HEAD after it is answered from what the GET kept
    const before = renders.count
    const again = await app.inject({ method: 'HEAD', url: '/category/bras', headers: { host: 'ckb.localhost' } })
    expect(again.statusCode).toBe(200)
    expect(again.body).toBe('')
    expect(renders.count).toBe(before)
  })
})
