/**
 * Club rules a member notices (docs/club-membership.md): a month skipped before a
 * pause stays free, the pause price starts the month after; what the summary and
 * e-mails say when no card is on file; the free rejoin's welcome back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayName, monthName, nextBillingDate, periodOf, PICK_CUTOFF_DAYS, type Membership } from '@store/core'
import { TestGateway } from '../payments/test-gateway.ts'
import { dataOf, DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { runBilling, type BillingOptions } from './billing.ts'
import { TestShopper } from '../test/harness.ts'
import { billOn, daysFromToday, gatewayChargesFor, member } from './club-test-kit.ts'

const quiet = { info() {}, warn() {}, error() {} }
const options = (): BillingOptions => ({ gateway: new TestGateway(), log: quiet, brands: ['popfitclothing'] })

describe.each(DIALECTS)('club rules a member notices (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(async () => {
    await t?.close()
  })

  const charges = (membershipId: string) =>
    t.store.db.selectFrom('membership_charges').select(['period', 'kind', 'status', 'amount_cents']).where('membership_id', '=', membershipId).orderBy('period').execute()
  const clubMail = async (email: string) =>
    (await t.store.db.selectFrom('outbox_emails').select(['subject', 'body']).where('to_email', '=', email).orderBy('created_at').execute()).filter((m) =>
      m.subject.includes('VIP'),
    )

  it('a month skipped and then paused stays free: the pause price of $4.99 starts the month after, and the pages and e-mail say so', async () => {
    const m = await member(t)
    const due = daysFromToday(20)
    const following = nextBillingDate(due, 1, Number(due.slice(8, 10)))
    await billOn(t, m.membershipId, due)
    expect(dataOf<Membership>(await m.shopper.post('/api/membership/skip'))).toMatchObject({ status: 'skipped' })
    const paused = dataOf<Membership>(await m.shopper.post('/api/membership/pause'))
    expect(paused).toMatchObject({ status: 'paused', next_billing_date: following })
    expect(paused.summary).toContain(`${monthName(periodOf(due))} stays skipped: nothing is charged on ${dayName(due)}`)
    expect(paused.summary).toContain(`on ${dayName(following)} you are charged the pause price of $4.99`)
    const mail = (await clubMail(m.email)).find((e) => e.subject.endsWith('your membership is paused'))
    expect(mail?.body).toContain(`${monthName(periodOf(due))} stays skipped`)

    // the billing run on the skipped month's date charges nothing
    await runBilling(t.store, options(), due)
    expect(await gatewayChargesFor(t, m.membershipId, periodOf(due))).toBe(0)
    expect(await charges(m.membershipId)).toContainEqual({ period: periodOf(due), kind: 'skipped', status: 'none', amount_cents: 0 })
    expect(await charges(m.membershipId)).not.toContainEqual(expect.objectContaining({ period: periodOf(due), kind: 'pause_fee' }))
    // the month after, the pause price
    await runBilling(t.store, options(), following)
    expect(await charges(m.membershipId)).toContainEqual({ period: periodOf(following), kind: 'pause_fee', status: 'charged', amount_cents: 499 })
    const after = await t.store.db.selectFrom('memberships').select(['status', 'next_billing_date']).where('id', '=', m.membershipId).executeTakeFirstOrThrow()
    expect(after.status).toBe('paused')
  })

  it('a member who was active and pauses pays the pause price on the coming billing date (unchanged)', async () => {
    const m = await member(t)
    const due = daysFromToday(20)
    await billOn(t, m.membershipId, due)
    const paused = dataOf<Membership>(await m.shopper.post('/api/membership/pause'))
    expect(paused).toMatchObject({ status: 'paused', next_billing_date: due })
    await runBilling(t.store, options(), due)
    expect(await charges(m.membershipId)).toContainEqual({ period: periodOf(due), kind: 'pause_fee', status: 'charged', amount_cents: 499 })
  })

  it.each(['localhost', 'ckb.localhost'])(
    'the club texts of %s say what the store does: skip and pause close at the cut-off, a pause costs $4.99 until you resume, cancel takes effect at once',
    async (host) => {
      const visitor = new TestShopper(t.app, host)
      const landing = dataOf<{ subheadline: string; faqs: { question: string; answer: string }[] }>(await visitor.get('/api/membership-landing'))
      const pages = await Promise.all(
        ['vipterms', host === 'ckb.localhost' ? 'ckb-store-policies' : 'store-policies'].map(async (slug) =>
          JSON.stringify(dataOf(await visitor.get(`/api/content/pages/${slug}`))),
        ),
      )
      const faq = (question: RegExp) => landing.faqs.find((f) => question.test(f.question))?.answer ?? ''
      expect(faq(/skip/i)).toContain(`up to ${PICK_CUTOFF_DAYS} days before its billing date`)
      expect(faq(/pause/i)).toContain('you pay $4.99 a month instead of $24.99')
      expect(faq(/pause/i)).toContain('lasts until you resume')
      expect(faq(/cancel/i)).toContain('Cancel any time in the Members Area: it takes effect at once')
      for (const text of [JSON.stringify(landing), ...pages]) {
        expect(text).not.toMatch(/three months|two clicks|before your billing date and you will not be charged|end of the period you paid for|skip or cancel anytime/i)
      }
      expect(pages[0]).toContain(`up to ${PICK_CUTOFF_DAYS} days before its billing date`)
    },
  )

  it('a former member who rejoins inside the paid month is told nothing is charged today, and gets a welcome back e-mail with the next charge', async () => {
    const m = await member(t)
    const due = daysFromToday(20)
    await billOn(t, m.membershipId, due)
    await m.shopper.post('/api/membership/cancel', {})
    const cancelled = dataOf<Membership>(await m.shopper.get('/api/membership'))
    expect(cancelled.summary).toContain(`rejoin before then and nothing is charged today; your next charge would be $24.99 on ${dayName(due)}`)
    const rejoined = dataOf<Membership>(await m.shopper.post('/api/membership/rejoin'))
    expect(rejoined).toMatchObject({ status: 'active', next_billing_date: due })
    const mail = (await clubMail(m.email)).at(-1)
    expect(mail?.subject).toBe('PopFit Clothing VIP: welcome back, your membership is active again')
    expect(mail?.body).toContain(`Nothing is charged today: this month is already paid. Your next charge is $24.99 on ${dayName(due)}.`)
  })

  it('a cancelled member’s summary names the billing date only while it is ahead', async () => {
    const m = await member(t)
    await m.shopper.post('/api/membership/cancel', {})
    await t.store.db
      .updateTable('memberships')
      .set({ next_billing_date: daysFromToday(-3) })
      .where('id', '=', m.membershipId)
      .execute()
    const summary = dataOf<Membership>(await m.shopper.get('/api/membership')).summary
    expect(summary).not.toMatch(/no charge on|rejoin before/)
    expect(summary).toContain('Your membership is cancelled: nothing more is charged')
  })

  it('a member with no card on file is warned on the club pages, and the billing e-mail says there is no card rather than a declined one', async () => {
    const m = await member(t)
    const due = daysFromToday(20)
    await billOn(t, m.membershipId, due)
    await t.store.db.updateTable('memberships').set({ payment_method_id: null }).where('id', '=', m.membershipId).execute()
    const before = dataOf<Membership>(await m.shopper.get('/api/membership'))
    expect(before.card).toBeNull()
    expect(before.summary).toContain('There is no card on file to charge: add one in Payment methods to keep your membership.')
    await runBilling(t.store, options(), due)
    const mail = (await clubMail(m.email)).at(-1)
    expect(mail?.subject).toBe(`PopFit Clothing VIP: no card on file for ${monthName(periodOf(due))}`)
    expect(mail?.body).toContain('we have no card on file to charge')
    expect(mail?.body).not.toContain('declined')
  })
})
