import { describe, expect, it } from 'vitest'
import { churn, cohortRetention, daysBetween, membersIn, monthEnd, monthsBetween, previousMonth, rankCancelReasons, rate, saveOutcomes, statesByMonth } from './club-health.ts'

describe('club health arithmetic', () => {
  it('counts days and months across a year and a leap day', () => {
    expect(daysBetween('2026-11-28', '2026-12-05')).toBe(7)
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2)
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02'])
    expect(monthsBetween('2026-03', '2026-02')).toEqual([])
    expect(monthEnd('2028-02')).toBe('2028-02-29')
    expect(previousMonth('2026-01')).toBe('2025-12')
  })

  it('gives a rate to four decimals, and none without a whole', () => {
    expect(rate(1, 3)).toBe(0.3333)
    expect(rate(0, 0)).toBeNull()
    expect(churn(200, 10)).toBe(0.05)
  })

  it('counts members by state at each month end from their changes of state', () => {
    const changes = [
      { month: '2026-01', from: null, to: 'active', count: 10 },
      { month: '2026-02', from: 'active', to: 'skipped', count: 3 },
      { month: '2026-02', from: 'active', to: 'cancelled', count: 2 },
      { month: '2026-03', from: 'skipped', to: 'active', count: 3 },
      { month: '2026-03', from: 'active', to: 'overdue', count: 1 },
      { month: '2026-03', from: null, to: 'active', count: 4 },
    ]
    const { start, ends } = statesByMonth(changes, ['2026-02', '2026-03'])
    expect(start).toMatchObject({ active: 10, skipped: 0, cancelled: 0 })
    expect(ends[0]).toMatchObject({ active: 5, skipped: 3, cancelled: 2 })
    expect(ends[1]).toMatchObject({ active: 11, skipped: 0, overdue: 1, cancelled: 2 })
    expect(membersIn(ends[1]!)).toBe(12)
  })

  it('answers each save offer with the first skip, pause or cancel within a week', () => {
    const outcomes = saveOutcomes(
      [
        { membershipId: 'a', at: '2026-03-01T10:00:00.000Z' },
        { membershipId: 'b', at: '2026-03-01T10:00:00.000Z' },
        { membershipId: 'c', at: '2026-03-01T10:00:00.000Z' },
        { membershipId: 'd', at: '2026-03-01T10:00:00.000Z' },
      ],
      [
        { membershipId: 'a', at: '2026-03-01T10:01:00.000Z', event: 'pause' },
        { membershipId: 'a', at: '2026-03-02T10:01:00.000Z', event: 'cancel' },
        { membershipId: 'b', at: '2026-03-01T10:02:00.000Z', event: 'cancel' },
        { membershipId: 'c', at: '2026-03-09T10:02:00.000Z', event: 'skip' },
        { membershipId: 'd', at: '2026-03-01T09:00:00.000Z', event: 'skip' },
      ],
    )
    expect(outcomes.map((o) => o.outcome)).toEqual(['pause', 'cancel', 'none', 'none'])
  })

  it('ranks cancel reasons, keeping the free text readable under Other', () => {
    const ranked = rankCancelReasons([['Too expensive', 'Other: too many e-mails'], ['Too expensive'], ['Other: moving abroad'], []])
    expect(ranked).toEqual([
      { reason: 'Other', count: 2, answers: ['too many e-mails', 'moving abroad'] },
      { reason: 'Too expensive', count: 2, answers: [] },
      { reason: 'No reason given', count: 1, answers: [] },
    ])
  })

  it('keeps a cohort retained until its members leave, and back when they rejoin', () => {
    const table = cohortRetention(
      [
        { cohort: '2026-01', size: 10 },
        { cohort: '2026-02', size: 4 },
      ],
      [
        { cohort: '2026-01', month: '2026-02', left: 3 },
        { cohort: '2026-01', month: '2026-03', left: -1 },
        { cohort: '2026-02', month: '2026-03', left: 4 },
      ],
      ['2026-01', '2026-02', '2026-03'],
    )
    expect(table[0]!.retained.map((r) => r.members)).toEqual([10, 7, 8])
    expect(table[0]!.retained[1]!.rate).toBe(0.7)
    expect(table[1]!.retained).toEqual([
      { month: '2026-02', members: 4, rate: 1 },
      { month: '2026-03', members: 0, rate: 0 },
    ])
  })
})
