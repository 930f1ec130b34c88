import { describe, expect, it } from 'vitest'
import { afterpayCovers, afterpayRefusalOf } from './afterpay.ts'

describe('afterpayCovers', () => {
  const settings = { afterpay: true, minCents: 3500, maxCents: 100000 }
  it('offers Afterpay from the minimum to the maximum, both included', () => {
    expect(afterpayCovers(settings, 3499)).toBe(false)
    expect(afterpayCovers(settings, 3500)).toBe(true)
    expect(afterpayCovers(settings, 100000)).toBe(true)
    expect(afterpayCovers(settings, 100001)).toBe(false)
  })
  it('offers nothing when the brand has Afterpay off', () => {
    expect(afterpayCovers({ ...settings, afterpay: false }, 5000)).toBe(false)
  })
})

describe('afterpayRefusalOf', () => {
  it('reads only the reasons the return names', () => {
    expect(afterpayRefusalOf('declined')).toBe('declined')
    expect(afterpayRefusalOf('<script>')).toBeNull()
    expect(afterpayRefusalOf(null)).toBeNull()
  })
})
