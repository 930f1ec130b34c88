/**
 * An overdue member who gives the club another card is charged for the unpaid month at once, not
 * on the next retry day (billing.ts retryOverdueNow, payment-methods.service.ts), once per period;
 * never when that try would be the last retry, which would end the membership on a refusal.
 */
import { RETRY_COUNT } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARDS } from '../checkout/checkout-test-kit.ts'
import { TestGateway } from '../payments/test-gateway.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { runBilling } from './billing.ts'
import { billOn, daysFromToday, gatewayChargesFor, member, tokenFor } from './club-test-kit.ts'

const quiet = { info() {}, warn() {}, error() {} }

describe.each(DIALECTS)('an overdue member gives the club another card (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  // a billing day in a later month than the join's (the join paid this one)
  const today = daysFromToday(40)
  const membership = (id: string) => t.store.db.selectFrom('memberships').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  /** A member whose charge on `today` was refused: overdue, the next retry the day after. */
  async function overdueMember() {
    const m = await member(t)
    await billOn(t, m.membershipId, today)
    const row = await membership(m.membershipId)
    const card = await t.store.db.selectFrom('payment_methods').select('gateway_token').where('id', '=', row.payment_method_id!).executeTakeFirstOrThrow()
    await t.store.db.updateTable('test_gateway_tokens').set({ behaviour: 'decline' }).where('token', '=', card.gateway_token).execute()
    await runBilling(t.store, { gateway: new TestGateway(), log: quiet, brands: ['popfitclothing'] }, today)
    expect(await membership(m.membershipId)).toMatchObject({ status: 'overdue', failed_on: today })
    return m
  }

  const emailsTo = async (email: string) =>
    (await t.store.db.selectFrom('outbox_emails').select(['subject', 'body']).where('to_email', '=', email).orderBy('created_at').execute()).map((mail) => mail.subject)

  it('a new default card pays the overdue month at once: active again, one charge, told by e-mail', async () => {
    const m = await overdueMember()
    const added = await m.shopper.post('/api/payment-methods', { payment_token: await tokenFor(m.shopper, CARDS.success), make_default: 'true' })
    expect(added.statusCode).toBe(200)
    const after = await membership(m.membershipId)
    expect(after).toMatchObject({ status: 'active', overdue: 0, failed_on: null })
    expect(after.next_billing_date! > today).toBe(true)
    expect(await gatewayChargesFor(t, m.membershipId, today.slice(0, 7))).toBe(1)
    expect((await emailsTo(m.email)).at(-1)).toMatch(/paid|charged|thank/i)
    // the retry day comes and finds nothing to do: still one charge
    await runBilling(t.store, { gateway: new TestGateway(), log: quiet, brands: ['popfitclothing'] }, daysFromToday(41))
    expect(await gatewayChargesFor(t, m.membershipId, today.slice(0, 7))).toBe(1)
  })

  it('making another saved card the default does the same', async () => {
    const m = await overdueMember()
    // a second card (another expiry, so another card), kept without becoming the default: nothing is charged then
    const year = String(new Date().getFullYear() + 5)
    const token = (await m.shopper.post('/api/payments/test-tokens', { number: CARDS.success, cvc: '123', exp_month: '06', exp_year: year })).json().data.token as string
    expect((await m.shopper.post('/api/payment-methods', { payment_token: token })).statusCode).toBe(200)
    expect((await membership(m.membershipId)).status).toBe('overdue')
    const other = await t.store.db.selectFrom('payment_methods').select('id').where('customer_id', '=', m.customerId).where('is_default', '=', 0).executeTakeFirstOrThrow()
    expect((await m.shopper.post(`/api/payment-methods/${other.id}/default`)).statusCode).toBe(200)
    expect(await membership(m.membershipId)).toMatchObject({ status: 'active', overdue: 0 })
    expect(await gatewayChargesFor(t, m.membershipId, today.slice(0, 7))).toBe(1)
  })

  it('not when the try would be the last retry: the card is saved, the retry day stands', async () => {
    const m = await overdueMember()
    await t.store.db.updateTable('membership_charges').set({ attempt: RETRY_COUNT }).where('membership_id', '=', m.membershipId).where('status', '=', 'failed').execute()
    const added = await m.shopper.post('/api/payment-methods', { payment_token: await tokenFor(m.shopper, CARDS.success), make_default: 'true' })
    expect(added.statusCode).toBe(200)
    expect((await membership(m.membershipId)).status).toBe('overdue')
    expect(await gatewayChargesFor(t, m.membershipId, today.slice(0, 7))).toBe(0)
  })
})

describe.each(DIALECTS)('a former member who chose another card rejoins (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('the rejoin charges the default card chosen since cancelling, not the card the membership left with', async () => {
    const m = await member(t)
    expect((await m.shopper.post('/api/membership/cancel')).statusCode).toBe(200)
    // outside the paid interval, so the rejoin charges; the card the member joined with now declines
    await t.store.db.deleteFrom('membership_charges').where('membership_id', '=', m.membershipId).execute()
    await t.store.db.updateTable('orders').set({ club_period: '2025-01' }).where('membership_id', '=', m.membershipId).execute()
    await billOn(t, m.membershipId, daysFromToday(0))
    const old = await t.store.db
      .selectFrom('memberships')
      .innerJoin('payment_methods', 'payment_methods.id', 'memberships.payment_method_id')
      .select(['payment_methods.id', 'payment_methods.gateway_token'])
      .where('memberships.id', '=', m.membershipId)
      .executeTakeFirstOrThrow()
    await t.store.db.updateTable('test_gateway_tokens').set({ behaviour: 'decline' }).where('token', '=', old.gateway_token).execute()
    const year = String(new Date().getFullYear() + 5)
    const token = (await m.shopper.post('/api/payments/test-tokens', { number: CARDS.success, cvc: '123', exp_month: '06', exp_year: year })).json().data.token as string
    expect((await m.shopper.post('/api/payment-methods', { payment_token: token, make_default: 'true' })).statusCode).toBe(200)
    const back = await m.shopper.post('/api/membership/rejoin')
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json().data).toMatchObject({ status: 'active', card: { exp_year: Number(year) } })
    const row = await t.store.db.selectFrom('memberships').select('payment_method_id').where('id', '=', m.membershipId).executeTakeFirstOrThrow()
    expect(row.payment_method_id).not.toBe(old.id)
  })
})
