import { percentOfCents, roundHalfAwayFromZero } from './prices.ts'

/**
 * The cart's money rule, in integer cents (docs/cart-rules.md):
 * - subtotal: each line's unit price times its quantity;
 * - discount: the code's percentage of every eligible line, rounded per line;
 *   a line is eligible when the code names no included classes or the line has
 *   one of them, and the line has none of the excluded classes;
 * - shipping: free for an empty cart, for club members where the brand says so,
 *   and when subtotal less discount reaches the threshold; else the standard cost;
 * - tax: the brand's rate (basis points) on subtotal less discount; shipping untaxed;
 * - total: subtotal - discount + shipping + tax;
 * - savings: struck-through prices above what is paid, plus the discount.
 */
export interface TotalsLine {
  unitCents: number
  qty: number
  /** the struck-through unit price, or null */
  originalUnitCents: number | null
  discountClasses: readonly string[]
}

export interface TotalsCode {
  percentage: number
  includedClasses: readonly string[]
  excludedClasses: readonly string[]
  minimumSubtotalCents?: number
}

export interface TotalsInput {
  lines: readonly TotalsLine[]
  code: TotalsCode | null
  freeShippingThresholdCents: number
  standardShippingCents: number
  freeShippingForMember: boolean
  taxBasisPoints: number
}

export interface CartTotals {
  subtotalCents: number
  discountCents: number
  shippingCents: number
  taxCents: number
  totalCents: number
  savingsCents: number
  /** discount of each line, in the order given */
  lineDiscountCents: number[]
  /** how far the cart is from free shipping (0 once reached) */
  freeShippingRemainingCents: number
  /** the code applies to no line, or the subtotal is below its minimum */
  codeHasNoEffect: boolean
}

export function isLineEligible(code: TotalsCode, classes: readonly string[]): boolean {
  const has = (list: readonly string[]) => list.some((name) => classes.includes(name))
  if (code.includedClasses.length > 0 && !has(code.includedClasses)) return false
  return !has(code.excludedClasses)
}

export function computeCartTotals(input: TotalsInput): CartTotals {
  const lineTotals = input.lines.map((line) => line.unitCents * line.qty)
  const subtotalCents = lineTotals.reduce((sum, total) => sum + total, 0)
  const code = input.code
  const codeApplies = code !== null && subtotalCents >= (code.minimumSubtotalCents ?? 0)
  const lineDiscountCents = input.lines.map((line, i) =>
    codeApplies && isLineEligible(code, line.discountClasses) ? percentOfCents(lineTotals[i]!, code.percentage) : 0,
  )
  const discountCents = Math.min(
    subtotalCents,
    lineDiscountCents.reduce((sum, discount) => sum + discount, 0),
  )
  const merchandiseCents = subtotalCents - discountCents
  const empty = input.lines.length === 0
  const reached = merchandiseCents >= input.freeShippingThresholdCents
  const shippingCents = empty || input.freeShippingForMember || reached ? 0 : input.standardShippingCents
  const taxCents = roundHalfAwayFromZero((merchandiseCents * input.taxBasisPoints) / 10_000)
  const struck = input.lines.reduce(
    (sum, line) =>
      sum + (line.originalUnitCents !== null && line.originalUnitCents > line.unitCents ? (line.originalUnitCents - line.unitCents) * line.qty : 0),
    0,
  )
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    totalCents: merchandiseCents + shippingCents + taxCents,
    savingsCents: struck + discountCents,
    lineDiscountCents,
    freeShippingRemainingCents: empty || input.freeShippingForMember ? 0 : Math.max(0, input.freeShippingThresholdCents - merchandiseCents),
    codeHasNoEffect: code !== null && discountCents === 0,
  }
}
