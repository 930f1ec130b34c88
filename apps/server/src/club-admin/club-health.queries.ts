/**
 * The counts behind the club's health figures, read from the club's history
 * (membership_events, migration 032) and the memberships, for one brand. Each is one
 * grouped statement over an index (docs/admin-club.md, "Figures"); what they mean is
 * core's club-health.ts.
 */
import { MEMBER_STATES, SAVE_OFFER_WINDOW_DAYS, type StateChange } from '@store/core'
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import { dialectOf } from '../db/connection.ts'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database>
type Events = ExpressionBuilder<Database, 'membership_events'>

const FORMER = ['cancelled', 'lapsed']

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

/** Every change of state up to the end of `toMonth` (the members by state at each month's end are their running sum). */
export async function stateChanges(db: Db, brandId: string, toMonth: string): Promise<StateChange[]> {
  const rows = await db
    .selectFrom('membership_events')
    .select(['month', 'from_status', 'to_status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('brand_id', '=', brandId)
    .where('month', '<=', toMonth)
    .where((eb) => eb.or([eb('from_status', 'is', null), eb('from_status', '!=', eb.ref('to_status'))]))
    .groupBy(['month', 'from_status', 'to_status'])
    .execute()
  return rows.map((row) => ({ month: row.month, from: row.from_status, to: row.to_status, count: Number(row.n) }))
}

/** Members counted by event figure and month, in a range of months: one index range per figure, grouped in the index's order. */
export async function eventFiguresByMonth(db: Db, brandId: string, from: string, to: string): Promise<{ month: string; figure: EventFigure; members: number }[]> {
  const names = ['joins', 'cancels', 'lapses', 'skips'] as const satisfies readonly EventFigure[]
  const counted = await Promise.all(
    names.map(async (figure) => {
      // each member once a month: one index range per event (an IN list leads SQLite's planner to the month index), united
      // without repeats, then counted (no DISTINCT aggregate)
      const { event, ...rest } = EVENT_FIGURES[figure] as EventFilter
      const byEvent = event.map((one) =>
        db
          .selectFrom('membership_events')
          .select(['month', 'membership_id'])
          .where('brand_id', '=', brandId)
          .where((eb) => eventMatches(eb, { event: [one], ...rest }))
          .where('month', '>=', from)
          .where('month', '<=', to)
          .groupBy(['month', 'membership_id']),
      )
      const once = byEvent.slice(1).reduce((all, next) => all.union(next), byEvent[0]!)
      const rows = await db
        .selectFrom(once.as('once'))
        .select((eb) => ['once.month', eb.fn.countAll<number | string>().as('members')])
        .groupBy('once.month')
        .execute()
      return rows.map((row) => ({ month: row.month, figure, members: Number(row.members) }))
    }),
  )
  return counted.flat()
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
  const totals = Object.fromEntries(await Promise.all(names.map(async (name) => [name, (await count(name, false))[0]?.members ?? 0] as const))) as Record<
    (typeof names)[number],
    number
  >
  const byDay = Object.fromEntries(await Promise.all(names.slice(1).map(async (name) => [name, await count(name, true)] as const))) as Record<
    Exclude<(typeof names)[number], 'failed'>,
    { day: number | null; members: number }[]
  >
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

/** The save offers shown in a range, and the skips, pauses and cancels of those members until a week after it. */
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

/** The reasons of each cancel in a range (JSON lists). */
export async function cancelReasons(db: Db, brandId: string, from: string, to: string): Promise<string[][]> {
  const rows = await db
    .selectFrom('membership_events')
    .select(['detail_json'])
    .where('brand_id', '=', brandId)
    .where('month', '>=', from)
    .where('month', '<=', to)
    .where('event', '=', 'cancel')
    .execute()
  return rows.map((row) => {
    const detail = row.detail_json ? (JSON.parse(row.detail_json) as { reasons?: unknown }) : {}
    return Array.isArray(detail.reasons) ? detail.reasons.filter((reason): reason is string => typeof reason === 'string') : []
  })
}

/** The first day of a YYYY-MM, as the memberships' created_at compares. */
const monthStart = (month: string) => `${month}-01`

/** The month after a YYYY-MM's first day. */
function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
}

/** Memberships made in [from, to] by month, and their members leaving (+1) or coming back (-1) by month. */
export async function cohortCounts(db: Db, brandId: string, from: string, to: string) {
  const sizes = await db
    .selectFrom('memberships')
    .select((eb) => [sql<string>`substr(created_at, 1, 7)`.as('cohort'), eb.fn.countAll<number | string>().as('n')])
    .where('brand_id', '=', brandId)
    .where('created_at', '>=', monthStart(from))
    .where('created_at', '<', nextMonthStart(to))
    .groupBy(sql`substr(created_at, 1, 7)`)
    .execute()
  const members = [...MEMBER_STATES]
  // the events that end a membership (+1) or bring a former member back (-1), one index range per event
  const ends = (event: string, left: 1 | -1) =>
    db
      .selectFrom('membership_events')
      .select(['membership_id', 'month', sql<number>`${sql.lit(left)}`.as('left')])
      .where('brand_id', '=', brandId)
      .where('event', '=', event)
      .where('month', '>=', from)
      .where('month', '<=', to)
      // a cancel or the retries' end always ends, a rejoin or a join always starts: the state left says which (covered by the index)
      .where('from_status', 'in', left === 1 ? members : FORMER)
  const moves = ends('cancel', 1).unionAll(ends('retries_exhausted', 1)).unionAll(ends('rejoin', -1)).unionAll(ends('join', -1))
  const changes = await db
    .selectFrom(moves.as('moves'))
    .innerJoin('memberships', 'memberships.id', 'moves.membership_id')
    .select((eb) => [sql<string>`substr(memberships.created_at, 1, 7)`.as('cohort'), 'moves.month', eb.fn.sum<number | string>('moves.left').as('left')])
    .where('memberships.created_at', '>=', monthStart(from))
    .where('memberships.created_at', '<', nextMonthStart(to))
    .groupBy([sql`substr(memberships.created_at, 1, 7)`, 'moves.month'])
    .execute()
  return {
    sizes: sizes.map((row) => ({ cohort: row.cohort, size: Number(row.n) })),
    changes: changes.map((row) => ({ cohort: row.cohort, month: row.month, left: Number(row.left) })),
  }
}

export { monthStart, nextMonthStart }
