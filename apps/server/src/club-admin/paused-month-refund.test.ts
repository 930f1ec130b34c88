/**
 * A paused month's price refunded by staff (decision 252): it bought no order, so it is given back
 * from its own ledger row through the refund's door of the payment engine; once per key, one of two
 * racing refunds, audited, the member e-mailed; a provider that does not answer leaves it pending
 * for the sweeper, which completes it without a second refund.
 */
import { randomUUID } from 'node:crypto'
import type { ClubMemberDetail } from '@store/core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { brandsWithOrigins } from '../brands/registry.ts'
import { systemContext } from '../context/request-context.ts'
import { runBilling } from '../membership/billing.ts'
import { billOn, member } from '../membership/club-test-kit.ts'
import { completeFeeRefund, refundClubFee } from '../orders/club-fee-refunds.ts'
import { completePendingRefunds } from '../orders/pending-refunds.ts'
import type { OrderScope } from '../orders/refunds.ts'
import { gatewayFor, GatewayUnavailable } from '../payments/gateway.ts'
import { TestGateway } from '../payments/test-gateway.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { assertLedgerAgrees } from '../test/ledger.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'

const quiet = { info() {}, warn() {}, error() {} }

describe.each(DIALECTS)("a paused month's price refunded on %s", (dialect) => {
  let t: TestStore
  let support: TestShopper
  let scope: OrderScope
  beforeAll(async () => {
    t = await startTestStore(dialect)
    support = await staffBrowser(t.app, (await addStaff(t.store, 'support')).email)
    const brand = brandsWithOrigins(t.app.env.publicOrigins).find((candidate) => candidate.id === 'popfitclothing')!
    scope = systemContext({ store: t.store, sessions: t.app.sessionStore, env: t.app.env }, brand, quiet)
  })
  afterAll(() => t.close())
  afterEach(() => vi.restoreAllMocks())

  /** A member whose month `day` was billed while paused: the pause price charged, no order. */
  async function pausedMonth(day: string) {
    const vera = await member(t)
    await billOn(t, vera.membershipId, day)
    await t.store.db.updateTable('memberships').set({ status: 'paused' }).where('id', '=', vera.membershipId).execute()
    await runBilling(t.store, { gateway: new TestGateway(), log: quiet, brands: ['popfitclothing'] }, day)
    const period = day.slice(0, 7)
    const charge = await t.store.db
      .selectFrom('membership_charges as c')
      .innerJoin('payments as p', 'p.idempotency_key', 'c.gateway_key')
      .select(['c.kind', 'c.amount_cents', 'p.id as payment_id', 'p.order_number', 'p.gateway_payment_id'])
      .where('c.membership_id', '=', vera.membershipId)
      .where('c.period', '=', period)
      .executeTakeFirstOrThrow()
    expect(charge).toMatchObject({ kind: 'pause_fee', amount_cents: 499, order_number: null })
    return { ...vera, period, charge }
  }

  const refund = (id: string, period: string, key: string) =>
    support.request({ method: 'POST', url: `/api/admin/club/members/${id}/refund`, payload: { period, note: 'Paused by mistake' }, headers: { 'idempotency-key': key } })
  const refundsOf = (paymentId: string) =>
    t.store.db.selectFrom('payments').select(['amount_cents', 'status', 'order_number']).where('kind', '=', 'refund').where('refund_of', '=', paymentId).execute()
  const atGateway = async (gatewayPaymentId: string | null) =>
    (await t.store.db.selectFrom('test_gateway_refunds').select('amount_cents').where('charge_id', '=', gatewayPaymentId).execute()).map((row) => row.amount_cents)
  const mailTo = (email: string) => t.store.db.selectFrom('outbox_emails').select(['subject', 'body']).where('to_email', '=', email).execute()

  it('is refunded from its ledger row once per key, audited, the member e-mailed; the member page says so', async () => {
    const vera = await pausedMonth('2027-06-15')
    const before = dataOf<ClubMemberDetail>(await support.get(`/api/admin/club/members/${vera.membershipId}`)).charges.find((c) => c.period === vera.period)!
    expect(before).toMatchObject({ kind: 'pause_fee', amount: 4.99, order_number: null, refunded: 0, refundable: true })

    const key = randomUUID()
    const first = await refund(vera.membershipId, vera.period, key)
    expect(first.statusCode, first.body).toBe(200)
    expect(dataOf(first)).toEqual({ order_number: null, refunded: 4.99, outcome: 'succeeded' })
    // the same key again: the same answer, nothing more refunded, audited once
    expect(dataOf(await refund(vera.membershipId, vera.period, key))).toEqual({ order_number: null, refunded: 4.99, outcome: 'succeeded' })
    expect(await refundsOf(vera.charge.payment_id)).toEqual([{ amount_cents: 499, status: 'succeeded', order_number: null }])
    expect(await atGateway(vera.charge.gateway_payment_id)).toEqual([499])
    const audit = await t.store.db.selectFrom('audit_log').select('action').where('entity', '=', 'membership').where('entity_id', '=', vera.membershipId).execute()
    expect(audit.map((entry) => entry.action)).toEqual(['membership.refund_month'])
    const mails = (await mailTo(vera.email)).filter((mail) => mail.subject.includes('a refund of $4.99'))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.body).toContain("We have refunded $4.99 of your paused VIP membership's price for June 2027")

    const after = dataOf<ClubMemberDetail>(await support.get(`/api/admin/club/members/${vera.membershipId}`))
    expect(after.charges.find((c) => c.period === vera.period)).toMatchObject({ refunded: 4.99, refundable: false })
    expect(after.history.some((entry) => entry.event === 'month_refunded')).toBe(true)
    // another key: nothing is left, said in words
    const again = await refund(vera.membershipId, vera.period, randomUUID())
    expect(again.statusCode).toBe(409)
    expect(errorsOf(again)[0]).toBe('The price of June 2027 has been refunded already.')
    await assertLedgerAgrees(t.store.db)
  })

  it('two refunds racing for the same month: one refund and one clear refusal; the same key twice at once refunds once', async () => {
    const racing = await pausedMonth('2027-07-16')
    const answers = await Promise.all([refund(racing.membershipId, racing.period, randomUUID()), refund(racing.membershipId, racing.period, randomUUID())])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expect(errorsOf(answers.find((answer) => answer.statusCode === 409)!)[0]).toMatch(/^(The price of July 2027 has been refunded already\.|That is more than is left)/)
    expect(await refundsOf(racing.charge.payment_id)).toHaveLength(1)
    expect(await atGateway(racing.charge.gateway_payment_id)).toEqual([499])

    const twice = await pausedMonth('2027-08-17')
    const key = randomUUID()
    const both = await Promise.all([refund(twice.membershipId, twice.period, key), refund(twice.membershipId, twice.period, key)])
    expect(both.map((answer) => answer.statusCode)).toEqual([200, 200])
    expect(await refundsOf(twice.charge.payment_id)).toEqual([{ amount_cents: 499, status: 'succeeded', order_number: null }])
    expect(await atGateway(twice.charge.gateway_payment_id)).toEqual([499])
    await assertLedgerAgrees(t.store.db)
  })

  it('a provider that does not answer leaves it pending; the sweeper completes it, refunding and e-mailing once', async () => {
    const vera = await pausedMonth('2027-09-18')
    const real = await gatewayFor(t.app.env)
    // the provider makes the refund, and its answer is lost
    vi.spyOn(real, 'refund').mockImplementationOnce(async (data, paymentId, key, amount) => {
      await TestGateway.prototype.refund.call(real, data, paymentId, key, amount)
      throw new GatewayUnavailable('no answer')
    })
    const request = { chargeId: vera.charge.payment_id, customerId: vera.customerId, period: vera.period, amountCents: 499, idempotencyKey: 'lost', reason: 'test', notify: true }
    expect(await refundClubFee(scope, request, { gateway: real })).toBe('pending')
    expect(await refundsOf(vera.charge.payment_id)).toEqual([{ amount_cents: 499, status: 'pending', order_number: null }])
    await assertLedgerAgrees(t.store.db)
    // a minute later the sweeper asks again under the same key: the provider answers its first refund
    expect(await completePendingRefunds(t.store.db, new Date(Date.now() + 120_000), () => scope, real)).toBeGreaterThanOrEqual(1)
    expect(await refundsOf(vera.charge.payment_id)).toEqual([{ amount_cents: 499, status: 'succeeded', order_number: null }])
    expect(await atGateway(vera.charge.gateway_payment_id)).toEqual([499])
    // recorded once: completing again changes nothing
    await completeFeeRefund(scope, `fee:${vera.charge.payment_id}:lost`, new Map())
    expect((await mailTo(vera.email)).filter((mail) => mail.subject.includes('a refund of $4.99'))).toHaveLength(1)
    expect(await refundClubFee(scope, request, { gateway: real })).toBe('succeeded')
    await assertLedgerAgrees(t.store.db)
  })
})

vi.setConfig({ testTimeout: 60_000 })
