import { describe, expect, it } from 'vitest'
import { dayName, MONTH_NAMES, monthName } from './calendar.ts'

describe('calendar words', () => {
  it('names a month of a period or of a day', () => {
    expect(monthName('2026-12')).toBe('December 2026')
    expect(monthName('2027-01-20')).toBe('January 2027')
  })
  it('names a day as a shopper reads it, with no leading zero and no time zone', () => {
    expect(dayName('2026-12-04')).toBe('December 4, 2026')
    expect(dayName('2026-12-25')).toBe('December 25, 2026')
    expect(dayName('2027-01-01')).toBe('January 1, 2027')
  })
  it('gives back what is not a day or a month rather than inventing one', () => {
    expect(dayName('soon')).toBe('soon')
    expect(dayName('2026-13-01')).toBe('2026-13-01')
    expect(dayName('2026-12')).toBe('2026-12')
    expect(monthName('2026-00')).toBe('2026-00')
  })
  it('has the twelve months in order', () => {
    expect(MONTH_NAMES).toHaveLength(12)
    expect([MONTH_NAMES[0], MONTH_NAMES[11]]).toEqual(['January', 'December'])
  })
})
