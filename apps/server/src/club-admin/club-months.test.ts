/**
 * The club's monthly figures (club_months, migration 043) stay what the history says while
 * members act: joins through checkout, the save offer shown, skips, pauses, cancels with reasons,
 * billing's charges (one refused, then paid by the retry), a rejoin. After each step the
 * rollup is checked against a count made from membership_events row by row, here, with core's
 * own rules (saveOutcomes, rankCancelReasons), and the summary shows the same.
 */
import { isMemberState, rankCancelReasons, rankCountedReasons, saveOutcomes, type ClubSummary } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestGateway } from '../payments/test-gateway.ts'
import { runBilling } from '../membership/billing.ts'
import { recordMembershipEvent } from '../membership/membership-events.ts'
import { billOn, daysFromToday, member } from '../membership/club-test-kit.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { DIALECTS, dataOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'

const BRAND = 'popfitclothing'
const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined }
const FIGURE: Record<string, string> = { join: 'joins', rejoin: 'joins', cancel: 'cancels', retries_exhausted: 'lapses', skip: 'skips' }

/** The rollup as "figure month detail" -> members, without the zeros. */
async function rollup(t: TestStore): Promise<Record<string, number>> {
  const rows = await t.store.db.selectFrom('club_months').selectAll().where('brand_id', '=', BRAND).where('figure', 'not in', ['reason', 'answer']).execute()
  return Object.fromEntries(rows.filter((row) => Number(row.members) !== 0).map((row) => [`${row.figure} ${row.month} ${row.detail}`, Number(row.members)]))
}

/** The same figures counted from the history, event by event. */
async function recount(t: TestStore): Promise<Record<string, number>> {
  const events = await t.store.db.selectFrom('membership_events').selectAll().where('brand_id', '=', BRAND).execute()
  const made = new Map((await t.store.db.selectFrom('memberships').select(['id', 'created_at']).execute()).map((m) => [m.id, m.created_at.slice(0, 7)]))
  const counts: Record<string, number> = {}
  const add = (key: string, n: number) => {
    counts[key] = (counts[key] ?? 0) + n
  }
  const once = new Set<string>()
  for (const e of events) {
    if (e.from_status === null || e.from_status !== e.to_status) add(`state ${e.month} ${e.from_status ?? ''}>${e.to_status}`, 1)
    const figure = FIGURE[e.event]
    if (figure && !once.has(`${figure} ${e.month} ${e.membership_id}`)) {
      once.add(`${figure} ${e.month} ${e.membership_id}`)
      add(`${figure} ${e.month} `, 1)
    }
    if ((e.event === 'cancel' || e.event === 'retries_exhausted') && isMemberState(e.from_status)) add(`cohort ${e.month} ${made.get(e.membership_id)}`, 1)
    if ((e.event === 'join' || e.event === 'rejoin') && (e.from_status === 'cancelled' || e.from_status === 'lapsed')) add(`cohort ${e.month} ${made.get(e.membership_id)}`, -1)
  }
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0))
}

describe.each(DIALECTS)("the club's monthly figures as members act, on %s", (dialect) => {
  let t: TestStore
  let support: TestShopper
  let analyst: TestShopper
  beforeAll(async () => {
    t = await startTestStore(dialect)
    support = await staffBrowser(t.app, (await addStaff(t.store, 'support')).email)
    analyst = await staffBrowser(t.app, (await addStaff(t.store, 'analyst')).email)
  })
  afterAll(() => t.close())

  const expectAgreement = async () => expect(await rollup(t)).toEqual(await recount(t))
  const act = (id: string, action: string, body: Record<string, unknown> = { note: 'Asked by phone' }) => support.postJson(`/api/admin/club/members/${id}/${action}`, body)
  const status = async (id: string) => (await t.store.db.selectFrom('memberships').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

  it('agrees with the history after joins, the save offer, skips, pauses, cancels, charges and a rejoin', async () => {
    const [skipper, pauser, leaver, payer] = [await member(t), await member(t), await member(t), await member(t)]
    await expectAgreement()
    const joinedNow = (await rollup(t))[`joins ${new Date().toISOString().slice(0, 7)} `]
    expect(joinedNow).toBeGreaterThanOrEqual(4)

    // the save offer, answered by a skip; a pause and its resume; a cancel with reasons after the offer
    // (the storefront's cancel page shows the offer through saveOfferSeen, which writes this event)
    const offerShown = (membershipId: string) =>
      recordMembershipEvent(t.store.db, { brandId: BRAND, membershipId, event: 'save_offer_shown', from: 'active', to: 'active', at: new Date(Date.now() - 60_000) })
    await offerShown(skipper.membershipId)
    await billOn(t, skipper.membershipId, daysFromToday(20))
    expect((await act(skipper.membershipId, 'skip')).statusCode).toBe(200)
    expect((await act(pauser.membershipId, 'pause')).statusCode).toBe(200)
    expect((await act(pauser.membershipId, 'resume')).statusCode).toBe(200)
    await offerShown(leaver.membershipId)
    const cancelled = await leaver.shopper.postJson('/api/membership/cancel', { reasons: ['Too expensive'], other: 'moving abroad' })
    expect(cancelled.statusCode).toBe(200)
    await expectAgreement()

    // billing next month: the payer's card refused (overdue), then paid by the retry the day after
    const billingDay = daysFromToday(40)
    await billOn(t, payer.membershipId, billingDay)
    const card = await t.store.db
      .selectFrom('memberships')
      .innerJoin('payment_methods', 'payment_methods.id', 'memberships.payment_method_id')
      .select('payment_methods.gateway_token')
      .where('memberships.id', '=', payer.membershipId)
      .executeTakeFirstOrThrow()
    await t.store.db.updateTable('test_gateway_tokens').set({ behaviour: 'decline' }).where('token', '=', card.gateway_token).execute()
    await runBilling(t.store, { gateway: new TestGateway(), log: quiet, brands: [BRAND] }, billingDay)
    expect(await status(payer.membershipId)).toBe('overdue')
    await expectAgreement()
    await t.store.db.updateTable('test_gateway_tokens').set({ behaviour: 'success' }).where('token', '=', card.gateway_token).execute()
    await runBilling(t.store, { gateway: new TestGateway(), log: quiet, brands: [BRAND] }, daysFromToday(41))
    expect(await status(payer.membershipId)).toBe('active')
    await expectAgreement()

    // the leaver comes back: their cohort counts them again
    expect((await leaver.shopper.post('/api/membership/rejoin', {})).statusCode).toBe(200)
    await expectAgreement()

    // the save offers' answers are core's saveOutcomes of the history
    const events = await t.store.db.selectFrom('membership_events').selectAll().where('brand_id', '=', BRAND).execute()
    const offers = events.filter((e) => e.event === 'save_offer_shown')
    const outcomes = saveOutcomes(
      offers.map((e) => ({ membershipId: e.membership_id, at: e.at })),
      events.map((e) => ({ membershipId: e.membership_id, at: e.at, event: e.event })),
    )
    expect(offers.map((e) => e.save_answer ?? 'none')).toEqual(outcomes.map((o) => o.outcome))
    expect(offers.find((e) => e.membership_id === skipper.membershipId)?.save_answer).toBe('skip')
    expect(offers.find((e) => e.membership_id === leaver.membershipId)?.save_answer).toBe('cancel')

    // the cancel reasons kept as counts rank as core ranks the cancels' own lists
    const kept = await t.store.db.selectFrom('club_months').selectAll().where('brand_id', '=', BRAND).where('figure', 'in', ['reason', 'answer']).execute()
    const sum = (figure: string) => {
      const map = new Map<string, number>()
      for (const row of kept.filter((r) => r.figure === figure)) map.set(row.detail, (map.get(row.detail) ?? 0) + Number(row.members))
      return map
    }
    const lists = events
      .filter((e) => e.event === 'cancel')
      .map((e) => ((e.detail_json ? (JSON.parse(e.detail_json) as { reasons?: string[] }).reasons : undefined) ?? []).filter((r) => typeof r === 'string'))
    expect(rankCountedReasons(sum('reason'), sum('answer'))).toEqual(rankCancelReasons(lists))

    // and the summary of this month and the next shows them
    const to = daysFromToday(41).slice(0, 7)
    const summary = dataOf<ClubSummary>(await analyst.get(`/api/admin/club/summary?from=${new Date().toISOString().slice(0, 7)}&to=${to}`))
    expect(summary.save_offer.saved_by_skip.value).toBeGreaterThanOrEqual(1)
    expect(summary.save_offer.cancelled_anyway.value).toBeGreaterThanOrEqual(1)
    expect(summary.cancel_reasons.find((r) => r.reason === 'Other')?.answers).toContain('moving abroad')
  })
})
