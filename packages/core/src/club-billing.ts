/**
 * The club's billing schedule (docs/club-membership.md): billing dates a month
 * apart clamped to the month's end, period keys, the cut-off for picks and skips,
 * the retry schedule of a failed charge, and what is due in each state. Dates are
 * calendar days, 'YYYY-MM-DD', with no time zone: the billing job decides which day
 * it is (`npm run billing -- --as-of YYYY-MM-DD`).
 */
import type { MembershipStatus } from './membership.ts'

/** A calendar day, 'YYYY-MM-DD'. */
export type CalendarDate = string
/** A billing period, 'YYYY-MM': the month of its billing date. */
export type PeriodKey = string

/** Picks and skips for a period are open until this many days before its billing date. */
export const PICK_CUTOFF_DAYS = 5

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function parts(date: CalendarDate): { y: number; m: number; d: number } {
  const match = DATE.exec(date)
  if (match) {
    const y = Number(match[1])
    const m = Number(match[2])
    const d = Number(match[3])
    if (m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m)) return { y, m, d }
  }
  throw new Error(`Invalid date: ${date}`)
}

/** Days in month m (1-12) of year y. */
export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate()
}

function format(y: number, m: number, d: number): CalendarDate {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isCalendarDate(v: unknown): v is CalendarDate {
  if (typeof v !== 'string') return false
  try {
    parts(v)
    return true
  } catch {
    return false
  }
}

/** The day n days after (or before, n < 0) a date. */
export function addDays(date: CalendarDate, n: number): CalendarDate {
  const { y, m, d } = parts(date)
  const t = new Date(Date.UTC(y, m - 1, d + n))
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate())
}

/**
 * The billing date `months` after `from`, on the member's billing day (by default
 * from's own day), clamped to the month's end: Jan 31 -> Feb 28 (29 in a leap
 * year). Pass the day the member joined as billingDay so a clamped date does not
 * drift: nextBillingDate('2026-02-28', 1, 31) is '2026-03-31'.
 */
export function nextBillingDate(from: CalendarDate, months = 1, billingDay?: number): CalendarDate {
  if (!Number.isInteger(months) || months < 0) throw new Error(`Invalid number of months: ${months}`)
  const { y, m, d } = parts(from)
  const day = billingDay ?? d
  if (!Number.isInteger(day) || day < 1 || day > 31) throw new Error(`Invalid billing day: ${day}`)
  const index = y * 12 + (m - 1) + months
  const ny = Math.floor(index / 12)
  const nm = (index % 12) + 1
  return format(ny, nm, Math.min(day, daysInMonth(ny, nm)))
}

/** The period a billing date belongs to: '2026-11-15' -> '2026-11'. */
export function periodOf(date: CalendarDate): PeriodKey {
  const { y, m } = parts(date)
  return format(y, m, 1).slice(0, 7)
}

/** The last day picks and skips for the period billed on `billingDate` are open. */
export function cutoffDate(billingDate: CalendarDate): CalendarDate {
  return addDays(billingDate, -PICK_CUTOFF_DAYS)
}

/** True once `today` is after the cut-off of the period billed on `nextBillingDate`. */
export function isPastCutoff(today: CalendarDate, nextBillingDate: CalendarDate): boolean {
  parts(today)
  return today > cutoffDate(nextBillingDate)
}

/**
 * Failed charges are retried on WooCommerce Subscriptions' default schedule: five
 * retries, 12 hours, 12 hours, 1 day, 2 days and 3 days apart (each after the one
 * before), 7 days in all; after the last one fails the membership lapses.
 */
export const RETRY_INTERVAL_HOURS = [12, 12, 24, 48, 72] as const
export const RETRY_COUNT = RETRY_INTERVAL_HOURS.length

const HOUR_MS = 60 * 60 * 1000

/** When each retry is due after a charge failed at `failedAt`, to the hour. */
export function retryTimes(failedAt: Date): Date[] {
  let t = failedAt.getTime()
  return RETRY_INTERVAL_HOURS.map((hours) => {
    t += hours * HOUR_MS
    return new Date(t)
  })
}

/**
 * Retry days for the daily billing job, after a charge failed on `failedOn`: each
 * retry of the schedule above on the day its hour falls, rounded up to a whole day,
 * and never two on one day (a later one moves to the next free day). This gives
 * days 1, 2, 3, 4 and 7 after the failure: five retries, the last on day 7 as in
 * the hourly schedule.
 */
export function retryDates(failedOn: CalendarDate): CalendarDate[] {
  const days: number[] = []
  let hours = 0
  for (const interval of RETRY_INTERVAL_HOURS) {
    hours += interval
    const previous = days[days.length - 1] ?? 0
    days.push(Math.max(Math.ceil(hours / 24), previous + 1))
  }
  return days.map((n) => addDays(failedOn, n))
}

/** True for the last retry (numbered from 1): when it fails, retries are exhausted. */
export function isLastRetry(retryNumber: number): boolean {
  return retryNumber >= RETRY_COUNT
}

/** The day of the next retry after `retriesDone` retries have failed, or null when none is left. */
export function nextRetryDate(failedOn: CalendarDate, retriesDone: number): CalendarDate | null {
  return retryDates(failedOn)[retriesDone] ?? null
}

/** The membership's money facts, in cents (SPEC §3 membership: amount, pause_monthly_price, prepaid_months). */
export interface MembershipBilling {
  status: MembershipStatus
  amountCents: number
  pauseMonthlyPriceCents: number
  prepaidMonths: number
  /** For an overdue membership: the failed charge was a pause fee. */
  wasPaused?: boolean
}

export interface AmountDue {
  /** What to charge on the billing date (0: charge nothing). */
  chargeCents: number
  /** prepaid_months after this billing date. */
  prepaidMonths: number
}

/**
 * What the billing date charges:
 * - active: the monthly amount, or nothing when a prepaid month is left (one is used);
 * - paused: the pause price (prepaid months are kept for months with a box);
 * - overdue: what failed, the amount or (wasPaused) the pause price;
 * - skipped, cancelled, lapsed: nothing.
 */
export function amountDue(m: MembershipBilling): AmountDue {
  const prepaidMonths = Math.max(0, Math.floor(m.prepaidMonths))
  switch (m.status) {
    case 'active':
      return prepaidMonths > 0 ? { chargeCents: 0, prepaidMonths: prepaidMonths - 1 } : { chargeCents: m.amountCents, prepaidMonths }
    case 'paused':
      return { chargeCents: m.pauseMonthlyPriceCents, prepaidMonths }
    case 'overdue':
      return { chargeCents: m.wasPaused ? m.pauseMonthlyPriceCents : m.amountCents, prepaidMonths }
    case 'skipped':
    case 'cancelled':
    case 'lapsed':
      return { chargeCents: 0, prepaidMonths }
  }
}

/**
 * The billing date a pause asked for today first charges the pause price. A month
 * already skipped stays free: pausing from `skipped` settles the skipped month as it
 * is (nothing charged, no box) and the pause price starts on the billing date after
 * it; from any other state the pause price is charged on the coming billing date
 * `due`. Pass the member's billing day, as for nextBillingDate.
 */
export function firstPauseFeeDate(from: MembershipStatus, due: CalendarDate, billingDay?: number): CalendarDate {
  return pauseKeepsSkippedMonth(from) ? nextBillingDate(due, 1, billingDay) : due
}

/** True when a pause from `from` leaves the coming period skipped (free) and bills the pause price from the period after. */
export function pauseKeepsSkippedMonth(from: MembershipStatus): boolean {
  return from === 'skipped'
}
