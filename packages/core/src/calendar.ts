/**
 * Calendar days and months in the store's words, the same on the server, in e-mails and in the
 * browser: 'December 25, 2026', not '2026-12-25'. Written from a table rather than Intl (the
 * first Intl.DateTimeFormat a page builds loads the browser's locale data, 25-55 ms of main
 * thread), and read as written: a day is a calendar day, no time zone moves it.
 */

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

const monthOf = (month: string | undefined): string | undefined => MONTH_NAMES[Number(month) - 1]

/** '2026-12' (or a day of it, '2026-12-25') -> 'December 2026'; anything else is given back as it came. */
export function monthName(period: string): string {
  const [year, month] = period.split('-')
  const name = monthOf(month)
  return name && year ? `${name} ${year}` : period
}

/** '2026-12-04' -> 'December 4, 2026'; anything else is given back as it came. */
export function dayName(date: string): string {
  const [year, month, day] = date.split('-')
  const name = monthOf(month)
  const dayOfMonth = Number(day)
  return name && year && Number.isInteger(dayOfMonth) && dayOfMonth >= 1 && dayOfMonth <= 31 ? `${name} ${dayOfMonth}, ${year}` : date
}
