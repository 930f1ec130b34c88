import { describe, expect, it } from 'vitest'
import { categoryPieceName, gatherLines, offerChoiceSummary, offerPriceLine, offerQuantityName, pickerLegend } from './offer-copy'

describe("what a one-time offer's page says of its pieces", () => {
  it('counts the pieces once: a name that already says how many is not given the count again', () => {
    // the probe's "2 × 2 Leggings", which read as four pairs
    expect(offerPriceLine({ how_many: 2, short_item_name: '2 Leggings', price: 39.99 })).toBe('2 Leggings for $39.99')
    expect(offerPriceLine({ how_many: 3, short_item_name: '3 Pairs', price: 24.99 })).toBe('3 Pairs for $24.99')
    expect(offerPriceLine({ how_many: 2, short_item_name: '2 Socks', price: 24.99 })).toBe('2 Socks for $24.99')
  })
  it('puts the count in front of a name that does not say it, and none for one piece', () => {
    expect(offerQuantityName({ how_many: 2, short_item_name: 'Leggings' })).toBe('2 Leggings')
    expect(offerPriceLine({ how_many: 1, short_item_name: 'Leggings', price: 29.99 })).toBe('Leggings for $29.99')
    expect(offerPriceLine({ how_many: 1, short_item_name: 'Robe or Set', price: 40 })).toBe('Robe or Set for $40.00')
  })
  it("says the picker's one choice is for every piece", () => {
    expect(pickerLegend({ how_many: 1, short_item_name: 'Leggings' })).toBe('Choose your Leggings')
    expect(pickerLegend({ how_many: 2, short_item_name: '2 Leggings' })).toBe('Choose one style for both')
    expect(pickerLegend({ how_many: 3, short_item_name: '3 Pairs' })).toBe('Choose one style for all 3')
  })
  it('says what "Yes" adds for several pieces, the size only where the offer asks for one', () => {
    const piece = { name: 'Signature High-Waist Legging', color: 'Black' }
    expect(offerChoiceSummary(2, piece, true)).toBe('You get 2 × Signature High-Waist Legging · Black, both in the size you choose.')
    expect(offerChoiceSummary(3, piece, true)).toBe('You get 3 × Signature High-Waist Legging · Black, all in the size you choose.')
    expect(offerChoiceSummary(2, { name: 'Fuzzy Sock', color: null }, false)).toBe('You get 2 × Fuzzy Sock.')
    expect(offerChoiceSummary(1, piece, true)).toBeNull()
    expect(offerChoiceSummary(2, null, true)).toBeNull()
  })
  it("gathers an accepted offer's lines (one per piece) by piece and size", () => {
    const line = { name: 'Signature High-Waist Legging', color: 'Black', size: 'M', qty: 1 }
    expect(gatherLines([line, line, { ...line, size: 'L' }])).toEqual([
      { ...line, qty: 2 },
      { ...line, size: 'L', qty: 1 },
    ])
  })
  it('names the category chosen in an offer by category, one piece of it: "Sports bra", not the offer\'s "Top"', () => {
    expect(offerPriceLine({ how_many: 1, short_item_name: 'Top', price: 24.99 }, 'sports-bras')).toBe('Sports bra for $24.99')
    expect(offerPriceLine({ how_many: 1, short_item_name: 'Top', price: 24.99 }, 'tops')).toBe('Top for $24.99')
    expect(offerPriceLine({ how_many: 1, short_item_name: 'Robe or Set', price: 39.99 }, 'robes')).toBe('Robe for $39.99')
    expect(categoryPieceName('sets')).toBe('Set')
    expect(categoryPieceName('dresses')).toBe('Dress')
    expect(categoryPieceName('loungewear')).toBe('Loungewear')
  })
})
