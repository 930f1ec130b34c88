import { describe, expect, it } from 'vitest'
import { reviewDate } from './review-list'

describe('reviewDate', () => {
  it('reads as toLocaleDateString did, in UTC, without building an Intl formatter', () => {
    for (const iso of ['2024-03-05T23:30:00Z', '2023-12-31T00:00:00.000Z', '2020-02-29', '2019-01-01T00:00:00Z', '2021-06-15T12:00:00+09:00', '2022-11-30T23:59:59-05:00']) {
      const date = new Date(iso)
      expect(reviewDate(iso)).toEqual({
        iso: date.toISOString().slice(0, 10),
        text: date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
      })
    }
    expect(reviewDate('2024-03-05T23:30:00Z')?.text).toBe('March 5, 2024')
  })

  it('gives nothing for a missing or unreadable date', () => {
    expect(reviewDate(null)).toBeNull()
    expect(reviewDate('not a date')).toBeNull()
  })
})
