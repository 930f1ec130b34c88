/**
 * Club billing against a slow payment service (issue 38 item 9, decisions 258-260): many charges
 * wait at the service at once, their answers recorded in batches; a batch that cannot be written is
 * recorded one member at a time, so one member's trouble holds back no other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestGateway } from '../payments/test-gateway.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { runBilling, type BillingOptions } from './billing.ts'
import { billOn, gatewayChargesFor, member } from './club-test-kit.ts'

const quiet = { info() {}, warn() {}, error() {} }
const options = (extra: Partial<BillingOptions> = {}): BillingOptions => ({ gateway: new TestGateway(), log: quiet, brands: ['popfitclothing'], ...extra })

describe.each(DIALECTS)('club billing in batches (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('with a service that answers in 150 ms, twenty members at once take about one answer, not twenty; each charged once, with its box, ledger row and e-mail', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => member(t)))
    for (const m of members) await billOn(t, m.membershipId, '2027-10-04')
    const started = performance.now()
    const summary = await runBilling(t.store, options({ gateway: new TestGateway({ latencyMs: 150 }), concurrency: 20 }), '2027-10-04')
    // one after another it would be 20 × 150 ms at the service alone
    expect(performance.now() - started).toBeLessThan(20 * 150)
    expect(summary.charged).toBe(20)
    for (const m of members) {
      expect(await gatewayChargesFor(t, m.membershipId, '2027-10')).toBe(1)
      const membership = await t.store.db.selectFrom('memberships').select(['status', 'next_billing_date']).where('id', '=', m.membershipId).executeTakeFirstOrThrow()
      expect(membership).toEqual({ status: 'active', next_billing_date: '2027-11-04' })
      const box = await t.store.db.selectFrom('orders').select('order_number').where('membership_id', '=', m.membershipId).where('club_period', '=', '2027-10').execute()
      expect(box).toHaveLength(1)
      const ledger = await t.store.db.selectFrom('payments').select('amount_cents').where('order_number', '=', box[0]!.order_number).execute()
      expect(ledger).toEqual([{ amount_cents: 2499 }])
      const mail = await t.store.db.selectFrom('outbox_emails').select('subject').where('to_email', '=', m.email).where('subject', 'like', '%2027%').execute()
      expect(mail.length).toBeGreaterThanOrEqual(1)
    }
  })

  it('a member whose box cannot be written is left pending for the next run; the others of the batch are recorded, and nobody is charged twice', async () => {
    const [fine, troubled] = await Promise.all([member(t), member(t)])
    for (const m of [fine!, troubled!]) await billOn(t, m.membershipId, '2027-12-06')
    // the troubled member's joining order already holds December's box place (one per membership and period)
    await t.store.db.updateTable('orders').set({ membership_id: troubled!.membershipId, club_period: '2027-12' }).where('order_number', '=', troubled!.order).execute()
    await runBilling(t.store, options({ concurrency: 2 }), '2027-12-06')
    const charge = (membershipId: string) =>
      t.store.db.selectFrom('membership_charges').select('status').where('membership_id', '=', membershipId).where('period', '=', '2027-12').executeTakeFirstOrThrow()
    expect(await charge(fine!.membershipId)).toEqual({ status: 'charged' })
    expect(await charge(troubled!.membershipId)).toEqual({ status: 'pending' })
    expect(await gatewayChargesFor(t, troubled!.membershipId, '2027-12')).toBe(1)
    // the place freed, the next run after the claim's lease records it with the same key: still one charge
    await t.store.db.updateTable('orders').set({ club_period: null }).where('order_number', '=', troubled!.order).execute()
    await runBilling(t.store, options({ now: () => new Date(Date.now() + 11 * 60 * 1000) }), '2027-12-06')
    expect(await charge(troubled!.membershipId)).toEqual({ status: 'charged' })
    expect(await gatewayChargesFor(t, troubled!.membershipId, '2027-12')).toBe(1)
    expect(await gatewayChargesFor(t, fine!.membershipId, '2027-12')).toBe(1)
  })
})
