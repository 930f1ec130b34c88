import { describe, expect, it } from 'vitest'
import { averageOrderCents, dayAfter, daysOf, daysOfCover, reportPeriod, takeRate } from './reports.ts'

const today = new Date('2026-11-29T15:00:00Z')

describe('a report period', () => {
  it('is the last 30 days to today without dates', () => {
    expect(reportPeriod(undefined, undefined, today)).toEqual({ ok: true, from: '2026-10-31', to: '2026-11-29', days: 30 })
  })
  it('takes both days inclusive, across a month and a leap day', () => {
    expect(reportPeriod('2028-02-28', '2028-03-01', today)).toEqual({ ok: true, from: '2028-02-28', to: '2028-03-01', days: 3 })
    expect(reportPeriod('2026-11-29', '2026-11-29', today)).toMatchObject({ ok: true, days: 1 })
  })
  it('refuses in words a day that is not one, an end before the start, and more than two years', () => {
    expect(reportPeriod('2026-02-30', '2026-03-01', today)).toEqual({ ok: false, field: 'from', message: 'Give the first day as YYYY-MM-DD.' })
    expect(reportPeriod(undefined, 'yesterday', today)).toMatchObject({ ok: false, field: 'to' })
    expect(reportPeriod('2026-11-02', '2026-11-01', today)).toEqual({ ok: false, field: 'to', message: 'The last day comes before the first.' })
    expect(reportPeriod('2024-01-01', '2026-11-29', today)).toMatchObject({ ok: false, field: 'from' })
    expect(reportPeriod('2024-11-29', '2026-11-29', today)).toMatchObject({ ok: true, days: 731 })
  })
})

describe('the days of a period', () => {
  it('lists each day once, in order, and the instant after the last', () => {
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'])
    expect(dayAfter('2026-12-31')).toBe('2027-01-01T00:00:00.000Z')
  })
})

describe('rates and averages', () => {
  it('a take rate is the part of those who reached the step before, none when nobody did', () => {
    expect(takeRate(1, 3)).toBe(0.3333)
    expect(takeRate(0, 5)).toBe(0)
    expect(takeRate(3, 0)).toBeNull()
  })
  it('average order value in whole cents, 0 without orders', () => {
    expect(averageOrderCents(10_000, 3)).toBe(3333)
    expect(averageOrderCents(0, 0)).toBe(0)
  })
  it('days of cover at the last 30 days pace; none sold lasts', () => {
    expect(daysOfCover(4, 60)).toBe(2)
    expect(daysOfCover(5, 7)).toBe(21.4)
    expect(daysOfCover(3, 0)).toBeNull()
  })
})
