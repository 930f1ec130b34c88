/**
 * The counts behind the club's health figures, read from the club's history
 * (membership_events, migration 032) and the memberships, for one brand. Each is one
 * grouped statement over an index (docs/admin-club.md, "Figures"); what they mean is
 * core's club-health.ts.
 */
import { MEMBER_STATES, type StateChange } from '@store/core'
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely'
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

/** Members counted by event figure and month, in a range of months. */
export async function eventFiguresByMonth(db: Db, brandId: string, from: string, to: string): Promise<{ month: string; figure: EventFigure; members: number }[]> {
  const figures = Object.entries(EVENT_FIGURES) as [EventFigure, EventFilter][]
  const rows = await db
    .selectFrom('membership_events')
    .select((eb) => {
      const [first, ...rest] = figures
      let chain = eb.case().when(eventMatches(eb, first![1])).then<string>(first![0])
      for (const [name, filter] of rest) chain = chain.when(eventMatches(eb, filter)).then(name)
      return ['month', chain.else(null).end().as('figure'), eb.fn.count<number | string>('membership_id').distinct().as('members')]
    })
    .where('brand_id', '=', brandId)
    .where('month', '>=', from)
    .where('month', '<=', to)
    .where('event', 'in', ['join', 'rejoin', 'cancel', 'retries_exhausted', 'skip', 'charge_failed', 'charge_succeeded'])
    .groupBy(['month', 'figure'])
    .execute()
  return rows.filter((row) => row.figure !== null).map((row) => ({ month: row.month, figure: row.figure as EventFigure, members: Number(row.members) }))
}

/** Members counted by event figure over the whole range, and by retry day. */
export async function recoveryCounts(db: Db, brandId: string, from: string, to: string) {
  const names = ['failed', 'recovered_by_retry', 'recovered_by_new_card', 'lapses'] as const
  const count = async (name: (typeof names)[number], byDay: boolean) => {
    const rows = await db
      .selectFrom('membership_events')
      .select((eb) => ['retry_day', eb.fn.count<number | string>('membership_id').distinct().as('members')])
      .where('brand_id', '=', brandId)
      .where('month', '>=', from)
      .where('month', '<=', to)
      .where((eb) => eventMatches(eb, EVENT_FIGURES[name]))
      .$if(byDay, (q) => q.groupBy('retry_day'))
      .$if(!byDay, (q) => q.clearSelect().select((eb) => [sql<null>`null`.as('retry_day'), eb.fn.count<number | string>('membership_id').distinct().as('members')]))
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

/** The save offers shown in a range, and the skips, pauses and cancels of those members until a week after it. */
export async function saveOfferEvents(db: Db, brandId: string, from: string, to: string, answersTo: string) {
  const offers = await db
    .selectFrom('membership_events')
    .select(['membership_id as membershipId', 'at'])
    .where('brand_id', '=', brandId)
    .where('month', '>=', from)
    .where('month', '<=', to)
    .where('event', '=', 'save_offer_shown')
    .execute()
  if (offers.length === 0) return { offers, answers: [] }
  const answers = await db
    .selectFrom('membership_events')
    .select(['membership_id as membershipId', 'at', 'event'])
    .where('brand_id', '=', brandId)
    .where('month', '>=', from)
    .where('month', '<=', answersTo)
    .where('event', 'in', ['skip', 'pause', 'cancel'])
    .where('membership_id', 'in', (eb) =>
      eb
        .selectFrom('membership_events as offer')
        .select('offer.membership_id')
        .where('offer.brand_id', '=', brandId)
        .where('offer.month', '>=', from)
        .where('offer.month', '<=', to)
        .where('offer.event', '=', 'save_offer_shown'),
    )
    .execute()
  return { offers, answers }
}

/** The reasons of each cancel in a range (JSON lists), newest first. */
export async function cancelReasons(db: Db, brandId: string, from: string, to: string): Promise<string[][]> {
  const rows = await db
    .selectFrom('membership_events')
    .select(['detail_json'])
    .where('brand_id', '=', brandId)
    .where('month', '>=', from)
    .where('month', '<=', to)
    .where('event', '=', 'cancel')
    .orderBy('at', 'desc')
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
  const changes = await db
    .selectFrom('membership_events')
    .innerJoin('memberships', 'memberships.id', 'membership_events.membership_id')
    .select((eb) => [
      sql<string>`substr(memberships.created_at, 1, 7)`.as('cohort'),
      'membership_events.month',
      eb.fn.sum<number | string>(eb.case().when('membership_events.to_status', 'in', FORMER).then(1).else(-1).end()).as('left'),
    ])
    .where('membership_events.brand_id', '=', brandId)
    .where('membership_events.month', '>=', from)
    .where('membership_events.month', '<=', to)
    .where('memberships.created_at', '>=', monthStart(from))
    .where('memberships.created_at', '<', nextMonthStart(to))
    .where((eb) =>
      eb.or([
        eb.and([eb('membership_events.from_status', 'in', members), eb('membership_events.to_status', 'in', FORMER)]),
        eb.and([eb('membership_events.from_status', 'in', FORMER), eb('membership_events.to_status', 'in', members)]),
      ]),
    )
    .groupBy([sql`substr(memberships.created_at, 1, 7)`, 'membership_events.month'])
    .execute()
  return {
    sizes: sizes.map((row) => ({ cohort: row.cohort, size: Number(row.n) })),
    changes: changes.map((row) => ({ cohort: row.cohort, month: row.month, left: Number(row.left) })),
  }
}

export { monthStart, nextMonthStart }
