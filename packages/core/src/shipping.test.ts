import { describe, expect, it } from 'vitest'
import { isShippingMethod, shippingCentsFor, shippingOptions } from './shipping.ts'

const brand = { standardCents: 599, freeThresholdCents: 7500, expressCents: 1999 }

describe('shippingOptions', () => {
  it('charges standard below the threshold', () => {
    expect(shippingOptions({ ...brand, subtotalAfterDiscountCents: 7499 })).toEqual([
      { method: 'standard', label: 'Standard shipping', cents: 599, free: false },
      { method: 'express', label: 'Express shipping', cents: 1999, free: false },
    ])
  })

  it('makes standard free at the threshold and over it; express stays charged', () => {
    for (const subtotal of [7500, 12_000]) {
      expect(shippingOptions({ ...brand, subtotalAfterDiscountCents: subtotal })).toEqual([
        { method: 'standard', label: 'Standard shipping', cents: 0, free: true },
        { method: 'express', label: 'Express shipping', cents: 1999, free: false },
      ])
    }
  })

  it('ships a club member’s order free by standard where the brand says so', () => {
    const [standard, express] = shippingOptions({ ...brand, subtotalAfterDiscountCents: 100, memberFreeShipping: true })
    expect(standard).toMatchObject({ cents: 0, free: true })
    expect(express).toMatchObject({ cents: 1999, free: false })
  })
})

describe('shippingCentsFor', () => {
  it('prices the chosen method and refuses unknown ones', () => {
    const q = { ...brand, subtotalAfterDiscountCents: 5000 }
    expect(shippingCentsFor(q, 'standard')).toBe(599)
    expect(shippingCentsFor(q, 'express')).toBe(1999)
    expect(shippingCentsFor(q, 'overnight')).toBeNull()
    expect(shippingCentsFor(q, undefined)).toBeNull()
    expect(isShippingMethod('express')).toBe(true)
  })
})
