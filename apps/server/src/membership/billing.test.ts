import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MembershipChargesRow } from '../db/schema.ts'
import { openDatabase } from '../db/connection.ts'
import { TestGateway } from '../payments/test-gateway.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { runBilling, type BillingOptions } from './billing.ts'
import { billOn, gatewayChargesFor, member } from './club-test-kit.ts'

const quiet = { info() {}, warn() {}, error() {} }
const options = (extra: Partial<BillingOptions> = {}): BillingOptions => ({ gateway: new TestGateway(), log: quiet, brands: ['popfitclothing'], ...extra })

async function membership(t: TestStore, id: string) {
  return t.store.db.selectFrom('memberships').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

/** Makes the member's saved card behave as a test card would (decline, succeed). */
async function cardWill(t: TestStore, membershipId: string, behaviour: 'decline' | 'succeed') {
  const m = await membership(t, membershipId)
  const method = await t.store.db.selectFrom('payment_methods').select('gateway_token').where('id', '=', m.payment_method_id!).executeTakeFirstOrThrow()
  await t.store.db.updateTable('test_gateway_tokens').set({ behaviour }).where('token', '=', method.gateway_token).execute()
}

describe.each(DIALECTS)('club billing (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('charges an active member due on the day, once, with the period’s monthly order (processing, lines at 0)', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, '2026-12-01')
    const first = await runBilling(t.store, options(), '2026-12-01')
    expect(first.charged).toBeGreaterThanOrEqual(1)
    const after = await membership(t, m.membershipId)
    expect(after).toMatchObject({ status: 'active', next_billing_date: '2027-01-01' })
    expect(await gatewayChargesFor(t, m.membershipId, '2026-12')).toBe(1)
    const order = await t.store.db.selectFrom('orders').selectAll().where('membership_id', '=', m.membershipId).where('club_period', '=', '2026-12').executeTakeFirstOrThrow()
    expect(order).toMatchObject({ status: 'processing', total_cents: 2499, customer_id: m.customerId })
    const lines = await t.store.db.selectFrom('order_lines').selectAll().where('order_number', '=', order.order_number).execute()
    expect(lines.length).toBe(1)
    expect(lines.every((line) => line.price_cents === 0)).toBe(true)
    // run again for the same day: nothing more
    await runBilling(t.store, options(), '2026-12-01')
    expect(await gatewayChargesFor(t, m.membershipId)).toBe(1)
    const orders = (await m.shopper.get('/api/orders')).json() as { data: { order_number: string }[] }
    expect(orders.data.map((o) => o.order_number)).toContain(order.order_number)
  })

  it('monthly items come from the member’s picks, taken from stock; a pick sold out since is replaced', async () => {
    const picked = await member(t)
    const soldOut = await member(t)
    const [a, b] = await t.store.db
      .selectFrom('item_sizes')
      .innerJoin('items', 'items.id', 'item_sizes.item_id')
      .select(['items.id', 'item_sizes.size', 'item_sizes.stock'])
      .where('items.brand_id', '=', 'popfitclothing')
      .where('items.active', '=', 1)
      .where('item_sizes.stock', '>=', 3)
      .orderBy('items.id', 'desc')
      .limit(2)
      .execute()
    const now = new Date().toISOString()
    await t.store.db
      .insertInto('membership_picks')
      .values([
        { id: `p1-${picked.membershipId}`, brand_id: 'popfitclothing', membership_id: picked.membershipId, period: '2026-12', item_id: a!.id, size: a!.size, created_at: now },
        { id: `p2-${soldOut.membershipId}`, brand_id: 'popfitclothing', membership_id: soldOut.membershipId, period: '2026-12', item_id: b!.id, size: b!.size, created_at: now },
      ])
      .execute()
    await t.store.db.updateTable('item_sizes').set({ stock: 0 }).where('item_id', '=', b!.id).where('size', '=', b!.size).execute()
    for (const m of [picked, soldOut]) await billOn(t, m.membershipId, '2026-12-02')
    await runBilling(t.store, options(), '2026-12-02')
    const lineOf = async (membershipId: string) =>
      t.store.db
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.order_number', 'order_lines.order_number')
        .select(['order_lines.item_id', 'order_lines.size', 'order_lines.price_cents'])
        .where('orders.membership_id', '=', membershipId)
        .where('orders.club_period', '=', '2026-12')
        .execute()
    expect(await lineOf(picked.membershipId)).toEqual([{ item_id: a!.id, size: a!.size, price_cents: 0 }])
    const stock = await t.store.db.selectFrom('item_sizes').select('stock').where('item_id', '=', a!.id).where('size', '=', a!.size).executeTakeFirstOrThrow()
    expect(stock.stock).toBe(a!.stock - 1)
    const replaced = await lineOf(soldOut.membershipId)
    expect(replaced).toHaveLength(1)
    expect(replaced[0]!.item_id).not.toBe(b!.id)
  })

  it('a skipped month charges nothing and the skip ends; a prepaid month is used; a paused one pays the pause price', async () => {
    const skipped = await member(t)
    const prepaid = await member(t)
    const paused = await member(t)
    for (const m of [skipped, prepaid, paused]) await billOn(t, m.membershipId, '2027-02-10')
    await t.store.db.updateTable('memberships').set({ status: 'skipped' }).where('id', '=', skipped.membershipId).execute()
    await t.store.db.updateTable('memberships').set({ prepaid_months: 2 }).where('id', '=', prepaid.membershipId).execute()
    await t.store.db.updateTable('memberships').set({ status: 'paused' }).where('id', '=', paused.membershipId).execute()
    await runBilling(t.store, options(), '2027-02-10')
    expect(await membership(t, skipped.membershipId)).toMatchObject({ status: 'active', next_billing_date: '2027-03-10' })
    expect(await gatewayChargesFor(t, skipped.membershipId, '2027-02')).toBe(0)
    expect(
      await t.store.db.selectFrom('orders').select('order_number').where('membership_id', '=', skipped.membershipId).where('club_period', '=', '2027-02').executeTakeFirst(),
    ).toBeUndefined()
    expect(await membership(t, prepaid.membershipId)).toMatchObject({ status: 'active', prepaid_months: 1, next_prepaid_ship_date: '2027-02-10', next_billing_date: '2027-03-10' })
    expect(await gatewayChargesFor(t, prepaid.membershipId, '2027-02')).toBe(0)
    expect(
      await t.store.db.selectFrom('orders').select('total_cents').where('membership_id', '=', prepaid.membershipId).where('club_period', '=', '2027-02').executeTakeFirstOrThrow(),
    ).toEqual({ total_cents: 0 })
    expect(await membership(t, paused.membershipId)).toMatchObject({ status: 'paused', next_billing_date: '2027-03-10' })
    const fee = await t.store.db
      .selectFrom('membership_charges')
      .selectAll()
      .where('membership_id', '=', paused.membershipId)
      .where('period', '=', '2027-02')
      .executeTakeFirstOrThrow()
    expect(fee).toMatchObject({ kind: 'pause_fee', amount_cents: 499, status: 'charged' })
    expect(
      await t.store.db.selectFrom('orders').select('order_number').where('membership_id', '=', paused.membershipId).where('club_period', '=', '2027-02').executeTakeFirst(),
    ).toBeUndefined()
  })

  it('the payments ledger and the club charges agree: a month’s fee and a paused month’s price each have their ledger row', async () => {
    const active = await member(t)
    const paused = await member(t)
    for (const m of [active, paused]) await billOn(t, m.membershipId, '2027-05-12')
    await t.store.db.updateTable('memberships').set({ status: 'paused' }).where('id', '=', paused.membershipId).execute()
    await runBilling(t.store, options(), '2027-05-12')
    for (const m of [active, paused]) {
      const charge = await t.store.db
        .selectFrom('membership_charges')
        .selectAll()
        .where('membership_id', '=', m.membershipId)
        .where('period', '=', '2027-05')
        .executeTakeFirstOrThrow()
      expect(charge.status).toBe('charged')
      const ledger = await t.store.db
        .selectFrom('payments')
        .select(['kind', 'status', 'amount_cents', 'gateway_payment_id', 'order_number'])
        .where('idempotency_key', '=', charge.gateway_key!)
        .execute()
      expect(ledger).toEqual([
        {
          kind: 'charge',
          status: 'succeeded',
          amount_cents: charge.amount_cents,
          gateway_payment_id: charge.gateway_payment_id,
          // the fee's row is its box's order; the pause price bought no box, so its row names none
          order_number: m === active ? expect.any(String) : null,
        },
      ])
    }
    const pauseRow = await t.store.db
      .selectFrom('payments as p')
      .innerJoin('membership_charges as c', 'c.gateway_key', 'p.idempotency_key')
      .select(['c.kind', 'p.amount_cents', 'p.order_number'])
      .where('c.membership_id', '=', paused.membershipId)
      .executeTakeFirstOrThrow()
    // the pause price bought no box: its row names no order
    expect(pauseRow).toEqual({ kind: 'pause_fee', amount_cents: 499, order_number: null })
  })

  it('a failed charge makes the member overdue, is retried on days 1, 2, 3, 4 and 7, then the membership lapses', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, '2027-03-05')
    await cardWill(t, m.membershipId, 'decline')
    const day0 = await runBilling(t.store, options(), '2027-03-05')
    expect(day0.failed).toBeGreaterThanOrEqual(1)
    expect(await membership(t, m.membershipId)).toMatchObject({ status: 'overdue', overdue: 1, failed_on: '2027-03-05', failed_period: '2027-03' })
    const attempts = async () =>
      await t.store.db
        .selectFrom('membership_charges')
        .select(['attempt', 'status', 'next_retry_on'])
        .where('membership_id', '=', m.membershipId)
        .where('period', '=', '2027-03')
        .executeTakeFirstOrThrow()
    expect(await attempts()).toEqual({ attempt: 1, status: 'failed', next_retry_on: '2027-03-06' })
    // nothing on a day with no retry due
    for (const [day, attempt, next] of [
      ['2027-03-06', 2, '2027-03-07'],
      ['2027-03-07', 3, '2027-03-08'],
      ['2027-03-08', 4, '2027-03-09'],
      ['2027-03-09', 5, '2027-03-12'],
    ] as const) {
      await runBilling(t.store, options(), day)
      expect(await attempts()).toEqual({ attempt, status: 'failed', next_retry_on: next })
      expect((await membership(t, m.membershipId)).status).toBe('overdue')
    }
    await runBilling(t.store, options(), '2027-03-11')
    expect((await attempts()).attempt).toBe(5)
    await runBilling(t.store, options(), '2027-03-12')
    expect(await attempts()).toEqual({ attempt: 6, status: 'failed', next_retry_on: null })
    expect(await membership(t, m.membershipId)).toMatchObject({ status: 'lapsed' })
    const customer = await t.store.db.selectFrom('customers').select('has_club').where('id', '=', m.customerId).executeTakeFirstOrThrow()
    expect(customer.has_club).toBe(0)
    await runBilling(t.store, options(), '2027-03-20')
    expect((await attempts()).attempt).toBe(6)
    expect(await gatewayChargesFor(t, m.membershipId, '2027-03')).toBe(0)
  })

  it('a paid retry returns the member to active, billed next from the scheduled date; a cancelled member is never retried', async () => {
    const paying = await member(t)
    const leaving = await member(t)
    for (const m of [paying, leaving]) {
      await billOn(t, m.membershipId, '2027-04-15')
      await cardWill(t, m.membershipId, 'decline')
    }
    await runBilling(t.store, options(), '2027-04-15')
    await cardWill(t, paying.membershipId, 'succeed')
    await cardWill(t, leaving.membershipId, 'succeed')
    const cancelled = await leaving.shopper.post('/api/membership/cancel')
    expect(cancelled.statusCode).toBe(200)
    await runBilling(t.store, options(), '2027-04-16')
    expect(await membership(t, paying.membershipId)).toMatchObject({ status: 'active', overdue: 0, next_billing_date: '2027-05-15', failed_on: null })
    expect(await gatewayChargesFor(t, paying.membershipId, '2027-04')).toBe(1)
    expect(await membership(t, leaving.membershipId)).toMatchObject({ status: 'cancelled' })
    await runBilling(t.store, options(), '2027-04-22')
    expect(await gatewayChargesFor(t, leaving.membershipId)).toBe(0)
  })

  it('two runs at once charge each member at most once per period', async () => {
    const members = await Promise.all([member(t), member(t), member(t)])
    for (const m of members) await billOn(t, m.membershipId, '2027-06-01')
    const startedAt = new Date().toISOString()
    const [a, b] = await Promise.all([runBilling(t.store, options(), '2027-06-01'), runBilling(t.store, options(), '2027-06-01')])
    for (const m of members) expect(await gatewayChargesFor(t, m.membershipId, '2027-06')).toBe(1)
    // every charge either run reported is one charge row (members billed earlier catch up here too)
    const rows = await t.store.db
      .selectFrom('membership_charges')
      .select('id')
      .where('status', '=', 'charged')
      .where('updated_at', '>=', startedAt)
      .where('updated_at', '<=', new Date().toISOString())
      .execute()
    expect(a.charged + b.charged).toBe(rows.length)
  })

  it('a crash between the gateway’s charge and the record: the next run sends the same key, the gateway answers with the same charge', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, '2027-07-01')
    const crash = options({
      afterGatewayCall: (charge: MembershipChargesRow) => {
        if (charge.membership_id === m.membershipId) throw new Error('simulated crash after the gateway call')
      },
    })
    await runBilling(t.store, crash, '2027-07-01')
    const pending = await t.store.db
      .selectFrom('membership_charges')
      .selectAll()
      .where('membership_id', '=', m.membershipId)
      .where('period', '=', '2027-07')
      .executeTakeFirstOrThrow()
    expect(pending.status).toBe('pending')
    expect(await gatewayChargesFor(t, m.membershipId, '2027-07')).toBe(1)
    // within the claim's lease another run leaves it alone
    await runBilling(t.store, options(), '2027-07-01')
    expect((await membership(t, m.membershipId)).next_billing_date).toBe('2027-07-01')
    // after the lease: taken over, the same key sent again, recorded
    const later = () => new Date(Date.now() + 11 * 60 * 1000)
    const summary = await runBilling(t.store, options({ now: later }), '2027-07-01')
    expect(summary.charged).toBeGreaterThanOrEqual(1)
    expect(await gatewayChargesFor(t, m.membershipId, '2027-07')).toBe(1)
    const charged = await t.store.db.selectFrom('membership_charges').selectAll().where('id', '=', pending.id).executeTakeFirstOrThrow()
    expect(charged).toMatchObject({ status: 'charged', gateway_key: pending.gateway_key })
    expect(await membership(t, m.membershipId)).toMatchObject({ status: 'active', next_billing_date: '2027-08-01' })
    const orders = await t.store.db.selectFrom('orders').select('order_number').where('membership_id', '=', m.membershipId).where('club_period', '=', '2027-07').execute()
    expect(orders).toHaveLength(1)
  })

  it.runIf(dialect === 'postgres')('two app instances (two connections) billing at once charge each member at most once', async () => {
    const other = openDatabase(t.url!)
    try {
      const members = await Promise.all(Array.from({ length: 6 }, () => member(t)))
      for (const m of members) await billOn(t, m.membershipId, '2027-09-01')
      const startedAt = new Date().toISOString()
      const runs = await Promise.all([
        runBilling(t.store, options({ concurrency: 3 }), '2027-09-01'),
        runBilling(other, options({ concurrency: 3 }), '2027-09-01'),
        runBilling(t.store, options({ concurrency: 2 }), '2027-09-01'),
        runBilling(other, options({ concurrency: 2 }), '2027-09-01'),
      ])
      for (const m of members) expect(await gatewayChargesFor(t, m.membershipId, '2027-09')).toBe(1)
      const rows = await t.store.db
        .selectFrom('membership_charges')
        .select('id')
        .where('status', '=', 'charged')
        .where('updated_at', '>=', startedAt)
        .where('updated_at', '<=', new Date().toISOString())
        .execute()
      expect(runs.reduce((sum, r) => sum + r.charged, 0)).toBe(rows.length)
      // and no card was charged twice for any period: one succeeded gateway charge per charged row
      const keys = await t.store.db
        .selectFrom('test_gateway_charges')
        .select('idempotency_key')
        .where('status', '=', 'succeeded')
        .where('idempotency_key', 'like', 'club:%')
        .execute()
      const periods = keys.map((k) => k.idempotency_key.split(':').slice(0, 4).join(':'))
      expect(new Set(periods).size).toBe(periods.length)
    } finally {
      await other.close()
    }
  })
})
