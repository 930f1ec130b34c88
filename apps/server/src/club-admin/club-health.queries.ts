/**
 * The counts behind the club's health figures, for one brand: most from `club_months`, the
 * figures kept month by month by a trigger on the club's history (migration 043, decision
 * 230); those that count a member once over a whole range (payment recovery, the save offer
 * shown) and today's states from membership_events and the memberships, each one grouped
 * statement over an index (docs/admin-club.md, "Figures"). What they mean is core's
 * club-health.ts. The members lists behind the figures read the history itself.
 */
import { SAVE_OFFER_WINDOW_DAYS, type StateChange } from '@store/core'
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import { dialectOf } from '../db/connection.ts'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database>
type Events = ExpressionBuilder<Database, 'membership_events'>

/** The figures counted from events, each by the members it concerns (a member twice in a month counts once). */
export const EVENT_FIGURES = {
  joins: { event: ['join', 'rejoin'] },
  cancels: { event: ['cancel'] },
  lapses: { event: ['retries_exhausted'] },
  skips: { event: ['skip'] },
  failed: { event: ['charge_failed'] },
  recovered_by_retry: { event: ['charge_succeeded'], from_state: 'overdue', cause: 'retry' },
  recovered_by_new_card: { event: ['charge_succeeded'], from_state: 'overdue', cause: 'new_card' },
} as const satisfies Record<string, EventFilter>
export type EventFigure = keyof typeof EVENT_FIGURES

/** Events of a kind: what a figure counts, and what the members list filters by. */
export interface EventFilter {
  event: readonly string[]
  from_state?: string
  cause?: string
  retry_day?: number
}

/** The events a filter names, for an expression builder on membership_events. */
export function eventMatches(eb: Events, filter: EventFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('membership_events.event', 'in', [...filter.event])]
  if (filter.from_state) conditions.push(eb('membership_events.from_status', '=', filter.from_state))
  if (filter.cause) conditions.push(eb('membership_events.cause', '=', filter.cause))
  if (filter.retry_day !== undefined) conditions.push(eb('membership_events.retry_day', '=', filter.retry_day))
  return eb.and(conditions)
}

/** What the summary reads of club_months: every change of state up to `to`, and the other figures of the range. */
export interface ClubMonthFigures {
  /** every change of state up to the end of `to` (the members by state at each month's end are their running sum) */
  changes: StateChange[]
  /** members counted by event figure and month (each member once a month) */
  byMonth: { month: string; figure: EventFigure; members: number }[]
  /** the cancels' reasons and the free-text answers, each with its count over the range */
  reasons: Map<string, number>
  answers: Map<string, number>
  /** members leaving (+1) or coming back (-1), by the month their membership was made (in the range) and the month they did it */
  cohortChanges: { cohort: string; month: string; left: number }[]
}

const MONTHLY = ['joins', 'cancels', 'lapses', 'skips'] as const satisfies readonly EventFigure[]

/** The summary's figures kept in club_months, in one statement (one index range: the brand's months up to `to`). */
export async function clubMonthFigures(db: Db, brandId: string, from: string, to: string): Promise<ClubMonthFigures> {
  const rows = await db
    .selectFrom('club_months')
    .select(['month', 'figure', 'detail', 'members'])
    .where('brand_id', '=', brandId)
    .where('month', '<=', to)
    .where((eb) => eb.or([eb('figure', '=', 'state'), eb.and([eb('month', '>=', from), eb('figure', 'in', [...MONTHLY, 'reason', 'answer', 'cohort'])])]))
    .execute()
  const figures: ClubMonthFigures = { changes: [], byMonth: [], reasons: new Map(), answers: new Map(), cohortChanges: [] }
  for (const row of rows) {
    const members = Number(row.members)
    if (row.figure === 'state') {
      const [fromState, toState] = row.detail.split('>') as [string, string]
      figures.changes.push({ month: row.month, from: fromState === '' ? null : fromState, to: toState, count: members })
    } else if (row.figure === 'reason' || row.figure === 'answer') {
      const into = row.figure === 'reason' ? figures.reasons : figures.answers
      into.set(row.detail, (into.get(row.detail) ?? 0) + members)
    } else if (row.figure === 'cohort') {
      if (row.detail >= from && row.detail <= to) figures.cohortChanges.push({ cohort: row.detail, month: row.month, left: members })
    } else figures.byMonth.push({ month: row.month, figure: row.figure as EventFigure, members })
  }
  return figures
}

/** Members counted by event figure over the whole range, and by retry day. */
export async function recoveryCounts(db: Db, brandId: string, from: string, to: string) {
  const names = ['failed', 'recovered_by_retry', 'recovered_by_new_card', 'lapses'] as const
  const count = async (name: (typeof names)[number], byDay: boolean) => {
    // each member once (a day's figure: once that day), then counted
    const once = db
      .selectFrom('membership_events')
      .select(['membership_id', byDay ? 'retry_day' : sql<number | null>`null`.as('retry_day')])
      .where('brand_id', '=', brandId)
      .where((eb) => eventMatches(eb, EVENT_FIGURES[name]))
      .where('month', '>=', from)
      .where('month', '<=', to)
      .$if(byDay, (q) => q.groupBy(['retry_day', 'membership_id']))
      .$if(!byDay, (q) => q.groupBy('membership_id'))
    const rows = await db
      .selectFrom(once.as('once'))
      .select((eb) => ['once.retry_day', eb.fn.countAll<number | string>().as('members')])
      .groupBy('once.retry_day')
      .execute()
    return rows.map((row) => ({ day: row.retry_day, members: Number(row.members) }))
  }
  // all seven at once (each a small index-only range; one statement over them all was slower on PostgreSQL: decision 256)
  const [totalRows, dayRows] = await Promise.all([
    Promise.all(names.map(async (name) => [name, (await count(name, false))[0]?.members ?? 0] as const)),
    Promise.all(names.slice(1).map(async (name) => [name, await count(name, true)] as const)),
  ])
  const totals = Object.fromEntries(totalRows) as Record<(typeof names)[number], number>
  const byDay = Object.fromEntries(dayRows) as Record<Exclude<(typeof names)[number], 'failed'>, { day: number | null; members: number }[]>
  return { totals, byDay }
}

/** Members by state today, and the monthly recurring revenue in cents. */
export async function statesToday(db: Db, brandId: string) {
  const rows = await db
    .selectFrom('memberships')
    .select((eb) => [
      'status',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>('amount_cents').as('amount'),
      eb.fn.sum<number | string | null>('pause_monthly_price_cents').as('pause'),
    ])
    .where('brand_id', '=', brandId)
    .groupBy('status')
    .execute()
  let mrrCents = 0
  const counts = new Map<string, number>()
  for (const row of rows) {
    counts.set(row.status, Number(row.n))
    if (row.status === 'active' || row.status === 'skipped') mrrCents += Number(row.amount ?? 0)
    if (row.status === 'paused') mrrCents += Number(row.pause ?? 0)
  }
  return { counts, mrrCents }
}

/** The day SAVE_OFFER_WINDOW_DAYS after a 'YYYY-MM-DD' column, as text, on either database. */
function weekAfter(db: Db, day: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
  const days = SAVE_OFFER_WINDOW_DAYS
  return dialectOf(db) === 'postgres' ? sql<string>`to_char(${day}::date + ${sql.lit(days)}, 'YYYY-MM-DD')` : sql<string>`date(${day}, ${sql.lit(`+${days} days`)})`
}

/** The save offers shown in a range, and the skips, pauses and cancels of those members until a week after it (the members list's filter, decided again by core's saveOutcomes). */
export async function saveOfferEvents(db: Db, brandId: string, from: string, to: string) {
  const offers = await db
    .selectFrom('membership_events')
    .select(['membership_id as membershipId', 'at'])
    .where('brand_id', '=', brandId)
    .where('month', '>=', from)
    .where('month', '<=', to)
    .where('event', '=', 'save_offer_shown')
    .execute()
  if (offers.length === 0) return { offers, answers: [] }
  // each shown member's later skips, pauses and cancels, found through their own history (membership_events_member)
  const answers = await db
    .selectFrom('membership_events as offer')
    .innerJoin('membership_events as answer', (join) =>
      join
        .onRef('answer.membership_id', '=', 'offer.membership_id')
        .onRef('answer.day', '>=', 'offer.day')
        // only the week an answer counts in (core's SAVE_OFFER_WINDOW_DAYS, checked again by saveOutcomes to the minute)
        .on('answer.day', '<=', weekAfter(db, sql.ref('offer.day')))
        .onRef('answer.at', '>', 'offer.at'),
    )
    // a member shown the offer twice brings their answers twice: saveOutcomes takes each offer's first
    .select(['answer.membership_id as membershipId', 'answer.at', 'answer.event'])
    .where('offer.brand_id', '=', brandId)
    .where('offer.event', '=', 'save_offer_shown')
    .where('offer.month', '>=', from)
    .where('offer.month', '<=', to)
    .where('answer.event', 'in', ['skip', 'pause', 'cancel'])
    .execute()
  return { offers, answers }
}

/** The members shown the save offer in a range, and of them those whose offer had each answer ('none': no skip, pause or cancel within the week after it). */
export async function saveOfferCounts(db: Db, brandId: string, from: string, to: string): Promise<{ shown: number; byAnswer: Map<string, number> }> {
  const offers = db.selectFrom('membership_events').where('brand_id', '=', brandId).where('event', '=', 'save_offer_shown').where('month', '>=', from).where('month', '<=', to)
  // each member once (once an answer), then counted: an index-only scan of membership_events_save_answer
  const [shown, answers] = await Promise.all([
    db
      .selectFrom(offers.select('membership_id').groupBy('membership_id').as('once'))
      .select((eb) => eb.fn.countAll<number | string>().as('members'))
      .executeTakeFirst(),
    db
      .selectFrom(offers.select(['save_answer', 'membership_id']).groupBy(['save_answer', 'membership_id']).as('once'))
      .select((eb) => ['once.save_answer', eb.fn.countAll<number | string>().as('members')])
      .groupBy('once.save_answer')
      .execute(),
  ])
  return { shown: Number(shown?.members ?? 0), byAnswer: new Map(answers.map((row) => [row.save_answer ?? 'none', Number(row.members)])) }
}

/** The first day of a YYYY-MM, as the memberships' created_at compares. */
const monthStart = (month: string) => `${month}-01`

/** The month after a YYYY-MM's first day. */
function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
}

/** Memberships made in [from, to], by month (their members leaving and coming back are club_months' 'cohort' figure). */
export async function cohortSizes(db: Db, brandId: string, from: string, to: string): Promise<{ cohort: string; size: number }[]> {
  const sizes = await db
    .selectFrom('memberships')
    .select((eb) => [sql<string>`substr(created_at, 1, 7)`.as('cohort'), eb.fn.countAll<number | string>().as('n')])
    .where('brand_id', '=', brandId)
    .where('created_at', '>=', monthStart(from))
    .where('created_at', '<', nextMonthStart(to))
    .groupBy(sql`substr(created_at, 1, 7)`)
    .execute()
  return sizes.map((row) => ({ cohort: row.cohort, size: Number(row.n) }))
}

export { monthStart, nextMonthStart }
