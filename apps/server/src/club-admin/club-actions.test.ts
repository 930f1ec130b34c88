import { randomUUID } from 'node:crypto'
import type { ClubMemberDetail, Membership } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { member } from '../membership/club-test-kit.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

describe.each(DIALECTS)("a member's club, changed by staff on their behalf, on %s", (dialect) => {
  let t: TestStore
  let support: TestShopper
  let manager: TestShopper
  let supportId: string
  beforeAll(async () => {
    t = await startTestStore(dialect)
    const added = await addStaff(t.store, 'support')
    supportId = added.id
    support = await staffBrowser(t.app, added.email)
    manager = await staffBrowser(t.app, (await addStaff(t.store, 'manager')).email)
  })
  afterAll(() => t.close())

  const mailTo = (email: string) => t.store.db.selectFrom('outbox_emails').select(['subject', 'body']).where('to_email', '=', email).orderBy('created_at').execute()
  const auditOf = (id: string) =>
    t.store.db.selectFrom('audit_log').select(['action', 'staff_id', 'after_json']).where('entity', '=', 'membership').where('entity_id', '=', id).orderBy('at').execute()

  it('skips, undoes the skip, pauses, resumes and cancels as the member would, audited, with an e-mail saying the store did it', async () => {
    const vera = await member(t)
    const id = vera.membershipId
    // a billing date far enough away that the cut-off is open
    await t.store.db
      .updateTable('memberships')
      .set({ next_billing_date: day(20) })
      .where('id', '=', id)
      .execute()
    const post = (who: TestShopper, action: string, body: Record<string, unknown> = { note: 'Asked by phone' }) => who.postJson(`/api/admin/club/members/${id}/${action}`, body)

    expect(dataOf<Membership>(await post(support, 'skip')).status).toBe('skipped')
    expect(dataOf<Membership>(await post(manager, 'unskip')).status).toBe('active')
    expect(dataOf<Membership>(await post(support, 'pause')).status).toBe('paused')
    const refused = await post(support, 'pause')
    expect(refused.statusCode).toBe(409)
    expect(errorsOf(refused)[0]).toBe('Your membership is already paused.')
    expect(dataOf<Membership>(await post(manager, 'resume')).status).toBe('active')
    const noNote = await post(support, 'skip', {})
    expect(noNote.statusCode).toBe(400)
    expect(errorsOf(noNote)[0]).toMatch(/audit log/)
    const cancelled = dataOf<Membership>(await post(support, 'cancel', { note: 'Moving abroad, called us', reasons: ['Other: moving abroad'] }))
    expect(cancelled.status).toBe('cancelled')

    const audit = await auditOf(id)
    expect(audit.map((entry) => entry.action)).toEqual(['membership.skip', 'membership.unskip', 'membership.pause', 'membership.resume', 'membership.cancel'])
    expect(audit[0]!.staff_id).toBe(supportId)
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ status: 'skipped', note: 'Asked by phone' })
    const mails = (await mailTo(vera.email)).filter((mail) => / VIP: /.test(mail.subject))
    expect(mails.map((mail) => mail.subject.replace(/^.* VIP: /, ''))).toEqual([
      expect.stringMatching(/skipped$/),
      expect.stringMatching(/is back on$/),
      'your membership is paused',
      'your membership is active again',
      'your membership is cancelled',
    ])
    expect(mails.every((mail) => mail.body.includes('our customer care team made this change'))).toBe(true)
    const history = dataOf<ClubMemberDetail>(await manager.get(`/api/admin/club/members/${id}`)).history
    expect(history.filter((entry) => entry.by !== null).map((entry) => entry.event)).toEqual(['cancel', 'resume', 'pause', 'unskip', 'skip'])
    const row = await t.store.db.selectFrom('memberships').select(['cancel_reasons']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(JSON.parse(row.cancel_reasons!)).toEqual(['Other: moving abroad'])
  })

  it("refunds a month's fee on the order it paid, once per key, e-mailed; and gives a month free", async () => {
    const vera = await member(t)
    const id = vera.membershipId
    const page = dataOf<ClubMemberDetail>(await support.get(`/api/admin/club/members/${id}`))
    const month = page.charges[0]!
    expect(month).toMatchObject({ kind: 'join', amount: 24.99, status: 'charged', order_number: vera.order, refundable: true })
    const key = randomUUID()
    const refund = () =>
      support.request({
        method: 'POST',
        url: `/api/admin/club/members/${id}/refund`,
        payload: { period: month.period, note: 'Box arrived damaged' },
        headers: { 'idempotency-key': key },
      })
    expect(dataOf(await refund())).toMatchObject({ order_number: vera.order, refunded: 24.99, outcome: 'succeeded' })
    expect(dataOf(await refund())).toMatchObject({ refunded: 24.99 })
    const refunds = await t.store.db.selectFrom('payments').select(['amount_cents', 'status']).where('order_number', '=', vera.order).where('kind', '=', 'refund').execute()
    expect(refunds).toEqual([{ amount_cents: 2499, status: 'succeeded' }])
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['membership.refund_month'])
    expect((await mailTo(vera.email)).some((mail) => mail.subject.includes('refund of $24.99'))).toBe(true)
    const after = dataOf<ClubMemberDetail>(await support.get(`/api/admin/club/members/${id}`)).charges[0]!
    expect(after).toMatchObject({ refunded: 24.99, refundable: false })
    const none = await support.request({
      method: 'POST',
      url: `/api/admin/club/members/${id}/refund`,
      payload: { period: '2020-01', note: 'Wrong month' },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(none.statusCode).toBe(404)

    const free = dataOf<Membership>(await manager.postJson(`/api/admin/club/members/${id}/free-month`, { note: 'Sorry for the damaged box' }))
    expect(free.prepaid_months).toBe(1)
    expect((await mailTo(vera.email)).some((mail) => mail.subject.endsWith('a month on us'))).toBe(true)
    expect(free.summary).toMatch(/prepaid months/)
  })

  it("moves an overdue member's next try within the retries, told by e-mail; lists overdue members with their next retry", async () => {
    const vera = await member(t)
    const id = vera.membershipId
    const failedOn = day(-1)
    const period = failedOn.slice(0, 7)
    await t.store.db.updateTable('memberships').set({ status: 'overdue', overdue: 1, failed_on: failedOn, failed_period: period }).where('id', '=', id).execute()
    await t.store.db.deleteFrom('membership_charges').where('membership_id', '=', id).where('period', '=', period).execute()
    const now = new Date().toISOString()
    await t.store.db
      .insertInto('membership_charges')
      .values({
        id: randomUUID(),
        brand_id: 'popfitclothing',
        membership_id: id,
        period,
        billing_date: failedOn,
        kind: 'fee',
        amount_cents: 2499,
        status: 'failed',
        next_retry_on: day(0),
        created_at: now,
        updated_at: now,
      })
      .execute()
    const listed = dataOf<{ members: { id: string; next_retry_on: string | null }[] }>(await support.get('/api/admin/club/members?state=overdue'))
    expect(listed.members.find((m) => m.id === id)?.next_retry_on).toBe(day(0))

    const moved = await support.postJson(`/api/admin/club/members/${id}/next-retry`, { day: day(3), note: 'Payday on Friday' })
    expect(dataOf<Membership>(moved).next_retry_date).toBe(day(3))
    const charge = await t.store.db.selectFrom('membership_charges').select('next_retry_on').where('membership_id', '=', id).where('period', '=', period).executeTakeFirstOrThrow()
    expect(charge.next_retry_on).toBe(day(3))
    expect((await mailTo(vera.email)).some((mail) => mail.subject.includes('we will try your payment on'))).toBe(true)
    const tooLate = await support.postJson(`/api/admin/club/members/${id}/next-retry`, { day: day(30), note: 'Later' })
    expect(tooLate.statusCode).toBe(400)
    expect(errorsOf(tooLate)[0]).toMatch(/last retry/)
    expect((await support.postJson(`/api/admin/club/members/${id}/next-retry`, { day: day(-2), note: 'Past' })).statusCode).toBe(400)
  })

  it('refuses every action to fulfilment and analyst (403), and the pages to fulfilment', async () => {
    const vera = await member(t)
    for (const role of ['fulfilment', 'analyst'] as const) {
      const who = await staffBrowser(t.app, (await addStaff(t.store, role)).email)
      for (const action of ['skip', 'unskip', 'pause', 'resume', 'cancel', 'free-month', 'next-retry', 'refund']) {
        const response = await who.postJson(`/api/admin/club/members/${vera.membershipId}/${action}`, { note: 'Trying', day: day(1), period: '2026-01' })
        expect({ role, action, status: response.statusCode }).toEqual({ role, action, status: 403 })
      }
      expect((await who.get(`/api/admin/club/members/${vera.membershipId}`)).statusCode).toBe(role === 'analyst' ? 200 : 403)
    }
    expect((await support.get('/api/admin/club/members/no-such-member')).statusCode).toBe(404)
    const membership = await t.store.db.selectFrom('memberships').select('status').where('id', '=', vera.membershipId).executeTakeFirstOrThrow()
    expect(membership.status).toBe('active')
  })
})
