import { describe, expect, it } from 'vitest'
import { amountShares, computeCartTotals, type TotalsInput } from './cart-totals.ts'

const base: TotalsInput = {
  lines: [],
  code: null,
  freeShippingThresholdCents: 5000,
  standardShippingCents: 595,
  freeShippingForMember: false,
  taxBasisPoints: 0,
}
const line = (unitCents: number, qty: number, classes: string[] = [], originalUnitCents: number | null = null) => ({
  unitCents,
  qty,
  originalUnitCents,
  discountClasses: classes,
})

describe('computeCartTotals', () => {
  it('charges nothing for an empty cart', () => {
    const totals = computeCartTotals(base)
    expect(totals).toMatchObject({ subtotalCents: 0, shippingCents: 0, totalCents: 0, freeShippingRemainingCents: 0 })
  })

  it('adds standard shipping below the threshold and tells how far free shipping is', () => {
    const totals = computeCartTotals({ ...base, lines: [line(3999, 1)] })
    expect(totals.subtotalCents).toBe(3999)
    expect(totals.shippingCents).toBe(595)
    expect(totals.totalCents).toBe(4594)
    expect(totals.freeShippingRemainingCents).toBe(1001)
  })

  it('ships free once subtotal less discount reaches the threshold', () => {
    expect(computeCartTotals({ ...base, lines: [line(2500, 2)] }).shippingCents).toBe(0)
    const discounted = computeCartTotals({
      ...base,
      lines: [line(2500, 2)],
      code: { percentage: 15, includedClasses: [], excludedClasses: [] },
    })
    expect(discounted.discountCents).toBe(750)
    expect(discounted.shippingCents).toBe(595)
  })

  it('rounds a percentage per line, half away from zero, in whole cents', () => {
    // 15% of 3999 = 599.85 -> 600; 15% of 1499*3=4497 -> 674.55 -> 675
    const totals = computeCartTotals({
      ...base,
      lines: [line(3999, 1), line(1499, 3)],
      code: { percentage: 15, includedClasses: [], excludedClasses: [] },
    })
    expect(totals.lineDiscountCents).toEqual([600, 675])
    expect(totals.discountCents).toBe(1275)
    expect(totals.totalCents).toBe(3999 + 4497 - 1275)
  })

  it('discounts only included classes and never excluded ones', () => {
    const code = { percentage: 20, includedClasses: ['leggings'], excludedClasses: ['clearance'] }
    const totals = computeCartTotals({
      ...base,
      lines: [line(4000, 1, ['leggings']), line(3000, 1, ['tops']), line(2000, 1, ['leggings', 'clearance'])],
      code,
    })
    expect(totals.lineDiscountCents).toEqual([800, 0, 0])
  })

  it('says when a code changes nothing', () => {
    const totals = computeCartTotals({
      ...base,
      lines: [line(3000, 1, ['tops'])],
      code: { percentage: 20, includedClasses: ['leggings'], excludedClasses: [] },
    })
    expect(totals.codeHasNoEffect).toBe(true)
  })

  it('ignores a code below its minimum subtotal', () => {
    const totals = computeCartTotals({
      ...base,
      lines: [line(3000, 1)],
      code: { percentage: 10, includedClasses: [], excludedClasses: [], minimumSubtotalCents: 5000 },
    })
    expect(totals.discountCents).toBe(0)
  })

  it('taxes merchandise after discount, not shipping', () => {
    const totals = computeCartTotals({ ...base, lines: [line(1000, 1)], taxBasisPoints: 600 })
    expect(totals.taxCents).toBe(60)
    expect(totals.totalCents).toBe(1000 + 595 + 60)
  })

  it('ships free to club members when the brand says so', () => {
    const totals = computeCartTotals({ ...base, lines: [line(1000, 1)], freeShippingForMember: true })
    expect(totals.shippingCents).toBe(0)
  })

  it('counts struck-through prices and the discount as savings', () => {
    const totals = computeCartTotals({
      ...base,
      lines: [line(2999, 2, [], 3999)],
      code: { percentage: 10, includedClasses: [], excludedClasses: [] },
    })
    expect(totals.savingsCents).toBe(2000 + 600)
  })
})

describe('computeCartTotals with bundle offers', () => {
  const offer = { offerId: 'leggings-3-for-75', howMany: 3, priceCents: 7500 }
  const legging = (unitCents: number, qty: number, classes: string[] = ['leggings'], originalUnitCents: number | null = null) => ({
    ...line(unitCents, qty, classes, originalUnitCents),
    bundleOfferIds: [offer.offerId],
  })

  it('charges the bundle price: 3 leggings at $39.99 are $75', () => {
    const totals = computeCartTotals({ ...base, lines: [legging(3999, 3)], bundleOffers: [offer] })
    expect(totals.subtotalCents).toBe(11997)
    expect(totals.bundleSavingCents).toBe(4497)
    expect(totals.discountCents).toBe(4497)
    expect(totals.lineDiscountCents).toEqual([4497])
    expect(totals.totalCents).toBe(7500)
    expect(totals.savingsCents).toBe(4497)
    expect(totals.codeHasNoEffect).toBe(false)
  })

  it('without the offers, or with lines that name none, nothing changes', () => {
    expect(computeCartTotals({ ...base, lines: [legging(3999, 3)] }).totalCents).toBe(11997)
    expect(computeCartTotals({ ...base, lines: [line(3999, 3)], bundleOffers: [offer] }).totalCents).toBe(11997)
  })

  it('applies a code to the bundle price, rounded per line', () => {
    const totals = computeCartTotals({
      ...base,
      lines: [legging(3999, 3), line(2500, 1, ['tops'])],
      bundleOffers: [offer],
      code: { percentage: 15, includedClasses: [], excludedClasses: [] },
    })
    // 15% of 75.00 = 11.25; 15% of 25.00 = 3.75
    expect(totals.codeDiscountCents).toBe(1125 + 375)
    expect(totals.lineDiscountCents).toEqual([4497 + 1125, 375])
    expect(totals.discountCents).toBe(4497 + 1500)
    expect(totals.totalCents).toBe(7500 - 1125 + 2500 - 375)
  })

  it('counts a code minimum and free shipping on what the goods cost after the bundle', () => {
    const code = { percentage: 10, includedClasses: [], excludedClasses: [], minimumSubtotalCents: 10000 }
    const totals = computeCartTotals({ ...base, lines: [legging(3999, 3)], bundleOffers: [offer], code, freeShippingThresholdCents: 8000 })
    expect(totals.codeDiscountCents).toBe(0)
    expect(totals.codeHasNoEffect).toBe(true)
    expect(totals.shippingCents).toBe(595)
    expect(totals.freeShippingRemainingCents).toBe(500)
  })

  it('adds the bundle saving to struck-through savings, and taxes what is paid', () => {
    const totals = computeCartTotals({ ...base, lines: [legging(2999, 3, ['leggings'], 3999)], bundleOffers: [offer], taxBasisPoints: 600 })
    expect(totals.bundleSavingCents).toBe(8997 - 7500)
    expect(totals.savingsCents).toBe(3000 + 1497)
    expect(totals.taxCents).toBe(450)
  })
})

describe('computeCartTotals with an amount off', () => {
  const line = (unitCents: number, discountClasses: string[] = []) => ({ unitCents, qty: 1, originalUnitCents: null, discountClasses })
  const base = { freeShippingThresholdCents: 100_000, standardShippingCents: 500, freeShippingForMember: false, taxBasisPoints: 0 }
  it('takes $10 off, shared between the eligible lines in proportion, adding up exactly', () => {
    const totals = computeCartTotals({
      ...base,
      lines: [line(3000, ['leggings']), line(1000, ['leggings']), line(5000, ['clearance'])],
      code: { percentage: 0, amountCents: 1000, includedClasses: [], excludedClasses: ['clearance'] },
    })
    expect(totals.codeDiscountCents).toBe(1000)
    expect(totals.lineDiscountCents).toEqual([750, 250, 0])
    expect(totals.totalCents).toBe(9000 - 1000 + 500)
  })
  it('never takes more than the eligible lines cost, and the rounding cents go to the largest remainders', () => {
    expect(computeCartTotals({ ...base, lines: [line(700)], code: { percentage: 0, amountCents: 2000, includedClasses: [], excludedClasses: [] } }).codeDiscountCents).toBe(700)
    expect(amountShares(100, [1000, 1000, 1000])).toEqual([34, 33, 33])
    expect(amountShares(100, [1, 1, 1])).toEqual([1, 1, 1])
    expect(amountShares(500, [0, 0])).toEqual([0, 0])
  })
})
