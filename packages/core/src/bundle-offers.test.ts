import { describe, expect, it } from 'vitest'
import { applyBundleOffers, bundleOfferLabel, splitByWeight, type BundleLine, type BundleOffer } from './bundle-offers.ts'

const leggings: BundleOffer = { offerId: 'leggings-3-for-75', howMany: 3, priceCents: 7500 }
const bras: BundleOffer = { offerId: 'bras-2-for-50', howMany: 2, priceCents: 5000 }
const line = (unitCents: number, qty: number, offerIds: string[] = [leggings.offerId]): BundleLine => ({ unitCents, qty, offerIds })

describe('applyBundleOffers', () => {
  it('prices 3 leggings at $39.99 as one bundle of $75', () => {
    const result = applyBundleOffers([line(3999, 3)], [leggings])
    expect(result.savingCents).toBe(11997 - 7500)
    expect(result.lineSavingCents).toEqual([4497])
    expect(result.lineBundledQty).toEqual([3])
    expect(result.bundles).toEqual([{ offerId: leggings.offerId, regularCents: 11997, priceCents: 7500, savingCents: 4497, units: [{ line: 0, qty: 3 }] }])
  })

  it('does nothing below how_many units', () => {
    const result = applyBundleOffers([line(3999, 2)], [leggings])
    expect(result.savingCents).toBe(0)
    expect(result.lineSavingCents).toEqual([0])
    expect(result.bundles).toEqual([])
  })

  it('mixes items of the offer across lines', () => {
    const result = applyBundleOffers([line(3999, 1), line(3499, 1), line(4499, 1)], [leggings])
    expect(result.savingCents).toBe(3999 + 3499 + 4499 - 7500)
    // the saving is split in proportion to each line's price, and adds up exactly
    expect(result.lineSavingCents.reduce((a, b) => a + b, 0)).toBe(4497)
    expect(result.lineSavingCents).toEqual([1499, 1312, 1686])
  })

  it('bundles the most expensive units and leaves the cheapest at their own price', () => {
    // 4 leggings: 44.99, 39.99, 39.99, 29.99 -> the three priciest make the bundle, 29.99 pays its own price
    const result = applyBundleOffers([line(2999, 1), line(3999, 2), line(4499, 1)], [leggings])
    expect(result.lineBundledQty).toEqual([0, 2, 1])
    expect(result.lineSavingCents[0]).toBe(0)
    expect(result.savingCents).toBe(4499 + 3999 * 2 - 7500)
  })

  it('makes one bundle per full group: 4 of 3-for = one bundle and one unit; 6 = two bundles; 7 = two and one', () => {
    expect(applyBundleOffers([line(3999, 4)], [leggings])).toMatchObject({ savingCents: 4497, lineBundledQty: [3] })
    expect(applyBundleOffers([line(3999, 6)], [leggings])).toMatchObject({ savingCents: 2 * 4497, lineBundledQty: [6] })
    const seven = applyBundleOffers([line(3999, 7)], [leggings])
    expect(seven.bundles).toHaveLength(2)
    expect(seven.lineBundledQty).toEqual([6])
    expect(7 * 3999 - seven.savingCents).toBe(2 * 7500 + 3999)
  })

  it('never raises a price: no bundle where the units cost less than the bundle (a member price)', () => {
    // members at 23.99: 3 cost 71.97, less than $75
    expect(applyBundleOffers([line(2399, 3)], [leggings]).savingCents).toBe(0)
    // exactly the bundle price: no bundle either (nothing to save)
    expect(applyBundleOffers([line(2500, 3)], [leggings]).bundles).toEqual([])
    // a second group that would not save is left at its own prices, the first still bundles
    const mixed = applyBundleOffers([line(3999, 3), line(2000, 3)], [leggings])
    expect(mixed.bundles).toHaveLength(1)
    expect(mixed.lineBundledQty).toEqual([3, 0])
  })

  it('counts only lines that name the offer (special prices name none)', () => {
    const result = applyBundleOffers([line(3999, 2), line(1999, 1, []), line(3499, 1, [bras.offerId])], [leggings, bras])
    expect(result.savingCents).toBe(0)
  })

  it('applies each offer to its own units', () => {
    const result = applyBundleOffers([line(3999, 3), line(3499, 2, [bras.offerId])], [leggings, bras])
    expect(result.bundles.map((b) => b.offerId).sort()).toEqual([bras.offerId, leggings.offerId].sort())
    expect(result.lineSavingCents).toEqual([4497, 1998])
    expect(result.savingCents).toBe(4497 + 1998)
  })

  it('puts a unit in one bundle at most, the best deal first', () => {
    const cheap: BundleOffer = { offerId: 'cheap-3-for-60', howMany: 3, priceCents: 6000 }
    const result = applyBundleOffers([line(3999, 3, [leggings.offerId, cheap.offerId])], [leggings, cheap])
    expect(result.bundles).toHaveLength(1)
    expect(result.bundles[0]!.offerId).toBe(cheap.offerId)
    expect(result.savingCents).toBe(11997 - 6000)
  })

  it('ignores offers that make no sense (no units, negative or fractional price)', () => {
    const bad = [
      { offerId: 'a', howMany: 0, priceCents: 100 },
      { offerId: 'b', howMany: 3, priceCents: -1 },
      { offerId: 'c', howMany: 3, priceCents: 74.5 },
    ]
    expect(applyBundleOffers([line(3999, 3, ['a', 'b', 'c'])], bad).savingCents).toBe(0)
  })

  it('keeps to whole cents whatever the split (3 for $50 over three prices)', () => {
    const two: BundleOffer = { offerId: 'x', howMany: 3, priceCents: 5000 }
    const result = applyBundleOffers([line(1999, 1, ['x']), line(2001, 1, ['x']), line(2333, 1, ['x'])], [two])
    for (const cents of result.lineSavingCents) expect(Number.isInteger(cents)).toBe(true)
    expect(result.lineSavingCents.reduce((a, b) => a + b, 0)).toBe(1999 + 2001 + 2333 - 5000)
    // what the lines pay adds up to the bundle price, to the cent
    expect([1999, 2001, 2333].reduce((a, b) => a + b, 0) - result.savingCents).toBe(5000)
  })
})

describe('splitByWeight', () => {
  it('splits exactly, the cents left to the largest remainders, ties to the earlier', () => {
    expect(splitByWeight(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(splitByWeight(4497, [11997])).toEqual([4497])
    expect(splitByWeight(0, [5, 5])).toEqual([0, 0])
    expect(splitByWeight(7, [0, 0])).toEqual([0, 0])
  })
})

describe('bundleOfferLabel', () => {
  it('reads as the store advertises it', () => {
    expect(bundleOfferLabel(leggings)).toBe('3 for $75')
    expect(bundleOfferLabel({ howMany: 2, priceCents: 4999 })).toBe('2 for $49.99')
  })
})
