import { describe, it, expect } from 'vitest'
import { isPageOfferType, nextOfferPath } from './offer-flow.ts'

describe('nextOfferPath: checkout-ob (order bumps)', () => {
  const ids = ['11', '12', '13']
  it('starts at the first offer', () => {
    expect(nextOfferPath('checkout-ob', ids, null, true)).toBe('/checkout-ob/11')
    expect(nextOfferPath('checkout-ob', ids, undefined, false)).toBe('/checkout-ob/11')
  })
  it('moves to the next offer', () => {
    expect(nextOfferPath('checkout-ob', ids, '11', true)).toBe('/checkout-ob/12')
    expect(nextOfferPath('checkout-ob', ids, '12', false)).toBe('/checkout-ob/13')
  })
  it('goes to /checkout after the last, whatever the cart', () => {
    expect(nextOfferPath('checkout-ob', ids, '13', true)).toBe('/checkout')
    expect(nextOfferPath('checkout-ob', ids, '13', false)).toBe('/checkout')
    expect(nextOfferPath('checkout-ob', [], null, true)).toBe('/checkout')
  })
  it('starts over at the first offer when the current one is not listed', () => {
    expect(nextOfferPath('checkout-ob', ids, '99', true)).toBe('/checkout-ob/11')
  })
})

describe('nextOfferPath: checkout-oto (one-time offers)', () => {
  const ids = ['a', 'b']
  it('moves through /special-offer/{id}', () => {
    expect(nextOfferPath('checkout-oto', ids, null, true)).toBe('/special-offer/a')
    expect(nextOfferPath('checkout-oto', ids, 'a', false)).toBe('/special-offer/b')
  })
  it('goes to /checkout after the last when the cart has items', () => {
    expect(nextOfferPath('checkout-oto', ids, 'b', true)).toBe('/checkout')
  })
  it('goes to /thank-you after the last when the cart is empty', () => {
    expect(nextOfferPath('checkout-oto', ids, 'b', false)).toBe('/thank-you')
    expect(nextOfferPath('checkout-oto', [], null, false)).toBe('/thank-you')
  })
  it('escapes ids in the path', () => {
    expect(nextOfferPath('checkout-oto', ['a b'], null, true)).toBe('/special-offer/a%20b')
  })
})

describe('nextOfferPath: unknown type', () => {
  it("throws 'Unknown pageOfferType'", () => {
    expect(() => nextOfferPath('checkout', ['1'], null, true)).toThrow(new Error('Unknown pageOfferType'))
    expect(() => nextOfferPath('', [], null, false)).toThrow('Unknown pageOfferType')
  })
  it('isPageOfferType', () => {
    expect(isPageOfferType('checkout-ob')).toBe(true)
    expect(isPageOfferType('checkout-oto')).toBe(true)
    expect(isPageOfferType('oto')).toBe(false)
  })
})
