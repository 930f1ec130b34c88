import { randomBytes, randomUUID } from 'node:crypto'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, deleteRedisKeys, startTestStore, uniqueRedisPrefix } from '../test/harness.ts'
import { RedisSessionStore } from './redis-session-store.ts'
import { DatabaseSessionStore, MAX_SESSION_ORDERS, SESSION_TTL_MS, type Session, type SessionStore } from './session-store.ts'

const BRAND = 'popfitclothing'
const OTHER_BRAND = 'ckb'

interface Subject {
  sessions: SessionStore
  /** milliseconds until the stored session lapses, as the store keeps it */
  expiresIn(session: Session): Promise<number | null>
  /** ids the store may point at (real rows where the store has foreign keys) */
  customers: [string, string]
  carts: [string, string]
  close(): Promise<void>
}

/** The database store on a fresh, seeded database, with two customers and two carts to point at. */
async function databaseSubject(dialect: 'sqlite' | 'postgres'): Promise<Subject> {
  const t = await startTestStore(dialect)
  const now = new Date().toISOString()
  const customers: [string, string] = [randomUUID(), randomUUID()]
  const carts: [string, string] = [randomUUID(), randomUUID()]
  await t.store.db
    .insertInto('customers')
    .values(customers.map((id, n) => ({ id, brand_id: BRAND, name: `Ada Tester${n}`, email: `ada${n}@example.com`, has_club: 0, created_at: now })))
    .execute()
  await t.store.db
    .insertInto('carts')
    .values(carts.map((id) => ({ id, brand_id: BRAND, customer_id: null, created_at: now, updated_at: now })))
    .execute()
  const sessions = new DatabaseSessionStore(t.store)
  return {
    sessions,
    customers,
    carts,
    async expiresIn(session) {
      const row = await t.store.db.selectFrom('sessions').select('expires_at').where('id', '=', session.id).executeTakeFirst()
      return row ? Date.parse(row.expires_at) - Date.now() : null
    },
    close: () => t.close(),
  }
}

/** The Redis store under a key prefix of this run's own, deleted afterwards. */
async function redisSubject(url: string): Promise<Subject & { prefix: string; ttlOfKey(key: string): Promise<number> }> {
  const prefix = uniqueRedisPrefix()
  const sessions = await RedisSessionStore.connect(url, { keyPrefix: prefix })
  const raw = createClient({ url })
  raw.on('error', () => {})
  await raw.connect()
  return {
    sessions,
    prefix,
    customers: [randomUUID(), randomUUID()],
    carts: [randomUUID(), randomUUID()],
    async expiresIn(session) {
      const ttl = await raw.pTTL(sessions.sessionKey(session.brandId, session.id))
      return ttl >= 0 ? ttl : null
    },
    ttlOfKey: (key) => raw.pTTL(key),
    async close() {
      await sessions.close()
      await raw.close()
      await deleteRedisKeys(url, prefix)
    },
  }
}

const newSession = (overrides: Partial<Session> = {}): Session => ({
  id: randomBytes(32).toString('base64url'),
  brandId: BRAND,
  visitorId: randomUUID(),
  customerId: null,
  cartId: null,
  orderNumbers: [],
  ...overrides,
})

const DAY = 86_400_000

function behavesAsASessionStore(open: () => Promise<Subject>) {
  let s: Subject
  beforeAll(async () => {
    s = await open()
  })
  afterAll(async () => {
    await s?.close()
  })

  it('finds a session it created, as it was created', async () => {
    const session = newSession({ customerId: s.customers[0], cartId: s.carts[0] })
    await s.sessions.create(session)
    expect(await s.sessions.find(BRAND, session.id)).toEqual(session)
    const anonymous = newSession()
    await s.sessions.create(anonymous)
    expect(await s.sessions.find(BRAND, anonymous.id)).toEqual(anonymous)
  })

  it('finds nothing for an unknown id', async () => {
    expect(await s.sessions.find(BRAND, randomBytes(32).toString('base64url'))).toBeNull()
  })

  it('keeps brands apart: a session id of one brand is not found, changed or ended at another', async () => {
    const session = newSession()
    await s.sessions.create(session)
    expect(await s.sessions.find(OTHER_BRAND, session.id)).toBeNull()
    await s.sessions.setCart(OTHER_BRAND, session.id, s.carts[1])
    await s.sessions.delete(OTHER_BRAND, session.id)
    expect(await s.sessions.find(BRAND, session.id)).toEqual(session)
    expect(await s.sessions.find(OTHER_BRAND, session.id)).toBeNull()
  })

  it('expires a session 30 days after it starts, and finds none past its expiry', async () => {
    const session = newSession()
    await s.sessions.create(session)
    const left = await s.expiresIn(session)
    expect(left).not.toBeNull()
    expect(left!).toBeGreaterThan(SESSION_TTL_MS - DAY / 24)
    expect(left!).toBeLessThanOrEqual(SESSION_TTL_MS)
    expect(SESSION_TTL_MS).toBe(30 * DAY)

    const soon = newSession()
    await s.sessions.create(soon, new Date(Date.now() + 2 * DAY))
    const soonLeft = await s.expiresIn(soon)
    expect(soonLeft!).toBeGreaterThan(2 * DAY - 60_000)
    expect(soonLeft!).toBeLessThanOrEqual(2 * DAY)

    const lapsed = newSession()
    await s.sessions.create(lapsed, new Date(Date.now() - 1000))
    expect(await s.sessions.find(BRAND, lapsed.id)).toBeNull()
  })

  it('attaches a cart to a session, and does not bring back a session that has gone', async () => {
    const session = newSession()
    await s.sessions.create(session)
    await s.sessions.setCart(BRAND, session.id, s.carts[0])
    expect(await s.sessions.find(BRAND, session.id)).toEqual({ ...session, cartId: s.carts[0] })
    await s.sessions.setCart(BRAND, session.id, s.carts[1])
    expect((await s.sessions.find(BRAND, session.id))?.cartId).toBe(s.carts[1])

    const gone = newSession()
    await s.sessions.create(gone)
    await s.sessions.delete(BRAND, gone.id)
    await s.sessions.setCart(BRAND, gone.id, s.carts[0])
    expect(await s.sessions.find(BRAND, gone.id)).toBeNull()
  })

  it('rotates a session on login: the old id ends, the new one keeps visitor and cart and gains the customer', async () => {
    const before = newSession({ cartId: s.carts[0] })
    await s.sessions.create(before)
    const after = newSession({ visitorId: before.visitorId, cartId: before.cartId, customerId: s.customers[0] })
    await s.sessions.rotate(before, after)
    expect(await s.sessions.find(BRAND, before.id)).toBeNull()
    expect(await s.sessions.find(BRAND, after.id)).toEqual({
      id: after.id,
      brandId: BRAND,
      visitorId: before.visitorId,
      customerId: s.customers[0],
      cartId: s.carts[0],
      orderNumbers: [],
    })
    expect(await s.expiresIn(after)).toBeGreaterThan(SESSION_TTL_MS - DAY / 24)
  })

  it('lists the orders a session placed: each once, in order, two added at once both kept, none for a gone session or another brand', async () => {
    const session = newSession()
    await s.sessions.create(session)
    await s.sessions.addOrder(BRAND, session.id, '1000000001')
    await Promise.all(['1000000002', '1000000003', '1000000002'].map((number) => s.sessions.addOrder(BRAND, session.id, number)))
    await s.sessions.addOrder(BRAND, session.id, '1000000001')
    await s.sessions.addOrder(OTHER_BRAND, session.id, '1000000009')
    const found = await s.sessions.find(BRAND, session.id)
    expect(found?.orderNumbers[0]).toBe('1000000001')
    expect([...found!.orderNumbers].sort()).toEqual(['1000000001', '1000000002', '1000000003'])

    // a session made with orders (a login's rotation carries them) keeps them
    const rotated = newSession({ visitorId: session.visitorId, customerId: s.customers[0], orderNumbers: found!.orderNumbers })
    await s.sessions.rotate(session, rotated)
    expect((await s.sessions.find(BRAND, rotated.id))?.orderNumbers).toEqual(found!.orderNumbers)

    const gone = newSession()
    await s.sessions.create(gone)
    await s.sessions.delete(BRAND, gone.id)
    await s.sessions.addOrder(BRAND, gone.id, '1000000004')
    expect(await s.sessions.find(BRAND, gone.id)).toBeNull()
  })

  it('keeps at most MAX_SESSION_ORDERS orders on a session', async () => {
    const session = newSession()
    await s.sessions.create(session)
    for (let n = 0; n < MAX_SESSION_ORDERS + 2; n++) await s.sessions.addOrder(BRAND, session.id, String(2_000_000_000 + n))
    const found = await s.sessions.find(BRAND, session.id)
    expect(found?.orderNumbers).toHaveLength(MAX_SESSION_ORDERS)
    expect(found?.orderNumbers.at(-1)).toBe(String(2_000_000_000 + MAX_SESSION_ORDERS - 1))
  })

  it('deletes one session and leaves the others', async () => {
    const ended = newSession({ customerId: s.customers[1] })
    const kept = newSession({ customerId: s.customers[1] })
    await s.sessions.create(ended)
    await s.sessions.create(kept)
    await s.sessions.delete(BRAND, ended.id)
    expect(await s.sessions.find(BRAND, ended.id)).toBeNull()
    expect(await s.sessions.find(BRAND, kept.id)).toEqual(kept)
    await s.sessions.delete(BRAND, ended.id) // twice is fine
  })

  it('ends every session of a customer and no one else’s', async () => {
    const [customer, someoneElse] = s.customers
    const first = newSession({ customerId: customer })
    const second = newSession({ customerId: customer, cartId: s.carts[1] })
    const rotatedFrom = newSession()
    const third = newSession({ visitorId: rotatedFrom.visitorId, customerId: customer })
    const other = newSession({ customerId: someoneElse })
    const anonymous = newSession()
    for (const session of [first, second, rotatedFrom, other, anonymous]) await s.sessions.create(session)
    await s.sessions.rotate(rotatedFrom, third)
    await s.sessions.deleteCustomerSessions(BRAND, customer)
    for (const session of [first, second, third]) expect(await s.sessions.find(BRAND, session.id)).toBeNull()
    expect(await s.sessions.find(BRAND, other.id)).toEqual(other)
    expect(await s.sessions.find(BRAND, anonymous.id)).toEqual(anonymous)
    // the same customer id at another brand is another brand's business
    await s.sessions.deleteCustomerSessions(OTHER_BRAND, someoneElse)
    expect(await s.sessions.find(BRAND, other.id)).toEqual(other)
    // and a customer with no sessions left is no error
    await s.sessions.deleteCustomerSessions(BRAND, customer)
  })
}

describe.each(DIALECTS)('database session store (%s)', (dialect) => {
  behavesAsASessionStore(() => databaseSubject(dialect))
})

const REDIS_URL = process.env.TEST_REDIS_URL

describe.skipIf(!REDIS_URL)('redis session store', () => {
  behavesAsASessionStore(() => redisSubject(REDIS_URL!))

  describe('its keys', () => {
    let r: Awaited<ReturnType<typeof redisSubject>>
    beforeAll(async () => {
      r = await redisSubject(REDIS_URL!)
    })
    afterAll(async () => {
      await r?.close()
    })

    it('carry the prefix and the brand, and the customer’s set expires with their latest session', async () => {
      const store = r.sessions as RedisSessionStore
      const session = newSession({ customerId: r.customers[0] })
      expect(store.sessionKey(BRAND, session.id)).toBe(`${r.prefix}session:${BRAND}:${session.id}`)
      expect(store.customerKey(BRAND, r.customers[0])).toBe(`${r.prefix}customer-sessions:${BRAND}:${r.customers[0]}`)
      await store.create(session, new Date(Date.now() + DAY))
      const setKey = store.customerKey(BRAND, r.customers[0])
      expect(await r.ttlOfKey(setKey)).toBeGreaterThan(DAY - 60_000)
      const later = newSession({ customerId: r.customers[0] })
      await store.create(later)
      expect(await r.ttlOfKey(setKey)).toBeGreaterThan(SESSION_TTL_MS - DAY / 24)
      // an earlier-expiring session does not shorten the set's life
      await store.create(newSession({ customerId: r.customers[0] }), new Date(Date.now() + DAY))
      expect(await r.ttlOfKey(setKey)).toBeGreaterThan(SESSION_TTL_MS - DAY / 24)
      await store.deleteCustomerSessions(BRAND, r.customers[0])
      expect(await r.ttlOfKey(setKey)).toBe(-2) // the set is empty, so gone
    })
  })
})

describe('redis session store, unreachable', () => {
  it('fails to connect with a clear message instead of retrying for ever', async () => {
    await expect(RedisSessionStore.connect('redis://127.0.0.1:1')).rejects.toThrow(/^Cannot reach Redis at redis:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/)
    await expect(RedisSessionStore.connect('redis://:secret@127.0.0.1:1')).rejects.toThrow(/^Cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1: /)
  })
})
