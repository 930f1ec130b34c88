import { describe, expect, it } from 'vitest'
import { discountCodeRefusal, discountCodeStatus } from './discount-codes.ts'

const now = new Date('2026-11-29T12:00:00Z')
const open = { active: true, startsAt: null, endsAt: null, maxUses: null }

describe('discountCodeStatus', () => {
  it('runs between its start and its end, while uses are left', () => {
    expect(discountCodeStatus(open, now)).toBe('running')
    expect(discountCodeStatus({ ...open, startsAt: '2026-11-29T12:00:00Z', endsAt: '2026-11-29T12:00:01Z' }, now)).toBe('running')
    expect(discountCodeStatus({ ...open, startsAt: '2026-11-30T00:00:00Z' }, now)).toBe('scheduled')
    expect(discountCodeStatus({ ...open, endsAt: '2026-11-29T12:00:00Z' }, now)).toBe('ended')
    expect(discountCodeStatus({ ...open, active: false }, now)).toBe('ended')
    expect(discountCodeStatus({ ...open, maxUses: 2, uses: 2 }, now)).toBe('ended')
    expect(discountCodeStatus({ ...open, maxUses: 2, uses: 1 }, now)).toBe('running')
  })
  it('tells the shopper why in words', () => {
    expect(discountCodeRefusal('Spring10', { ...open, startsAt: '2027-01-01T00:00:00Z' }, now)).toBe('Spring10 has not started yet.')
    expect(discountCodeRefusal('Spring10', { ...open, endsAt: '2026-01-01T00:00:00Z' }, now)).toBe('Spring10 has ended.')
    expect(discountCodeRefusal('Spring10', { ...open, maxUses: 100, uses: 100 }, now)).toBe('Spring10 has been used up: it was for the first 100 orders.')
    expect(discountCodeRefusal('Spring10', open, now)).toBeNull()
  })
})
