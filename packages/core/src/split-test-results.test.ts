import { describe, expect, it } from 'vitest'
import { pickVariant, splitTestResults, twoProportionPValue, wilsonInterval, type NormalDistribution, type VariantTally } from './split-test-results.ts'

/** A precise normal for the known answers: erf by its series (exact to 1e-12 in this range), the quantile by bisection. */
function erf(x: number): number {
  const sign = Math.sign(x)
  const a = Math.abs(x)
  if (a > 6) return sign
  let term = a
  let sum = a
  for (let n = 1; n < 200; n++) {
    term *= (-a * a) / n
    const next = term / (2 * n + 1)
    sum += next
    if (Math.abs(next) < 1e-16) break
  }
  return (sign * 2 * sum) / Math.sqrt(Math.PI)
}
const normal: NormalDistribution = {
  cdf: (z) => 0.5 * (1 + erf(z / Math.SQRT2)),
  quantile(p) {
    let low = -10
    let high = 10
    for (let i = 0; i < 100; i++) {
      const mid = (low + high) / 2
      if (normal.cdf(mid) < p) low = mid
      else high = mid
    }
    return (low + high) / 2
  },
}

const tally = (value: string, visitors: number, converted: number, orders = converted, revenueCents = 0, revenueSquaresCents = 0, clubJoins = 0): VariantTally => ({
  value,
  visitors,
  converted,
  orders,
  clubJoins,
  revenueCents,
  revenueSquaresCents,
})

describe('wilsonInterval', () => {
  it('gives the textbook 95% interval of 50 in 100: 40.38% to 59.62%', () => {
    const { low, high } = wilsonInterval(50, 100, 1.959964)
    expect(low).toBeCloseTo(0.4038, 4)
    expect(high).toBeCloseTo(0.5962, 4)
  })
  it('stays inside 0..1 at the edges (0 of 10: 0 to 27.75%)', () => {
    const { low, high } = wilsonInterval(0, 10, 1.959964)
    expect(low).toBe(0)
    expect(high).toBeCloseTo(0.2775, 4)
    expect(wilsonInterval(0, 0, 1.96)).toEqual({ low: 0, high: 0 })
  })
})

describe('twoProportionPValue', () => {
  it('100 of 1000 against 130 of 1000: z = 2.103, p = 0.0355', () => {
    expect(twoProportionPValue({ successes: 100, trials: 1000 }, { successes: 130, trials: 1000 }, normal)).toBeCloseTo(0.0355, 4)
  })
  it('equal proportions are p = 1; no trials compare as nothing', () => {
    expect(twoProportionPValue({ successes: 10, trials: 100 }, { successes: 10, trials: 100 }, normal)).toBeCloseTo(1, 10)
    expect(twoProportionPValue({ successes: 0, trials: 0 }, { successes: 1, trials: 10 }, normal)).toBe(1)
  })
})

describe('splitTestResults', () => {
  it('says a variant converting 13% against 10% over 1000 visitors each is significant at 95%', () => {
    const results = splitTestResults(
      { name: 'Vip4sh', status: 'running' },
      [tally('Control', 1000, 100, 110, 110 * 5000, 100 * 5500 ** 2), tally('4sh', 1000, 130, 130, 130 * 5000, 130 * 5000 ** 2, 7)],
      normal,
    )
    const [control, variant] = results.variants
    expect(control).toMatchObject({ value: 'Control', visitors: 1000, orders: 110, conversion: 0.1, revenue: 5500, revenue_per_visitor: 5.5, average_order_value: 50 })
    expect(control!.interval.low).toBeCloseTo(0.0829, 4)
    expect(control!.interval.high).toBeCloseTo(0.1202, 4)
    expect(variant).toMatchObject({ conversion: 0.13, club_joins: 7, club_join_rate: 0.007, revenue_per_visitor: 6.5 })
    const comparison = results.comparisons[0]!
    expect(comparison.significant).toBe(true)
    expect(comparison.conversion_p_value).toBeCloseTo(0.0355, 4)
    expect(comparison.conversion_difference).toBeCloseTo(0.03, 6)
    expect(comparison.statement).toContain('significant at 95%')
    expect(comparison.statement).not.toContain('not significant')
    expect(results.summary).toBe('4sh beats Control on conversion, and the difference is significant.')
  })

  it('revenue per visitor: mean and 95% interval from the sums (one visitor of ten spent $100: $10 ± $18.50)', () => {
    // revenues in cents: one 10000, nine 0 -> mean 1000, sample variance (1e8 - 10 * 1e6) / 9 = 1e7
    const results = splitTestResults({ name: 'T', status: 'running' }, [tally('A', 10, 1, 1, 10000, 10000 ** 2)], normal)
    const a = results.variants[0]!
    expect(a.revenue_per_visitor).toBe(10)
    const half = (1.959964 * Math.sqrt(1e7 / 10)) / 100
    expect(a.revenue_per_visitor_interval.high).toBeCloseTo(10 + half, 2)
    expect(a.revenue_per_visitor_interval.low).toBe(0)
  })

  it('calls a small difference not significant, in words, and an empty test says so', () => {
    const results = splitTestResults({ name: 'T', status: 'running' }, [tally('A', 200, 20), tally('B', 200, 22)], normal)
    expect(results.comparisons[0]!.significant).toBe(false)
    expect(results.comparisons[0]!.statement).toContain('not significant at 95%')
    expect(results.summary).toBe('No variant differs significantly from A on conversion yet.')
    expect(splitTestResults({ name: 'T', status: 'draft' }, [tally('A', 0, 0), tally('B', 0, 0)], normal).summary).toBe('T has no visitors yet.')
  })
})

describe('pickVariant', () => {
  it('splits by the weights, and evenly without them', () => {
    expect(pickVariant(['A', 'B'], [90, 10], 0.89)).toBe('A')
    expect(pickVariant(['A', 'B'], [90, 10], 0.91)).toBe('B')
    expect(pickVariant(['A', 'B'], [], 0.49)).toBe('A')
    expect(pickVariant(['A', 'B'], [], 0.5)).toBe('B')
    expect(pickVariant(['A', 'B', 'C'], [0, 0, 0], 0.99)).toBe('C')
    expect(pickVariant(['A', 'B'], [0, 100], 0)).toBe('B')
  })
})
