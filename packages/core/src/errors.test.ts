import { describe, it, expect } from 'vitest'
import { INVALID_ID, MIXPANEL_USER_ID_REQUIRED, UNKNOWN_BOOLEAN_VALUE, UNKNOWN_HOST, UNKNOWN_PAGE_OFFER_TYPE, UNKNOWN_PROJECT, invalidPrice, triedAndFailed } from './errors.ts'

describe('error messages of SPEC §8', () => {
  it('are spelled as the catalogue writes them', () => {
    expect(UNKNOWN_HOST).toBe('Unknown host')
    expect(UNKNOWN_PROJECT).toBe('Unknown project')
    expect(UNKNOWN_PAGE_OFFER_TYPE).toBe('Unknown pageOfferType')
    expect(UNKNOWN_BOOLEAN_VALUE).toBe('Unknown boolean value')
    expect(INVALID_ID).toBe('invalid ID')
    expect(MIXPANEL_USER_ID_REQUIRED).toBe('User ID is required for Mixpanel identification')
  })
  it('names the tries and the url after a failed GET', () => {
    expect(triedAndFailed(3, 'https://api.example.com/cart?host=x')).toBe('Tried 3 times and still failed: https://api.example.com/cart?host=x')
  })
  it('quotes the bad price', () => {
    expect(invalidPrice('abc')).toBe('Invalid price: "abc"')
    expect(invalidPrice(Number.NaN)).toBe('Invalid price: null')
  })
})
