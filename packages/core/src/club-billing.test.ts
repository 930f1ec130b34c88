import { describe, expect, it } from 'vitest'
import {
  addDays,
  amountDue,
  cutoffDate,
  daysInMonth,
  firstPauseFeeDate,
  isCalendarDate,
  isLastRetry,
  isPastCutoff,
  nextBillingDate,
  nextRetryDate,
  pauseKeepsSkippedMonth,
  periodOf,
  PICK_CUTOFF_DAYS,
  RETRY_COUNT,
  retryDates,
  retryTimes,
} from './club-billing.ts'

describe('nextBillingDate', () => {
  it.each([
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-12-31', 1, '2027-01-31'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2026-05-10', 12, '2027-05-10'],
    ['2026-05-10', 0, '2026-05-10'],
  ])('%s + %i month(s) -> %s', (from, months, expected) => {
    expect(nextBillingDate(from, months)).toBe(expected)
  })

  it('adds one month by default', () => {
    expect(nextBillingDate('2026-11-23')).toBe('2026-12-23')
  })

  it('keeps the member’s billing day, so a clamped month does not drift', () => {
    expect(nextBillingDate('2026-02-28')).toBe('2026-03-28')
    expect(nextBillingDate('2026-02-28', 1, 31)).toBe('2026-03-31')
    expect(nextBillingDate('2026-03-31', 1, 31)).toBe('2026-04-30')
    expect(nextBillingDate('2026-04-30', 1, 31)).toBe('2026-05-31')
  })

  it('refuses bad input', () => {
    expect(() => nextBillingDate('2026-02-30')).toThrow('Invalid date: 2026-02-30')
    expect(() => nextBillingDate('2026-1-5')).toThrow('Invalid date')
    expect(() => nextBillingDate('2026-01-05', -1)).toThrow('Invalid number of months')
    expect(() => nextBillingDate('2026-01-05', 1.5)).toThrow('Invalid number of months')
    expect(() => nextBillingDate('2026-01-05', 1, 32)).toThrow('Invalid billing day')
  })
})

describe('calendar days', () => {
  it('counts days in a month, leap years included', () => {
    expect(daysInMonth(2026, 2)).toBe(28)
    expect(daysInMonth(2028, 2)).toBe(29)
    expect(daysInMonth(2100, 2)).toBe(28)
    expect(daysInMonth(2000, 2)).toBe(29)
    expect(daysInMonth(2026, 12)).toBe(31)
  })
  it('adds and subtracts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
    expect(addDays('2026-03-02', -3)).toBe('2026-02-27')
  })
  it('tells real days from other values', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2026-02-29')).toBe(false)
    expect(isCalendarDate('2026-13-01')).toBe(false)
    expect(isCalendarDate(20261123)).toBe(false)
  })
})

describe('periodOf', () => {
  it('names the period by its billing month', () => {
    expect(periodOf('2026-11-23')).toBe('2026-11')
    expect(periodOf('2027-01-01')).toBe('2027-01')
    expect(() => periodOf('November')).toThrow('Invalid date')
  })
})

describe('cut-off', () => {
  it('closes picks and skips 5 days before the billing date', () => {
    expect(PICK_CUTOFF_DAYS).toBe(5)
    expect(cutoffDate('2026-12-15')).toBe('2026-12-10')
    expect(cutoffDate('2027-01-03')).toBe('2026-12-29')
  })
  it('is open through the cut-off day and closed the day after', () => {
    expect(isPastCutoff('2026-12-09', '2026-12-15')).toBe(false)
    expect(isPastCutoff('2026-12-10', '2026-12-15')).toBe(false)
    expect(isPastCutoff('2026-12-11', '2026-12-15')).toBe(true)
    expect(isPastCutoff('2026-12-15', '2026-12-15')).toBe(true)
  })
})

describe('retry schedule of a failed charge', () => {
  it('retries five times, 12h, 12h, 1 day, 2 days and 3 days apart', () => {
    const times = retryTimes(new Date('2026-11-01T09:00:00Z')).map((d) => d.toISOString())
    expect(times).toEqual(['2026-11-01T21:00:00.000Z', '2026-11-02T09:00:00.000Z', '2026-11-03T09:00:00.000Z', '2026-11-05T09:00:00.000Z', '2026-11-08T09:00:00.000Z'])
  })

  it('gives the daily job one retry a day: days 1, 2, 3, 4 and 7 after the failure', () => {
    expect(retryDates('2026-11-01')).toEqual(['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-08'])
    expect(retryDates('2026-12-30')).toEqual(['2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03', '2027-01-06'])
  })

  it('knows the last retry and when none is left', () => {
    expect(RETRY_COUNT).toBe(5)
    expect(isLastRetry(4)).toBe(false)
    expect(isLastRetry(5)).toBe(true)
    expect(nextRetryDate('2026-11-01', 0)).toBe('2026-11-02')
    expect(nextRetryDate('2026-11-01', 4)).toBe('2026-11-08')
    expect(nextRetryDate('2026-11-01', 5)).toBeNull()
  })
})

describe('amountDue', () => {
  const member = { amountCents: 4999, pauseMonthlyPriceCents: 999, prepaidMonths: 0 }

  it('charges the monthly amount when active', () => {
    expect(amountDue({ ...member, status: 'active' })).toEqual({ chargeCents: 4999, prepaidMonths: 0 })
  })
  it('charges nothing and uses a prepaid month when one is left', () => {
    expect(amountDue({ ...member, status: 'active', prepaidMonths: 2 })).toEqual({ chargeCents: 0, prepaidMonths: 1 })
    expect(amountDue({ ...member, status: 'active', prepaidMonths: 1 })).toEqual({ chargeCents: 0, prepaidMonths: 0 })
  })
  it('charges the pause price when paused, keeping prepaid months', () => {
    expect(amountDue({ ...member, status: 'paused', prepaidMonths: 2 })).toEqual({ chargeCents: 999, prepaidMonths: 2 })
  })
  it('retries what failed when overdue', () => {
    expect(amountDue({ ...member, status: 'overdue' })).toEqual({ chargeCents: 4999, prepaidMonths: 0 })
    expect(amountDue({ ...member, status: 'overdue', wasPaused: true })).toEqual({ chargeCents: 999, prepaidMonths: 0 })
  })
  it.each(['skipped', 'cancelled', 'lapsed'] as const)('charges nothing when %s', (status) => {
    expect(amountDue({ ...member, status, prepaidMonths: 3 })).toEqual({ chargeCents: 0, prepaidMonths: 3 })
  })
  it('reads a negative or fractional prepaid count as whole months, never below 0', () => {
    expect(amountDue({ ...member, status: 'active', prepaidMonths: -1 })).toEqual({ chargeCents: 4999, prepaidMonths: 0 })
    expect(amountDue({ ...member, status: 'active', prepaidMonths: 1.5 })).toEqual({ chargeCents: 0, prepaidMonths: 0 })
  })
})

describe('a pause from a skipped month', () => {
  it('keeps the skipped month free: the pause price starts on the billing date after it', () => {
    expect(firstPauseFeeDate('skipped', '2026-12-25')).toBe('2027-01-25')
    expect(pauseKeepsSkippedMonth('skipped')).toBe(true)
  })
  it('charges the pause price on the coming billing date when the month was not skipped', () => {
    expect(firstPauseFeeDate('active', '2026-12-25')).toBe('2026-12-25')
    expect(pauseKeepsSkippedMonth('active')).toBe(false)
  })
  it('keeps the billing day at a month end', () => {
    expect(firstPauseFeeDate('skipped', '2027-02-28', 31)).toBe('2027-03-31')
  })
})
