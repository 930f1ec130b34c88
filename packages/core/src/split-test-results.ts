/**
 * A split test's results (docs/admin-promotions.md, decision 211): per variant, from the visitors
 * assigned to it and the orders they placed after, the conversion to an order with its Wilson score
 * interval, club joins, revenue per visitor with its normal interval, and the average order value;
 * each variant against the first (the control) with a two-proportion z-test on conversion and a
 * Welch z-test on revenue per visitor. Pure: the normal distribution is handed in (the server hands
 * simple-statistics' functions), so the arithmetic is tested here on known answers.
 */
import type { SplitTestComparison, SplitTestResults, SplitTestVariantResult } from './contract/promotions.ts'

/** The standard normal distribution: its cumulative probability and its quantile (probit). */
export interface NormalDistribution {
  cdf(z: number): number
  quantile(p: number): number
}

/** What the orders say of one variant: counts, and revenue in cents with the sum of each visitor's revenue squared (for its variance). */
export interface VariantTally {
  value: string
  visitors: number
  /** visitors with at least one order */
  converted: number
  orders: number
  clubJoins: number
  revenueCents: number
  /** the sum over visitors of (that visitor's revenue in cents) squared */
  revenueSquaresCents: number
}

export interface Interval {
  low: number
  high: number
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places

/** The Wilson score interval of a proportion (successes of trials) at this z: [0, 0] for no trials. */
export function wilsonInterval(successes: number, trials: number, z: number): Interval {
  if (trials === 0) return { low: 0, high: 0 }
  const p = successes / trials
  const z2 = z * z
  const denominator = 1 + z2 / trials
  const centre = (p + z2 / (2 * trials)) / denominator
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

/** Two-sided p-value of the difference between two proportions (pooled two-proportion z-test); 1 when there is nothing to compare. */
export function twoProportionPValue(a: { successes: number; trials: number }, b: { successes: number; trials: number }, normal: NormalDistribution): number {
  if (a.trials === 0 || b.trials === 0) return 1
  const pooled = (a.successes + b.successes) / (a.trials + b.trials)
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials))
  if (se === 0) return 1
  const z = (b.successes / b.trials - a.successes / a.trials) / se
  return Math.min(1, 2 * (1 - normal.cdf(Math.abs(z))))
}

/** Mean and sample variance of per-visitor revenue (cents) from its sums. */
function revenueMoments(tally: VariantTally): { mean: number; variance: number } {
  const n = tally.visitors
  if (n === 0) return { mean: 0, variance: 0 }
  const mean = tally.revenueCents / n
  const variance = n > 1 ? Math.max(0, (tally.revenueSquaresCents - n * mean * mean) / (n - 1)) : 0
  return { mean, variance }
}

function variantResult(tally: VariantTally, z: number): SplitTestVariantResult {
  const { mean, variance } = revenueMoments(tally)
  const half = tally.visitors > 0 ? z * Math.sqrt(variance / tally.visitors) : 0
  const interval = wilsonInterval(tally.converted, tally.visitors, z)
  return {
    value: tally.value,
    visitors: tally.visitors,
    converted: tally.converted,
    orders: tally.orders,
    conversion: round(tally.visitors ? tally.converted / tally.visitors : 0, 6),
    interval: { low: round(interval.low, 6), high: round(interval.high, 6) },
    club_joins: tally.clubJoins,
    club_join_rate: round(tally.visitors ? tally.clubJoins / tally.visitors : 0, 6),
    revenue: tally.revenueCents / 100,
    revenue_per_visitor: round(mean / 100, 4),
    revenue_per_visitor_interval: { low: round(Math.max(0, mean - half) / 100, 4), high: round((mean + half) / 100, 4) },
    average_order_value: tally.orders ? round(tally.revenueCents / tally.orders / 100, 2) : 0,
  }
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`
const points = (share: number) => `${share >= 0 ? '+' : '−'}${Math.abs(share * 100).toFixed(1)} points`
const pValueWords = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`)

function compare(control: VariantTally, other: VariantTally, z: number, alpha: number, normal: NormalDistribution): SplitTestComparison {
  const pc = control.visitors ? control.converted / control.visitors : 0
  const po = other.visitors ? other.converted / other.visitors : 0
  const difference = po - pc
  const se = control.visitors && other.visitors ? Math.sqrt((pc * (1 - pc)) / control.visitors + (po * (1 - po)) / other.visitors) : 0
  const pValue = twoProportionPValue({ successes: control.converted, trials: control.visitors }, { successes: other.converted, trials: other.visitors }, normal)
  const rc = revenueMoments(control)
  const ro = revenueMoments(other)
  const revenueSe = control.visitors && other.visitors ? Math.sqrt(rc.variance / control.visitors + ro.variance / other.visitors) : 0
  const revenuePValue = revenueSe === 0 ? 1 : Math.min(1, 2 * (1 - normal.cdf(Math.abs(ro.mean - rc.mean) / revenueSe)))
  const significant = pValue < alpha
  const level = `${Math.round((1 - alpha) * 100)}%`
  const statement =
    control.visitors === 0 || other.visitors === 0
      ? `${other.value} cannot be compared with ${control.value} yet: one of them has no visitors.`
      : significant
        ? `${other.value} converts ${percent(po)} against ${control.value}'s ${percent(pc)} (${points(difference)}): the difference is significant at ${level} (${pValueWords(pValue)}), unlikely to be chance.`
        : `${other.value} converts ${percent(po)} against ${control.value}'s ${percent(pc)} (${points(difference)}): the difference is not significant at ${level} (${pValueWords(pValue)}); it may be chance, so keep the test running or call it even.`
  return {
    value: other.value,
    against: control.value,
    conversion_difference: round(difference, 6),
    conversion_difference_interval: { low: round(difference - z * se, 6), high: round(difference + z * se, 6) },
    conversion_p_value: round(pValue, 6),
    revenue_per_visitor_difference: round((ro.mean - rc.mean) / 100, 4),
    revenue_per_visitor_p_value: round(revenuePValue, 6),
    significant,
    statement,
  }
}

/** The results of a test from its variants' tallies, the first variant the control; `confidence` 0.95 unless told. */
export function splitTestResults(
  test: { name: string; status: SplitTestResults['status'] },
  tallies: readonly VariantTally[],
  normal: NormalDistribution,
  confidence = 0.95,
): SplitTestResults {
  const alpha = 1 - confidence
  const z = normal.quantile(1 - alpha / 2)
  const variants = tallies.map((tally) => variantResult(tally, z))
  const [control, ...others] = tallies
  const comparisons = control ? others.map((other) => compare(control, other, z, alpha, normal)) : []
  const visitors = tallies.reduce((sum, tally) => sum + tally.visitors, 0)
  const winners = comparisons.filter((comparison) => comparison.significant)
  const best = [...winners].sort((a, b) => b.conversion_difference - a.conversion_difference)[0]
  const summary =
    visitors === 0
      ? `${test.name} has no visitors yet.`
      : best
        ? best.conversion_difference > 0
          ? `${best.value} beats ${best.against} on conversion, and the difference is significant.`
          : `${best.value} converts worse than ${best.against}, and the difference is significant.`
        : `No variant differs significantly from ${control?.value ?? 'the control'} on conversion yet.`
  return { name: test.name, status: test.status, confidence, variants, comparisons, summary }
}

/**
 * The variant for a new visitor from the test's split: weights in the variants' order (any
 * non-negative numbers; none, or all 0, is an even split) and a uniform draw in [0, 1).
 */
export function pickVariant(variants: readonly string[], weights: readonly number[], draw: number): string {
  const usable = weights.length === variants.length && weights.some((weight) => weight > 0) ? weights.map((weight) => Math.max(0, weight)) : variants.map(() => 1)
  const total = usable.reduce((sum, weight) => sum + weight, 0)
  let threshold = draw * total
  for (const [i, weight] of usable.entries()) {
    if (threshold < weight) return variants[i]!
    threshold -= weight
  }
  return variants.at(-1)!
}
