/**
 * The operator's reports (issue 36 item 6) as pure rules: the period a report covers, the take
 * rates of the funnel, average order value, and how long a size's stock lasts at its pace.
 * The server's queries count; these say what the counts mean.
 */

const DAY_MS = 86_400_000
/** The longest period a report covers: two years, as the club's history does. */
export const MAX_REPORT_DAYS = 731
/** A report without dates covers the last 30 days, today included. */
export const DEFAULT_REPORT_DAYS = 30

const DATE = /^\d{4}-\d{2}-\d{2}$/

function isCalendarDay(value: string): boolean {
  if (!DATE.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

export type PeriodResult = { ok: true; from: string; to: string; days: number } | { ok: false; field: 'from' | 'to'; message: string }

/**
 * The period of a report from its `from` and `to` (calendar days, both inclusive): the last 30
 * days to today without them; refused in words when a day is not one, `to` comes before `from`,
 * or the period is longer than two years.
 */
export function reportPeriod(from: string | undefined, to: string | undefined, today: Date): PeriodResult {
  const end = to ?? today.toISOString().slice(0, 10)
  if (!isCalendarDay(end)) return { ok: false, field: 'to', message: 'Give the last day as YYYY-MM-DD.' }
  const start = from ?? new Date(Date.parse(`${end}T00:00:00Z`) - (DEFAULT_REPORT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10)
  if (!isCalendarDay(start)) return { ok: false, field: 'from', message: 'Give the first day as YYYY-MM-DD.' }
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1
  if (days < 1) return { ok: false, field: 'to', message: 'The last day comes before the first.' }
  if (days > MAX_REPORT_DAYS) return { ok: false, field: 'from', message: 'A report covers two years at most: choose a later first day.' }
  return { ok: true, from: start, to: end, days }
}

/** Every day of a period, in order ('2026-11-01' ... '2026-11-30'): a day without sales is a row of zeros, not a gap. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = []
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end; at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10))
  return days
}

/** The first instant after a period's last day: the bound queries compare ISO timestamps against. */
export const dayAfter = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString()

/** part of whole, 0..1 to four places; null when nobody reached the step before (no rate to speak of). */
export function takeRate(part: number, whole: number): number | null {
  if (whole <= 0) return null
  return Math.round((part / whole) * 10_000) / 10_000
}

/** Average order value in cents, rounded to the cent; 0 without orders. */
export function averageOrderCents(grossCents: number, orders: number): number {
  return orders > 0 ? Math.round(grossCents / orders) : 0
}

/** How many days `stock` lasts at the pace of `soldInWindow` pieces in `windowDays` (one decimal); null when none sold. */
export function daysOfCover(stock: number, soldInWindow: number, windowDays = 30): number | null {
  if (soldInWindow <= 0) return null
  return Math.round((stock / (soldInWindow / windowDays)) * 10) / 10
}
