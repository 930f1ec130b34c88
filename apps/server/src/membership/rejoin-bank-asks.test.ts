/**
 * A former member whose card's bank asks to confirm every payment (the test card 3220, as Stripe's):
 * the account's rejoin charges the saved card without the card's page, so the bank refuses it. The
 * member is told to rejoin at the VIP checkout, where the same saved card is charged with the bank's
 * step, and that way works.
 */
import { randomUUID } from 'node:crypto'
import type { CheckoutResult } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADDRESS } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, type TestStore } from '../test/harness.ts'
import { billOn, daysFromToday, gatewayChargesFor, member } from './club-test-kit.ts'
import { BANK_WANTS_TO_ASK } from './membership.service.ts'

describe.each(DIALECTS)('a former member whose bank asks on every payment rejoins (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('is told the account cannot ask the bank and to rejoin at the VIP checkout; there the saved card pays after the bank’s step', async () => {
    const m = await member(t)
    expect((await m.shopper.post('/api/membership/cancel')).statusCode).toBe(200)
    // outside the paid interval, so the rejoin charges; the saved card's bank now asks on every payment
    await t.store.db.deleteFrom('membership_charges').where('membership_id', '=', m.membershipId).execute()
    await t.store.db.updateTable('orders').set({ club_period: '2025-01' }).where('membership_id', '=', m.membershipId).execute()
    await billOn(t, m.membershipId, daysFromToday(0))
    const card = await t.store.db
      .selectFrom('memberships')
      .innerJoin('payment_methods', 'payment_methods.id', 'memberships.payment_method_id')
      .select(['payment_methods.id', 'payment_methods.gateway_token'])
      .where('memberships.id', '=', m.membershipId)
      .executeTakeFirstOrThrow()
    await t.store.db.updateTable('test_gateway_tokens').set({ behaviour: 'always_authenticate' }).where('token', '=', card.gateway_token).execute()

    const refused = await m.shopper.post('/api/membership/rejoin')
    expect(refused.statusCode, refused.body).toBe(402)
    expect(errorsOf(refused)).toEqual([BANK_WANTS_TO_ASK])
    expect((await t.store.db.selectFrom('memberships').select('status').where('id', '=', m.membershipId).executeTakeFirstOrThrow()).status).toBe('cancelled')
    expect(await gatewayChargesFor(t, m.membershipId)).toBe(0)

    // the VIP checkout with the same saved card: the bank's step, then the same key again
    const key = randomUUID()
    const join = () =>
      m.shopper.request({
        method: 'POST',
        url: '/api/checkout',
        payload: new URLSearchParams({ ...ADDRESS, email: m.email, payment_method_id: card.id, checkout_flow: 'checkout_club_flow' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
      })
    const asked = dataOf<CheckoutResult>(await join())
    if (asked.status !== 'requires_action') throw new Error(`expected the bank's step, got ${asked.status}`)
    expect((await m.shopper.postJson('/api/payments/authenticate', { payment_id: asked.payment_id, outcome: 'complete' })).statusCode).toBe(200)
    const joined = await join()
    expect(joined.statusCode, joined.body).toBe(200)
    expect(dataOf<CheckoutResult>(joined).status).toBe('succeeded')
    expect((await t.store.db.selectFrom('memberships').select('status').where('customer_id', '=', m.customerId).executeTakeFirstOrThrow()).status).toBe('active')
  })
})
