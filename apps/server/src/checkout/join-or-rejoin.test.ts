/**
 * A former member joins again one way at a time (docs/club-membership.md "Rejoining"): the
 * account's rejoin (POST /membership/rejoin, the saved card charged) and a join checkout
 * (/checkout-club, a card at checkout) each refuse the other before charging while the other is
 * under way, and sent at once, exactly one reaches the card. Before, both charged the first month
 * and only the checkout's refund safety net (JOINED_MEANWHILE) could catch it, if at all. Through
 * the API, both databases.
 */
import { randomUUID } from 'node:crypto'
import { MEMBERSHIP_REFUSALS } from '@store/core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { gatewayFor, type ChargeRequest, type PaymentGateway } from '../payments/gateway.ts'
import { TestGateway } from '../payments/test-gateway.ts'
import { DIALECTS, errorsOf, startTestStore, type TestStore } from '../test/harness.ts'
import { daysFromToday, joinThroughCheckout, member } from '../membership/club-test-kit.ts'
import { CARDS } from './checkout-test-kit.ts'
import { ALREADY_JOINING, ALREADY_MEMBER, JOINING_AT_CHECKOUT, REJOINING } from './join-once.ts'

const HOST = 'ckb.localhost'
const PAID_ALREADY = 'Your membership is already paid for this month: rejoin from your account (VIP rejoin) at no charge.'
const BRAND = 'ckb'

describe.each(DIALECTS)('a former member rejoins from the account or through checkout, charged once, on %s', (dialect) => {
  let t: TestStore
  let gateway: PaymentGateway
  beforeAll(async () => {
    t = await startTestStore(dialect)
    gateway = await gatewayFor(t.app.env)
  })
  afterAll(() => t.close())
  afterEach(() => vi.restoreAllMocks())

  /** A member with a saved card who cancelled, and whose paid interval is over: both ways of rejoining charge a first month. */
  async function formerMember() {
    const m = await member(t, HOST)
    expect((await m.shopper.post('/api/membership/cancel')).statusCode).toBe(200)
    const { db } = t.store
    await db
      .deleteFrom('order_lines')
      .where('order_number', 'in', (eb) => eb.selectFrom('orders').select('order_number').where('membership_id', '=', m.membershipId))
      .execute()
    await db.deleteFrom('orders').where('membership_id', '=', m.membershipId).execute()
    await db.deleteFrom('membership_charges').where('membership_id', '=', m.membershipId).execute()
    await db
      .updateTable('memberships')
      .set({ next_billing_date: daysFromToday(-8) })
      .where('id', '=', m.membershipId)
      .execute()
    return m
  }

  /** What reached the card since, whatever became of it (a refund is a charge the customer saw too): the join checkout's charges under its key, and the membership's rejoin charges. */
  async function charged(membershipId: string, joinKey: string) {
    const rows = await t.store.db
      .selectFrom('test_gateway_charges')
      .select(['idempotency_key', 'status'])
      .where((eb) => eb.or([eb('idempotency_key', '=', `checkout:${BRAND}:${joinKey}`), eb('idempotency_key', 'like', `club:%:${membershipId}:%`)]))
      .execute()
    return { checkout: rows.filter((row) => row.idempotency_key.startsWith('checkout:')).length, rejoin: rows.filter((row) => row.idempotency_key.startsWith('club:')).length }
  }

  /** Holds the first gateway charge whose key starts with `prefix` until release(): the other request is sent meanwhile. */
  function holdCharge(prefix: string) {
    let charging!: () => void
    let release!: () => void
    const atTheGateway = new Promise<void>((resolve) => (charging = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    let held = false
    vi.spyOn(gateway, 'charge').mockImplementation(async (scope, request: ChargeRequest) => {
      if (!held && request.idempotencyKey.startsWith(prefix)) {
        held = true
        charging()
        await released
      }
      return TestGateway.prototype.charge.call(gateway, scope, request)
    })
    return { atTheGateway, release }
  }

  it('the account’s rejoin while a join checkout is being charged: refused, nothing charged to the saved card; the join goes through', async () => {
    const m = await formerMember()
    const { atTheGateway, release } = holdCharge('checkout:')
    const joinKey = randomUUID()
    const join = joinThroughCheckout(m.shopper, CARDS.success, joinKey, m.email)
    await atTheGateway
    const rejoin = await m.shopper.post('/api/membership/rejoin')
    release()
    expect(rejoin.statusCode).toBe(409)
    expect(errorsOf(rejoin)).toEqual([JOINING_AT_CHECKOUT])
    expect((await join).statusCode).toBe(200)
    expect(await charged(m.membershipId, joinKey)).toEqual({ checkout: 1, rejoin: 0 })
    const membership = await t.store.db.selectFrom('memberships').select('status').where('id', '=', m.membershipId).executeTakeFirstOrThrow()
    expect(membership.status).toBe('active')
  })

  it('a join checkout while the account’s rejoin is charging the saved card: refused before its charge; the rejoin goes through', async () => {
    const m = await formerMember()
    const { atTheGateway, release } = holdCharge('club:')
    const rejoin = m.shopper.post('/api/membership/rejoin')
    await atTheGateway
    const joinKey = randomUUID()
    const join = await joinThroughCheckout(m.shopper, CARDS.success, joinKey, m.email)
    release()
    expect(join.statusCode).toBe(409)
    expect(errorsOf(join)).toEqual([REJOINING])
    expect((await rejoin).statusCode).toBe(200)
    expect(await charged(m.membershipId, joinKey)).toEqual({ checkout: 0, rejoin: 1 })
    // the refused join took nothing: no order of it waits, and the customer is a member once
    const waiting = await t.store.db.selectFrom('orders').select('order_number').where('customer_id', '=', m.customerId).where('status', '=', 'pending_payment').execute()
    expect(waiting).toEqual([])
  })

  it('the account’s rejoin and a join checkout sent at once (three customers): one goes through, the other is refused, one charge at the gateway', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await formerMember()
      const joinKey = randomUUID()
      const [rejoin, join] = await Promise.all([m.shopper.post('/api/membership/rejoin'), joinThroughCheckout(m.shopper, CARDS.success, joinKey, m.email)])
      // whichever came second is refused with its reason, whether the first was under way or done: a join
      // priced once the rejoin had paid the month finds nothing to pay with its empty cart (422)
      if (rejoin.statusCode === 200) {
        expect([409, 422], join.body).toContain(join.statusCode)
        expect([REJOINING, ALREADY_MEMBER, ALREADY_JOINING, PAID_ALREADY]).toContain(errorsOf(join)[0])
      } else {
        expect(join.statusCode, join.body).toBe(200)
        expect(rejoin.statusCode, rejoin.body).toBe(409)
        expect([JOINING_AT_CHECKOUT, MEMBERSHIP_REFUSALS.alreadyMember]).toContain(errorsOf(rejoin)[0])
      }
      const { checkout, rejoin: rejoined } = await charged(m.membershipId, joinKey)
      expect(checkout + rejoined).toBe(1)
      const membership = await t.store.db.selectFrom('memberships').select('status').where('id', '=', m.membershipId).executeTakeFirstOrThrow()
      expect(membership.status).toBe('active')
    }
  })
})
