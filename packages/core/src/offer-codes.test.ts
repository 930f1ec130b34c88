import { describe, expect, it } from 'vitest'
import { offerTerms } from './offer-codes.ts'

describe('offerTerms', () => {
  it('gives each offer code its price and discount code (SPEC §9)', () => {
    expect(offerTerms('csr')).toEqual({ code: 'csr', kind: 'clearance', price: 29.99, discountCode: '10First' })
    expect(offerTerms('MS')).toEqual({ code: 'ms', kind: 'main', price: 39.99, discountCode: 'First15' })
    expect(offerTerms('cb')).toEqual({ code: 'cb', kind: 'club', price: 24.99, discountCode: 'Lock5' })
    expect(offerTerms('cbv2')).toMatchObject({ kind: 'club', price: 24.99, discountCode: 'Lock5' })
    expect(offerTerms('vip')).toBeNull()
  })
})
