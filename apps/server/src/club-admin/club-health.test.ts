import { randomUUID } from 'node:crypto'
import type { ClubFigure, ClubMembersPage, ClubSummary } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'

/** One membership's life in 2024, as the club's history records it: [ISO time, event, from, to, extra]. */
type Step = [string, string, string | null, string, { cause?: string; retry_day?: number; reasons?: string[] }?]

const LIVES: Record<string, Step[]> = {
  A: [
    ['2024-01-05T09:00:00.000Z', 'join', null, 'active'],
    ['2024-02-10T09:00:00.000Z', 'skip', 'active', 'skipped'],
    ['2024-03-01T09:00:00.000Z', 'period_started', 'skipped', 'active'],
  ],
  B: [
    ['2024-01-10T09:00:00.000Z', 'join', null, 'active'],
    ['2024-02-03T10:00:00.000Z', 'save_offer_shown', 'active', 'active'],
    ['2024-02-03T10:05:00.000Z', 'pause', 'active', 'paused'],
  ],
  C: [
    ['2024-01-20T09:00:00.000Z', 'join', null, 'active'],
    ['2024-02-15T10:00:00.000Z', 'save_offer_shown', 'active', 'active'],
    ['2024-02-15T10:03:00.000Z', 'cancel', 'active', 'cancelled', { reasons: ['Too expensive', 'Other: moving abroad'] }],
  ],
  D: [
    ['2024-02-02T09:00:00.000Z', 'join', null, 'active'],
    ['2024-03-05T09:00:00.000Z', 'charge_failed', 'active', 'overdue'],
    ['2024-03-07T09:00:00.000Z', 'charge_succeeded', 'overdue', 'active', { cause: 'retry', retry_day: 2 }],
  ],
  E: [
    ['2024-02-12T09:00:00.000Z', 'join', null, 'active'],
    ['2024-02-20T09:00:00.000Z', 'charge_failed', 'active', 'overdue'],
    ['2024-02-27T09:00:00.000Z', 'retries_exhausted', 'overdue', 'lapsed', { retry_day: 7 }],
  ],
  F: [
    ['2024-03-03T09:00:00.000Z', 'join', null, 'active'],
    ['2024-03-10T09:00:00.000Z', 'charge_failed', 'active', 'overdue'],
    ['2024-03-11T09:00:00.000Z', 'charge_succeeded', 'overdue', 'active', { cause: 'new_card', retry_day: 1 }],
  ],
  G: [
    ['2024-01-15T09:00:00.000Z', 'join', null, 'active'],
    ['2024-01-25T09:00:00.000Z', 'cancel', 'active', 'cancelled', { reasons: ['Too expensive'] }],
    ['2024-03-20T09:00:00.000Z', 'rejoin', 'cancelled', 'active'],
  ],
  H: [
    ['2024-03-15T09:00:00.000Z', 'join', null, 'active'],
    ['2024-03-16T09:00:00.000Z', 'save_offer_shown', 'active', 'active'],
  ],
}

/** The known club: customers, memberships (made on their first day, in their last state) and their history. */
async function seedLives(t: TestStore, brandId = 'popfitclothing'): Promise<Record<string, string>> {
  const ids: Record<string, string> = {}
  for (const [name, steps] of Object.entries(LIVES)) {
    const customerId = randomUUID()
    const membershipId = randomUUID()
    ids[name] = membershipId
    const created = steps[0]![0]
    const last = steps.at(-1)!
    await t.store.db
      .insertInto('customers')
      .values({ id: customerId, brand_id: brandId, name: `Member ${name}`, email: `member-${name.toLowerCase()}-${customerId.slice(0, 6)}@example.com`, created_at: created })
      .execute()
    await t.store.db
      .insertInto('memberships')
      .values({
        id: membershipId,
        brand_id: brandId,
        customer_id: customerId,
        status: last[3],
        amount_cents: 2499,
        next_billing_date: '2024-04-05',
        created_at: created,
        joined_on: created.slice(0, 10),
      })
      .execute()
    for (const [at, event, from, to, extra] of steps) {
      await t.store.db
        .insertInto('membership_events')
        .values({
          id: randomUUID(),
          brand_id: brandId,
          membership_id: membershipId,
          at,
          day: at.slice(0, 10),
          month: at.slice(0, 7),
          event,
          from_status: from,
          to_status: to,
          cause: extra?.cause ?? null,
          retry_day: extra?.retry_day ?? null,
          detail_json: extra?.reasons ? JSON.stringify({ reasons: extra.reasons }) : null,
        })
        .execute()
    }
  }
  return ids
}

/** Every figure of a summary with where it is. */
function figuresOf(value: unknown, path = ''): [string, ClubFigure][] {
  if (value && typeof value === 'object') {
    if ('value' in value && 'members' in value && typeof (value as ClubFigure).members === 'string') return [[path, value as ClubFigure]]
    return Object.entries(value).flatMap(([key, inner]) => figuresOf(inner, `${path}.${key}`))
  }
  return []
}

describe.each(DIALECTS)('the club health figures on %s', (dialect) => {
  let t: TestStore
  let analyst: TestShopper
  let summary: ClubSummary
  let ids: Record<string, string>
  beforeAll(async () => {
    t = await startTestStore(dialect)
    ids = await seedLives(t)
    analyst = await staffBrowser(t.app, (await addStaff(t.store, 'analyst')).email)
    summary = dataOf<ClubSummary>(await analyst.get('/api/admin/club/summary?from=2024-01&to=2024-03'))
  })
  afterAll(() => t.close())

  it('counts joins, cancels, lapses, churn, skips and the states at each month end as the history says', () => {
    const rows = summary.months.map((m) => ({
      month: m.month,
      joins: m.joins.value,
      cancels: m.cancels.value,
      lapses: m.lapses.value,
      net: m.net_growth,
      start: m.members_at_start,
      churn: m.churn,
      skips: m.skips.value,
      skip_rate: m.skip_rate,
    }))
    expect(rows).toEqual([
      { month: '2024-01', joins: 4, cancels: 1, lapses: 0, net: 3, start: 0, churn: null, skips: 0, skip_rate: null },
      { month: '2024-02', joins: 2, cancels: 1, lapses: 1, net: 0, start: 3, churn: 0.6667, skips: 1, skip_rate: 0.3333 },
      { month: '2024-03', joins: 3, cancels: 0, lapses: 0, net: 3, start: 3, churn: 0, skips: 0, skip_rate: 0 },
    ])
    const states = summary.months.map((m) => Object.fromEntries(Object.entries(m.states).map(([state, f]) => [state, f.value])))
    expect(states).toEqual([
      { active: 3, skipped: 0, paused: 0, overdue: 0, cancelled: 1, lapsed: 0 },
      { active: 1, skipped: 1, paused: 1, overdue: 0, cancelled: 2, lapsed: 1 },
      { active: 5, skipped: 0, paused: 1, overdue: 0, cancelled: 1, lapsed: 1 },
    ])
    expect(summary.months[1]!.counted_on).toBe('2024-02-29')
  })

  it('gives the save offer its outcomes, the cancel reasons ranked with the free text, and payment recovery by retry day', () => {
    const offer = summary.save_offer
    expect([offer.shown.value, offer.saved_by_skip.value, offer.saved_by_pause.value, offer.cancelled_anyway.value, offer.no_answer.value, offer.save_rate]).toEqual([
      3, 0, 1, 1, 1, 0.3333,
    ])
    expect(summary.cancel_reasons.map(({ reason, count, answers }) => ({ reason, count, answers }))).toEqual([
      { reason: 'Too expensive', count: 2, answers: [] },
      { reason: 'Other', count: 1, answers: ['moving abroad'] },
    ])
    const r = summary.recovery
    expect([r.failed.value, r.recovered_by_retry.value, r.recovered_by_new_card.value, r.lapsed.value, r.recovery_rate]).toEqual([3, 1, 1, 1, 0.6667])
    expect(r.by_retry_day.map((d) => [d.day, d.recovered_by_retry.value, d.recovered_by_new_card.value, d.lapsed.value])).toEqual([
      [1, 0, 1, 0],
      [2, 1, 0, 0],
      [7, 0, 0, 1],
    ])
  })

  it('keeps a cohort table of retention by join month', () => {
    expect(summary.cohorts.map((c) => [c.cohort, c.size.value, c.retained.map((cell) => cell.members.value)])).toEqual([
      ['2024-01', 4, [3, 2, 3]],
      ['2024-02', 2, [1, 1]],
      ['2024-03', 2, [2]],
    ])
    expect(summary.cohorts[0]!.retained[1]!.rate).toBe(0.5)
  })

  it('links every figure to a members list that holds exactly that many members', async () => {
    const figures = figuresOf(summary).filter(([path]) => !path.startsWith('.states_today') && !path.startsWith('.recovery.overdue_now'))
    expect(figures.length).toBeGreaterThan(50)
    for (const [path, f] of figures) {
      const page = dataOf<ClubMembersPage>(await analyst.get(`/api/admin/club/members?${f.members}&limit=200`))
      expect({ path, total: page.total, listed: page.members.length }).toEqual({ path, total: f.value, listed: f.value })
    }
    // and the reasons' lists
    for (const reason of summary.cancel_reasons) {
      const page = dataOf<ClubMembersPage>(await analyst.get(`/api/admin/club/members?${reason.members}`))
      expect(page.total).toBe(reason.count)
    }
    const paused = dataOf<ClubMembersPage>(await analyst.get(`/api/admin/club/members?${summary.save_offer.saved_by_pause.members}`))
    expect(paused.members.map((m) => m.id)).toEqual([ids.B])
  })

  it("counts today's states as the memberships hold them, with the monthly recurring revenue", async () => {
    const rows = await t.store.db.selectFrom('memberships').select(['status', 'amount_cents', 'pause_monthly_price_cents']).where('brand_id', '=', 'popfitclothing').execute()
    for (const [state, f] of Object.entries(summary.states_today)) {
      expect(f.value).toBe(rows.filter((row) => row.status === state).length)
      expect(dataOf<ClubMembersPage>(await analyst.get(`/api/admin/club/members?${f.members}`)).total).toBe(f.value)
    }
    const mrr = rows.reduce(
      (sum, row) => sum + (row.status === 'active' || row.status === 'skipped' ? row.amount_cents : row.status === 'paused' ? row.pause_monthly_price_cents : 0),
      0,
    )
    expect(summary.mrr).toBe(mrr / 100)
  })

  it('masks e-mails for an analyst, pages by cursor, and refuses a bad range in words', async () => {
    const first = dataOf<ClubMembersPage>(await analyst.get('/api/admin/club/members?cohort=2024-01&limit=3'))
    expect(first.members).toHaveLength(3)
    expect(first.members.every((m) => m.email.includes('•••'))).toBe(true)
    const second = dataOf<ClubMembersPage>(await analyst.get(`/api/admin/club/members?cohort=2024-01&limit=3&cursor=${first.next_cursor}`))
    expect(second.members).toHaveLength(1)
    expect(second.next_cursor).toBeNull()
    const bad = await analyst.get('/api/admin/club/summary?from=2024-05&to=2024-01')
    expect(bad.statusCode).toBe(400)
    expect(errorsOf(bad)[0]).toMatch(/starts after it ends/)
    expect((await analyst.get('/api/admin/club/summary?from=May')).statusCode).toBe(400)
    expect((await analyst.get('/api/admin/club/members?state=gone')).statusCode).toBe(400)
  })

  it('is refused to fulfilment (403) and answers 404 at a brand without a club', async () => {
    const fulfilment = await staffBrowser(t.app, (await addStaff(t.store, 'fulfilment')).email)
    expect((await fulfilment.get('/api/admin/club/summary')).statusCode).toBe(403)
    expect((await fulfilment.get('/api/admin/club/members')).statusCode).toBe(403)
    const owner = await addStaff(t.store, 'owner', ['glow'])
    const glow = await staffBrowser(t.app, owner.email, 'glow.localhost')
    expect((await glow.get('/api/admin/club/summary')).statusCode).toBe(404)
  })
})
