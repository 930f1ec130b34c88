import { applyBundleOffers, type AppliedBundle, type BundleOffer } from './bundle-offers.ts'
import { percentOfCents, roundHalfAwayFromZero } from './prices.ts'

/**
 * The cart's money rule, in integer cents (docs/cart-rules.md):
 * - subtotal: each line's unit price times its quantity;
 * - bundles: the bundle offers' saving (bundle-offers.ts), part of the discount;
 * - discount: the bundles' saving, plus the code's percentage of what every eligible
 *   line costs after its bundle saving, rounded per line (or the code's amount off, at most
 *   what the eligible lines cost, shared between them in proportion, spareCents to the
 *   largest first: amountShares); a line is eligible when the
 *   code names no included classes or the line has one of them, and the line has none
 *   of the excluded classes; a code's minimum counts the subtotal after bundles;
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
  /** the bundle offers this line's units count towards (none for a line at a special price) */
  bundleOfferIds?: readonly string[]
}

export interface TotalsCode {
  percentage: number
  /** an amount off the eligible lines, in cents (a code is a percentage or an amount: when above 0 it is the amount) */
  amountCents?: number
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
  /** the brand's bundle offers ('3 for $75') */
  bundleOffers?: readonly BundleOffer[]
}

export interface CartTotals {
  subtotalCents: number
  discountCents: number
  shippingCents: number
  taxCents: number
  totalCents: number
  savingsCents: number
  /** discount of each line (its bundle saving and its code discount), in the order given */
  lineDiscountCents: number[]
  /** what the bundles save, in the discount */
  bundleSavingCents: number
  /** bundle saving of each line, in the order given */
  lineBundleSavingCents: number[]
  /** how many units of each line are in a bundle */
  lineBundledQty: number[]
  bundles: AppliedBundle[]
  /** what the code takes off, in the discount */
  codeDiscountCents: number
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

/**
 * An amount off shared between lines in proportion to what each costs, never more than the lines
 * cost together; the cents left by rounding down go one each to the lines with the largest
 * remainders (the first of equal ones), so the shares add up to the amount exactly.
 */
export function amountShares(amountCents: number, lineCents: readonly number[]): number[] {
  const total = lineCents.reduce((sum, cents) => sum + Math.max(0, cents), 0)
  const off = Math.min(Math.max(0, Math.round(amountCents)), total)
  if (off === 0) return lineCents.map(() => 0)
  const exact = lineCents.map((cents) => (Math.max(0, cents) * off) / total)
  const shares = exact.map(Math.floor)
  let spare = off - shares.reduce((sum, cents) => sum + cents, 0)
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of order) {
    if (spare === 0) break
    shares[i]! += 1
    spare -= 1
  }
  return shares
}

export function computeCartTotals(input: TotalsInput): CartTotals {
  const lineTotals = input.lines.map((line) => line.unitCents * line.qty)
  const subtotalCents = lineTotals.reduce((sum, total) => sum + total, 0)
  const bundled = applyBundleOffers(
    input.lines.map((line) => ({ unitCents: line.unitCents, qty: line.qty, offerIds: line.bundleOfferIds ?? [] })),
    input.bundleOffers ?? [],
  )
  // what each line costs after its bundle saving: the code's percentage applies to that
  const afterBundles = lineTotals.map((total, i) => total - bundled.lineSavingCents[i]!)
  const code = input.code
  const codeApplies = code !== null && subtotalCents - bundled.savingCents >= (code.minimumSubtotalCents ?? 0)
  const eligible = input.lines.map((line) => codeApplies && isLineEligible(code, line.discountClasses))
  const lineCodeCents =
    codeApplies && (code.amountCents ?? 0) > 0
      ? amountShares(
          code.amountCents!,
          afterBundles.map((cents, i) => (eligible[i] ? cents : 0)),
        )
      : input.lines.map((_, i) => (eligible[i] ? percentOfCents(afterBundles[i]!, code!.percentage) : 0))
  const codeDiscountCents = lineCodeCents.reduce((sum, discount) => sum + discount, 0)
  const lineDiscountCents = lineCodeCents.map((codeCents, i) => bundled.lineSavingCents[i]! + codeCents)
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
    (sum, line) => sum + (line.originalUnitCents !== null && line.originalUnitCents > line.unitCents ? (line.originalUnitCents - line.unitCents) * line.qty : 0),
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
    bundleSavingCents: bundled.savingCents,
    lineBundleSavingCents: bundled.lineSavingCents,
    lineBundledQty: bundled.lineBundledQty,
    bundles: bundled.bundles,
    codeDiscountCents,
    freeShippingRemainingCents: empty || input.freeShippingForMember ? 0 : Math.max(0, input.freeShippingThresholdCents - merchandiseCents),
    codeHasNoEffect: code !== null && codeDiscountCents === 0,
  }
}
