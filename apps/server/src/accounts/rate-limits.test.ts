import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { DISCOUNT_CODE_GUESSES } from '../cart/cart.service.ts'
import { MESSAGES_PER_EMAIL_PER_HOUR, MESSAGES_PER_IP_PER_HOUR } from '../customer-service/customer-service.service.ts'
import { parseEnv } from '../env.ts'
import { addStaff, STAFF_PASSWORD } from '../staff/staff-test-utils.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { TRACKER_GUESSES } from '../tracking/tracking.service.ts'
import { CART_WRITES, REVIEWS, TEST_TOKENS } from './request-limits.ts'

/**
 * Issue 38 item 4: every limit that matters answers 429 with Retry-After and a
 * readable message, counts the same on every instance (Redis where REDIS_URL is
 * set, else the database), and a logged-in shopper behind a shared address is
 * not held up by a stranger there (docs/decisions/217-one-throttle-shared-by-every-instance.md).
 */
const COUNTS = [...DIALECTS.map((dialect) => ({ dialect, redis: false })), ...(process.env.TEST_REDIS_URL ? DIALECTS.map((dialect) => ({ dialect, redis: true })) : [])]

type Answer = Awaited<ReturnType<TestShopper['request']>>

const retryAfter = (response: Answer) => Number(response.headers['retry-after'])

/** A 429 as a shopper reads it: the wait in Retry-After (at most the window) and in words. */
function expectHeld(response: Answer, message: RegExp, windowMs: number) {
  expect(response.statusCode).toBe(429)
  expect(retryAfter(response)).toBeGreaterThan(0)
  expect(retryAfter(response)).toBeLessThanOrEqual(windowMs / 1000)
  expect(errorsOf(response)[0]).toMatch(message)
  expect(errorsOf(response)[0]).toMatch(/Please try again in \d+ (seconds?|minutes)\./)
}

describe.each(COUNTS)('rate limits on $dialect (counts in Redis: $redis)', ({ dialect, redis }) => {
  let t: TestStore
  /** a second instance on the same database (and Redis keys), as behind a balancer */
  let second: FastifyInstance
  let item: { id: number; size: string }
  let run = 0
  const tag = `${dialect}-${redis ? 'redis' : 'db'}`

  beforeAll(async () => {
    t = await startTestStore(dialect, { redisSessions: redis })
    const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...(redis ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}) })
    second = await buildApp({ env, store: t.store, webBuildDir: '/nonexistent', adminBuildDir: '/nonexistent', sessionKeyPrefix: t.redisKeyPrefix })
    await second.ready()
    const items = dataOf<{ items: { id: number; availableSizes: string[] }[] }>(await new TestShopper(t.app).get('/api/categories/leggings')).items
    const found = items.find((candidate) => candidate.availableSizes.length > 0)!
    item = { id: found.id, size: found.availableSizes[0]! }
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
  })

  /** A fresh client address for each test (one per run of the file, so counts of other tests never meet). */
  const freshIp = () => {
    run += 1
    return `203.0.${COUNTS.findIndex((c) => c.dialect === dialect && c.redis === redis) * 50 + run}.${Math.floor(Math.random() * 250) + 1}`
  }

  /** A shopper whose every request comes from `ip`, to `app` (the first instance unless told). */
  function shopperAt(ip: string, app = t.app) {
    const shopper = new TestShopper(app)
    const send = (options: InjectOptions) => shopper.request({ ...options, remoteAddress: ip })
    return {
      shopper,
      get: (url: string) => send({ method: 'GET', url }),
      post: (url: string, form: Record<string, string | number> = {}) =>
        send({
          method: 'POST',
          url,
          payload: new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)])).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      postJson: (url: string, json: unknown) => send({ method: 'POST', url, payload: JSON.stringify(json), headers: { 'content-type': 'application/json' } }),
    }
  }

  async function loggedInAt(ip: string, n: string) {
    const customer = shopperAt(ip)
    const registered = await customer.post('/api/register', { name: 'Sam Shared', email: `limits-${n}-${tag}@example.com`, password: 'leggings-forever-7' })
    expect(registered.statusCode).toBe(200)
    return customer
  }

  it('holds a shopper writing to the cart past its figure (429, Retry-After); another shopper at the same address still shops', async () => {
    const ip = freshIp()
    const busy = shopperAt(ip)
    const added = dataOf<{ items: { cartId: string }[] }>(await busy.post('/api/cart/items', { item_id: item.id, size: item.size, qty: 1 }))
    const line = added.items[0]!.cartId
    // the write that made the session counted against the address only; from here on the session's own count runs
    for (let i = 0; i < CART_WRITES.perShopper; i++) expect((await busy.post(`/api/cart/items/${line}`, { qty: (i % 2) + 1 })).statusCode).toBe(200)
    const held = await busy.post('/api/cart/items', { item_id: item.id, size: item.size, qty: 1 })
    expectHeld(held, /Too many changes were made to the cart/, CART_WRITES.windowMs)
    expectHeld(await busy.post(`/api/cart/items/${line}`, { qty: 1 }), /Too many changes/, CART_WRITES.windowMs)
    // the cart is as the last accepted write left it, and is still read
    expect((await busy.get('/api/cart')).statusCode).toBe(200)
    // a neighbour on the same network is not held by this shopper's count
    expect((await shopperAt(ip).post('/api/cart/items', { item_id: item.id, size: item.size, qty: 1 })).statusCode).toBe(200)
  })

  it('counts discount-code guesses on every instance alike, and a logged-in shopper at the address is not held by a stranger', async () => {
    const ip = freshIp()
    const customer = await loggedInAt(ip, 'codes')
    const strangerA = shopperAt(ip)
    const strangerB = shopperAt(ip, second)
    // half the guesses on one instance, half on the other: the address's count is one
    for (let i = 0; i < DISCOUNT_CODE_GUESSES.max; i++) {
      const stranger = i % 2 === 0 ? strangerA : strangerB
      expect((await stranger.post('/api/discount-code', { code: `GUESS${i}` })).statusCode).toBe(422)
    }
    expectHeld(await strangerA.post('/api/discount-code', { code: 'first15' }), /Too many discount codes were tried/, DISCOUNT_CODE_GUESSES.windowMs)
    expectHeld(await strangerB.post('/api/discount-code', { code: 'first15' }), /Too many discount codes were tried/, DISCOUNT_CODE_GUESSES.windowMs)
    // a new anonymous visitor there shares the address's count
    expect((await shopperAt(ip).post('/api/discount-code', { code: 'NOPE' })).statusCode).toBe(429)
    // the customer, logged in at the same address, is counted by the account
    await customer.post('/api/cart/items', { item_id: item.id, size: item.size, qty: 1 })
    expect((await customer.post('/api/discount-code', { code: 'NOPE' })).statusCode).toBe(422)
    const applied = await customer.post('/api/discount-code', { code: 'first15' })
    expect(applied.statusCode).toBe(200)
  })

  it('holds order-number guesses from an address, not the logged-in customer there', async () => {
    const ip = freshIp()
    const customer = await loggedInAt(ip, 'tracking')
    const stranger = shopperAt(ip)
    for (let i = 0; i < TRACKER_GUESSES.max; i++) expect((await stranger.get(`/api/tracking/G${i}${tag}?email=x@example.com`)).statusCode).toBe(404)
    expectHeld(await shopperAt(ip, second).get('/api/tracking/G0?email=x@example.com'), /Too many order numbers/, TRACKER_GUESSES.windowMs)
    expect((await customer.get('/api/tracking/G0?email=x@example.com')).statusCode).toBe(404)
  })

  it('holds contact and feedback from a busy address, not a logged-in customer there, nor one whose e-mail a stranger names', async () => {
    const ip = freshIp()
    const customer = await loggedInAt(ip, 'messages')
    const customerEmail = `limits-messages-${tag}@example.com`
    const form = (email: string) => ({ name: 'Casey Asker', email, topic: 'sizing', order_number: '', message: 'Do the leggings run small in the waist?' })
    // a stranger names the customer's e-mail until that e-mail's count is spent (from addresses of their own)
    for (let i = 0; i < MESSAGES_PER_EMAIL_PER_HOUR; i++) expect((await shopperAt(freshIp()).post('/api/contact', form(customerEmail))).statusCode).toBe(200)
    expectHeld(await shopperAt(freshIp()).post('/api/feedback', form(customerEmail)), /Many messages were sent for this email address/, 60 * 60 * 1000)
    // and strangers at the customer's address spend the address's count
    for (let i = 0; i < MESSAGES_PER_IP_PER_HOUR; i++)
      expect((await shopperAt(ip, i % 2 ? second : t.app).post('/api/contact', form(`s-${i}-${tag}@example.com`))).statusCode).toBe(200)
    expectHeld(await shopperAt(ip).post('/api/contact', form(`s-x-${tag}@example.com`)), /Many messages were sent from this network/, 60 * 60 * 1000)
    // the customer, logged in, still writes in
    expect((await customer.post('/api/contact', form(customerEmail))).statusCode).toBe(200)
  })

  it('holds a customer sending reviews past the figure', async () => {
    const customer = await loggedInAt(freshIp(), 'reviews')
    const review = { item_id: item.id, rating: 5, would_you_recommend_us: 'yes', about_your_product: 'Soft and it stays put.' }
    // nothing of theirs has arrived: each try is refused, and counted
    for (let i = 0; i < REVIEWS.perShopper; i++) expect((await customer.post('/api/reviews', review)).statusCode).not.toBe(429)
    expectHeld(await customer.post('/api/reviews', review), /Too many reviews were sent/, REVIEWS.windowMs)
  })

  it('holds a visitor asking for test card tokens past the figure, not another visitor at the address', async () => {
    const ip = freshIp()
    const visitor = shopperAt(ip)
    // a session of their own, as a shopper at checkout has
    await visitor.post('/api/cart/items', { item_id: item.id, size: item.size, qty: 1 })
    const card = { number: '4242 4242 4242 4242', cvc: '123', exp_month: '12', exp_year: String(new Date().getFullYear() + 2) }
    for (let i = 0; i < TEST_TOKENS.perShopper; i++) expect((await visitor.postJson('/api/payments/test-tokens', card)).statusCode).toBe(200)
    expectHeld(await visitor.postJson('/api/payments/test-tokens', card), /Too many test cards were tried/, TEST_TOKENS.windowMs)
    expect((await shopperAt(ip).postJson('/api/payments/test-tokens', card)).statusCode).toBe(200)
  })

  it('holds staff login guesses on every instance alike; the owner from elsewhere gets in', async () => {
    const owner = await addStaff(t.store, 'owner', ['popfitclothing'], `limits-owner-${tag}@staff.example.com`)
    const ip = freshIp()
    for (let i = 0; i < 5; i++) {
      const guess = await shopperAt(ip, i % 2 ? second : t.app).postJson('/api/admin/login', { email: owner.email, password: `wrong-password-${i}` })
      expect(guess.statusCode).toBe(401)
    }
    expectHeld(await shopperAt(ip, second).postJson('/api/admin/login', { email: owner.email, password: STAFF_PASSWORD }), /Too many login attempts/, 15 * 60 * 1000)
    expect((await shopperAt(freshIp()).postJson('/api/admin/login', { email: owner.email, password: STAFF_PASSWORD })).statusCode).toBe(200)
  })
})
