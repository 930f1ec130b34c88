/**
 * The club's health at a brand (DESIGN §8 GET /api/admin/club/summary): every figure
 * comes with the members list's filter that shows the members behind it, so a figure
 * and its list agree (tested on known data, both databases: club-health.test.ts).
 */
import {
  churn,
  cohortRetention,
  MEMBERSHIP_STATUSES,
  membersIn,
  monthEnd,
  monthsBetween,
  rankCountedReasons,
  rate,
  statesByMonth,
  type ClubFigure,
  type ClubStates,
  type ClubSummary,
  type StateCounts,
} from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { badRequest } from '../http/errors.ts'
import { clubMonthFigures, cohortSizes, EVENT_FIGURES, recoveryCounts, saveOfferCounts, statesToday, type EventFigure } from './club-health.queries.ts'

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** The members list's filter, as a query string (empty values left out). */
function membersLink(filter: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value))
  return params.toString()
}

const figure = (value: number, filter: Record<string, string | number | undefined>): ClubFigure => ({ value, members: membersLink(filter) })

/** The filter of an event figure, in a month or a range of months. */
function eventLink(name: EventFigure, range: { month?: string; from?: string; to?: string }, retryDay?: number) {
  const { event, ...rest } = EVENT_FIGURES[name] as { event: readonly string[]; from_state?: string; cause?: string }
  return { event: event.join(','), ...rest, ...range, retry_day: retryDay }
}

function states(counts: StateCounts, on?: string): ClubStates {
  return Object.fromEntries(MEMBERSHIP_STATUSES.map((state) => [state, figure(counts[state], { state, on })])) as unknown as ClubStates
}

/** The range asked for: months 'YYYY-MM', by default the twelve months to this one. */
function clubRange(query: { from?: string; to?: string }, today: string): { from: string; to: string } {
  const thisMonth = today.slice(0, 7)
  const to = query.to ?? thisMonth
  const [y, m] = to.split('-').map(Number) as [number, number]
  const from = query.from ?? (m === 12 ? `${y}-01` : `${y - 1}-${String(m + 1).padStart(2, '0')}`)
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!MONTH.test(value)) throw badRequest('Give a month as YYYY-MM, for instance 2026-11.', field)
  }
  if (from > to) throw badRequest('The range starts after it ends: pick a "from" month before the "to" month.', 'from')
  if (monthsBetween(from, to).length > 36) throw badRequest('Pick at most 36 months at a time.', 'from')
  if (from > thisMonth) throw badRequest('The range starts in the future: pick a month up to this one.', 'from')
  // a range running on past this month ends with it
  if (to > thisMonth) return { from, to: thisMonth }
  return { from, to }
}

/** The figures of a range of months (the request's brand; the bench passes a brand's data and a clock). */
export async function clubSummary(ctx: Pick<RequestContext, 'data' | 'now'>, query: { from?: string; to?: string }): Promise<ClubSummary> {
  const { db, brandId } = ctx.data
  const today = ctx.now().toISOString().slice(0, 10)
  const { from, to } = clubRange(query, today)
  const months = monthsBetween(from, to)
  // five statements at once, none waiting for another (decision 256)
  const [kept, recovery, now, offers, sizes] = await Promise.all([
    clubMonthFigures(db, brandId, from, to),
    recoveryCounts(db, brandId, from, to),
    statesToday(db, brandId),
    saveOfferCounts(db, brandId, from, to),
    cohortSizes(db, brandId, from, to),
  ])

  const byMonth = statesByMonth(kept.changes, months)
  const count = (month: string, name: EventFigure) => kept.byMonth.find((row) => row.month === month && row.figure === name)?.members ?? 0
  let atStart = byMonth.start
  const monthRows = months.map((month, i) => {
    const end = byMonth.ends[i]!
    const countedOn = month === today.slice(0, 7) ? today : monthEnd(month)
    const range = { month }
    const joins = count(month, 'joins')
    const cancels = count(month, 'cancels')
    const lapses = count(month, 'lapses')
    const skips = count(month, 'skips')
    const start = atStart
    atStart = end
    return {
      month,
      counted_on: countedOn,
      states: states(end, countedOn),
      members_at_start: membersIn(start),
      joins: figure(joins, eventLink('joins', range)),
      cancels: figure(cancels, eventLink('cancels', range)),
      lapses: figure(lapses, eventLink('lapses', range)),
      net_growth: joins - cancels - lapses,
      churn: churn(membersIn(start), cancels + lapses),
      skips: figure(skips, eventLink('skips', range)),
      skip_rate: rate(skips, start.active + start.skipped),
    }
  })

  const todayCounts = Object.fromEntries(MEMBERSHIP_STATUSES.map((state) => [state, now.counts.get(state) ?? 0])) as StateCounts
  // each offer's answer is core's saveOutcomes, written on the offer as it happens (migration 043)
  const outcomeCount = (outcome: 'skip' | 'pause' | 'cancel' | 'none') => offers.byAnswer.get(outcome) ?? 0
  const shown = offers.shown
  const range = { from, to }
  const saved = outcomeCount('skip') + outcomeCount('pause')

  const recovered = recovery.totals.recovered_by_retry + recovery.totals.recovered_by_new_card
  const days = [
    ...new Set(
      Object.values(recovery.byDay)
        .flat()
        .map((row) => row.day)
        .filter((day): day is number => day !== null),
    ),
  ].sort((a, b) => a - b)
  const onDay = (name: 'recovered_by_retry' | 'recovered_by_new_card' | 'lapses', day: number) => recovery.byDay[name].find((row) => row.day === day)?.members ?? 0

  const retention = cohortRetention(sizes, kept.cohortChanges, months)
  return {
    from,
    to,
    today,
    mrr: now.mrrCents / 100,
    states_today: states(todayCounts),
    months: monthRows,
    save_offer: {
      shown: figure(shown, { offer: 'shown', ...range }),
      saved_by_skip: figure(outcomeCount('skip'), { offer: 'skip', ...range }),
      saved_by_pause: figure(outcomeCount('pause'), { offer: 'pause', ...range }),
      cancelled_anyway: figure(outcomeCount('cancel'), { offer: 'cancel', ...range }),
      no_answer: figure(outcomeCount('none'), { offer: 'none', ...range }),
      save_rate: rate(saved, shown),
    },
    cancel_reasons: rankCountedReasons(kept.reasons, kept.answers).map((reason) => ({
      reason: reason.reason,
      count: reason.count,
      members: membersLink({ reason: reason.reason, ...range }),
      answers: reason.answers.slice(0, 100),
    })),
    recovery: {
      failed: figure(recovery.totals.failed, eventLink('failed', range)),
      recovered_by_retry: figure(recovery.totals.recovered_by_retry, eventLink('recovered_by_retry', range)),
      recovered_by_new_card: figure(recovery.totals.recovered_by_new_card, eventLink('recovered_by_new_card', range)),
      lapsed: figure(recovery.totals.lapses, eventLink('lapses', range)),
      recovery_rate: rate(recovered, recovered + recovery.totals.lapses),
      overdue_now: figure(todayCounts.overdue, { state: 'overdue' }),
      by_retry_day: days.map((day) => ({
        day,
        recovered_by_retry: figure(onDay('recovered_by_retry', day), eventLink('recovered_by_retry', range, day)),
        recovered_by_new_card: figure(onDay('recovered_by_new_card', day), eventLink('recovered_by_new_card', range, day)),
        lapsed: figure(onDay('lapses', day), eventLink('lapses', range, day)),
      })),
    },
    cohorts: retention.map((row) => ({
      cohort: row.cohort,
      size: figure(row.size, { cohort: row.cohort }),
      retained: row.retained.map((cell) => {
        const on = cell.month === today.slice(0, 7) ? today : monthEnd(cell.month)
        return { month: cell.month, members: figure(cell.members, { cohort: row.cohort, member_on: on }), rate: cell.rate }
      }),
    })),
  }
}
