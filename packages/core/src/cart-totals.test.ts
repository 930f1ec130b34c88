import { describe, expect, it } from 'vitest'
import { computeCartTotals, type TotalsInput } from './cart-totals.ts'

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
