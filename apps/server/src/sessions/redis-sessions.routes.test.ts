import type { Cart } from '@store/core'
import type { FastifyInstance } from 'fastify'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { parseEnv } from '../env.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { SESSION_TTL_MS } from './session-store.ts'

const REDIS_URL = process.env.TEST_REDIS_URL

const sidOf = (shopper: TestShopper) => shopper.cookieHeader.match(/sid=([^;]+)/)?.[1]

/** The same shopper (same cookies) asking another instance of the store. */
const getOn = (app: FastifyInstance, shopper: TestShopper, url: string) => app.inject({ method: 'GET', url, headers: { host: shopper.host, cookie: shopper.cookieHeader } })

describe.skipIf(!process.env.TEST_REDIS_URL)('sessions in Redis (TEST_REDIS_URL)', () => {
  describe.each(DIALECTS)('on %s', (dialect) => {
    let t: TestStore
    let secondInstance: FastifyInstance
    let redis: ReturnType<typeof createClient>
    let itemId: number
    let size: string

    beforeAll(async () => {
      t = await startTestStore(dialect, { redisSessions: true })
      // a second instance of the store on the same database and Redis, as behind a load balancer
      const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', REDIS_URL })
      secondInstance = await buildApp({ env, store: t.store, webBuildDir: '/nonexistent', sessionKeyPrefix: t.redisKeyPrefix })
      await secondInstance.ready()
      redis = createClient({ url: REDIS_URL })
      redis.on('error', () => {})
      await redis.connect()
      const items = dataOf<{ items: { id: number; availableSizes: string[] }[] }>(await new TestShopper(t.app).get('/api/categories/leggings')).items
      const item = items.find((candidate) => candidate.availableSizes.length > 0)!
      itemId = item.id
      size = item.availableSizes[0]!
    })
    afterAll(async () => {
      await secondInstance?.close()
      if (redis?.isOpen) await redis.close()
      await t?.close()
    })

    const account = (n: string) => ({ name: 'Robin Redis', email: `robin-${n}-${dialect}@example.com`, password: 'leggings-forever' })
    const sessionKeys = () => redis.keys(`${t.redisKeyPrefix}session:*`)

    it('keeps a cart across requests, and any instance reads it', async () => {
      const shopper = new TestShopper(t.app)
      // reading makes no session; the first line written does
      const first = await shopper.get('/api/cart')
      expect(first.headers['set-cookie']).toBeUndefined()
      const added = await shopper.post('/api/cart/items', { item_id: itemId, size, qty: 2 })
      expect(added.statusCode).toBe(200)
      expect(String(added.headers['set-cookie'])).toMatch(/sid=.*HttpOnly/)
      const cart = dataOf<Cart>(await shopper.get('/api/cart'))
      expect(cart.items.map((line) => [line.item_id, line.qty])).toEqual([[itemId, 2]])
      const response = await getOn(secondInstance, shopper, '/api/cart')
      expect(response.headers['set-cookie']).toBeUndefined()
      expect(dataOf<Cart>(response).items.map((line) => line.item_id)).toEqual([itemId])
    })

    it('keeps a login across requests and instances, with the cart; logout ends it', async () => {
      const shopper = new TestShopper(t.app)
      await shopper.post('/api/cart/items', { item_id: itemId, size, qty: 1 })
      const before = sidOf(shopper)
      expect((await shopper.post('/api/register', account('login'))).statusCode).toBe(200)
      expect(sidOf(shopper)).not.toBe(before)
      const cart = dataOf<Cart>(await shopper.get('/api/cart'))
      expect(cart.loggedin).toBe(true)
      expect(cart.items.map((line) => line.item_id)).toEqual([itemId])
      expect(dataOf<Cart>(await getOn(secondInstance, shopper, '/api/cart')).loggedin).toBe(true)

      // the old cookie no longer opens a session
      const fixated = new TestShopper(t.app)
      await fixated.request({ method: 'GET', url: '/api/cart', headers: { cookie: `sid=${before}` } })
      expect(sidOf(fixated)).not.toBe(before)

      expect((await shopper.post('/api/logout')).statusCode).toBe(200)
      expect(dataOf<Cart>(await shopper.get('/api/cart')).loggedin).toBe(false)
      const again = new TestShopper(t.app)
      expect((await again.post('/api/login', { email: account('login').email, password: 'leggings-forever' })).statusCode).toBe(200)
      expect(dataOf<Cart>(await again.get('/api/cart')).items.map((line) => line.item_id)).toEqual([itemId])
    })

    it('ends every session of a customer on a password reset', async () => {
      const phone = new TestShopper(t.app)
      await phone.post('/api/register', account('reset'))
      const laptop = new TestShopper(t.app)
      await laptop.post('/api/login', { email: account('reset').email, password: 'leggings-forever' })
      expect((await new TestShopper(t.app).post('/api/forgot', { email: account('reset').email })).statusCode).toBe(200)
      const mail = await t.store.db
        .selectFrom('outbox_emails')
        .select('body')
        .where('to_email', '=', account('reset').email)
        .where('subject', '=', 'Reset your password')
        .executeTakeFirstOrThrow()
      const token = mail.body.match(/token=([A-Za-z0-9_-]+)/)![1]!
      expect((await new TestShopper(t.app).post('/api/reset-password', { token, password: 'brand-new-secret' })).statusCode).toBe(200)
      expect(dataOf<Cart>(await phone.get('/api/cart')).loggedin).toBe(false)
      expect(dataOf<Cart>(await laptop.get('/api/cart')).loggedin).toBe(false)
    })

    it('does not let one brand read another brand’s session', async () => {
      const shopper = new TestShopper(t.app)
      await shopper.post('/api/cart/items', { item_id: itemId, size, qty: 1 })
      const sid = sidOf(shopper)!
      expect(sid).toBeDefined()
      // popfit's cookie shown to ckb opens nothing there: an empty cart, and no cookie set by a read
      const ckb = new TestShopper(t.app, 'ckb.localhost')
      const read = await ckb.request({ method: 'GET', url: '/api/cart', headers: { cookie: `sid=${sid}` } })
      expect(dataOf<Cart>(read).items).toEqual([])
      expect(read.headers['set-cookie']).toBeUndefined()
      // a write at ckb starts ckb's own session
      await ckb.post('/api/test-group', { key: 'Vip4sh', values: 'Control,4sh' })
      expect(sidOf(ckb)).toBeDefined()
      expect(sidOf(ckb)).not.toBe(sid)
    })

    it('writes sessions to Redis with a 30-day expiry and no row to the sessions table', async () => {
      const keys = await sessionKeys()
      expect(keys.length).toBeGreaterThan(0)
      expect(keys.some((key) => key.startsWith(`${t.redisKeyPrefix}session:popfitclothing:`))).toBe(true)
      expect(keys.some((key) => key.startsWith(`${t.redisKeyPrefix}session:ckb:`))).toBe(true)
      const ttl = await redis.pTTL(keys[0]!)
      expect(ttl).toBeGreaterThan(SESSION_TTL_MS - 3_600_000)
      expect(ttl).toBeLessThanOrEqual(SESSION_TTL_MS)
      const { count } = await t.store.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
      expect(Number(count)).toBe(0)
    })
  })
})
