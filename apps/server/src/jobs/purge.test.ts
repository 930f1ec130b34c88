import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { purgeExpired, startPurgeSchedule } from './purge.ts'

/** Issue 7: expired sessions, reset links, login failures and request counts are deleted, in batches. */
describe.each(DIALECTS)('purge of expired rows on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const DAY = 24 * 60 * 60 * 1000

  it('deletes what has expired, batch by batch, and keeps the rest', async () => {
    const { db } = t.store
    const shopper = new TestShopper(t.app)
    const email = `purge-${dialect}@example.com`
    expect((await shopper.post('/api/register', { name: 'Pat Purge', email, password: 'leggings-forever-7' })).statusCode).toBe(200)
    const customer = await db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const now = new Date()
    const past = (ms: number) => new Date(now.getTime() - ms).toISOString()
    const future = new Date(now.getTime() + DAY).toISOString()

    // 7 expired sessions and the shopper's live one
    await db
      .insertInto('sessions')
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          id: `purge-${dialect}-${i}`,
          brand_id: 'popfitclothing',
          customer_id: null,
          cart_id: null,
          visitor_id: `v-${i}`,
          created_at: past(40 * DAY),
          expires_at: past(DAY + i),
        })),
      )
      .execute()
    await db
      .insertInto('password_resets')
      .values([
        { token_hash: `old-${dialect}`, brand_id: 'popfitclothing', customer_id: customer.id, expires_at: past(60_000), used_at: null, created_at: past(2 * DAY) },
        { token_hash: `live-${dialect}`, brand_id: 'popfitclothing', customer_id: customer.id, expires_at: future, used_at: null, created_at: now.toISOString() },
      ])
      .execute()
    await db
      .insertInto('login_attempts')
      .values([
        { id: `la-old-${dialect}`, brand_id: 'popfitclothing', key: 'ip:1', created_at: past(2 * DAY) },
        { id: `la-new-${dialect}`, brand_id: 'popfitclothing', key: 'ip:1', created_at: past(60_000) },
      ])
      .execute()
    await db
      .insertInto('throttle_events')
      .values([
        { id: `te-old-${dialect}`, brand_id: 'popfitclothing', key: 'forgot-ip:1', created_at: past(2 * DAY) },
        { id: `te-new-${dialect}`, brand_id: 'popfitclothing', key: 'forgot-ip:1', created_at: past(60_000) },
      ])
      .execute()
    await db
      .insertInto('known_devices')
      .values({ id: `kd-old-${dialect}`, brand_id: 'popfitclothing', customer_id: customer.id, token_hash: 'x', created_at: past(400 * DAY), expires_at: past(DAY) })
      .execute()

    const counts = await purgeExpired(t.store, { now, batchSize: 3 })
    expect(counts).toMatchObject({ sessions: 7, password_resets: 1, login_attempts: 1, throttle_events: 1, known_devices: 1 })

    const sessionIds = (await db.selectFrom('sessions').select('id').execute()).map((row) => row.id)
    expect(sessionIds.some((id) => id.startsWith(`purge-${dialect}-`))).toBe(false)
    // the live session (the shopper's, made by registering) stays
    expect(sessionIds.length).toBeGreaterThan(0)
    const cart = await shopper.get('/api/cart')
    expect(cart.json().data.loggedin).toBe(true)
    expect((await db.selectFrom('password_resets').select('token_hash').where('customer_id', '=', customer.id).execute()).map((r) => r.token_hash)).toEqual([`live-${dialect}`])
    expect(await db.selectFrom('login_attempts').select('id').where('id', 'like', `la-%-${dialect}`).execute()).toEqual([{ id: `la-new-${dialect}` }])
    expect(await db.selectFrom('throttle_events').select('id').where('id', 'like', `te-%-${dialect}`).execute()).toEqual([{ id: `te-new-${dialect}` }])

    // nothing left: a second run deletes nothing
    expect(await purgeExpired(t.store, { now, batchSize: 3 })).toMatchObject({ sessions: 0, password_resets: 0 })
  })

  it('runs on an interval that does not keep the process alive, and stops', async () => {
    vi.useFakeTimers()
    try {
      const runs: number[] = []
      const schedule = startPurgeSchedule(t.store, { info() {}, error() {} }, { intervalMs: 1000, run: async () => void runs.push(1) })
      await vi.advanceTimersByTimeAsync(3500)
      expect(runs.length).toBeGreaterThanOrEqual(3)
      expect(schedule.timer.hasRef()).toBe(false)
      await schedule.stop()
      const before = runs.length
      await vi.advanceTimersByTimeAsync(5000)
      expect(runs.length).toBe(before)
    } finally {
      vi.useRealTimers()
    }
  })
})
