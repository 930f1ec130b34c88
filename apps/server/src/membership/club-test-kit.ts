/** Helpers for club tests: a registered member who joined through checkout, and counts of charges. */
import { randomUUID } from 'node:crypto'
import { ADDRESS, CARDS, tokenFor } from '../checkout/checkout-test-kit.ts'
export { tokenFor }
import { dataOf, TestShopper, type TestStore } from '../test/harness.ts'

let n = 0

/** A new customer, logged in. */
export async function registered(t: TestStore, host = 'localhost'): Promise<{ shopper: TestShopper; email: string; customerId: string }> {
  const shopper = new TestShopper(t.app, host)
  const email = `member-${Date.now()}-${++n}@example.com`
  const response = await shopper.post('/api/register', { name: 'Vera Member', email, password: 'leggings-forever-2026' })
  if (response.statusCode !== 200) throw new Error(`register: ${response.statusCode} ${response.body}`)
  const row = await t.store.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  return { shopper, email, customerId: row.id }
}

/** POST /api/checkout joining the club (checkout_club_flow), with the card given. */
export async function joinThroughCheckout(shopper: TestShopper, card: string = CARDS.success, key: string = randomUUID(), email = ADDRESS.email, knownToken?: string) {
  const token = knownToken ?? (await tokenFor(shopper, card))
  const body = new URLSearchParams({ ...ADDRESS, email, payment_token: token, checkout_flow: 'checkout_club_flow' }).toString()
  return shopper.request({
    method: 'POST',
    url: '/api/checkout',
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
  })
}

/** A logged-in member (joined through checkout with the success card). */
export async function member(t: TestStore, host = 'localhost') {
  const who = await registered(t, host)
  const joined = await joinThroughCheckout(who.shopper, CARDS.success, randomUUID(), who.email)
  if (joined.statusCode !== 200) throw new Error(`join: ${joined.statusCode} ${joined.body}`)
  const membership = await t.store.db.selectFrom('memberships').selectAll().where('customer_id', '=', who.customerId).executeTakeFirstOrThrow()
  return { ...who, membershipId: membership.id, order: dataOf<{ order_number: string }>(joined).order_number }
}

/** Gateway charges made for a membership (any period): what a card statement would show. */
export async function gatewayChargesFor(t: TestStore, membershipId: string, period?: string): Promise<number> {
  const prefix = period ? `club:%:${membershipId}:${period}:%` : `club:%:${membershipId}:%`
  const row = await t.store.db
    .selectFrom('test_gateway_charges')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('idempotency_key', 'like', prefix)
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Moves a membership's billing date (and the billing day with it). */
export async function billOn(t: TestStore, membershipId: string, date: string) {
  await t.store.db
    .updateTable('memberships')
    .set({ next_billing_date: date, billing_day: Number(date.slice(8, 10)) })
    .where('id', '=', membershipId)
    .execute()
}

/** A day `days` from today, 'YYYY-MM-DD'. */
export const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
