import { describe, it, expect } from 'vitest'
import { formatPrice, fromCents, percentOfCents, roundHalfAwayFromZero, roundMoney, toCents } from './prices.ts'

describe('cents', () => {
  it('converts dollars to integer cents', () => {
    expect(toCents(39.99)).toBe(3999)
    expect(toCents(24.99)).toBe(2499)
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents(1.005)).toBe(101)
    expect(toCents(8.345)).toBe(835)
    expect(toCents(-1.005)).toBe(-101)
    expect(toCents(0)).toBe(0)
  })
  it('converts cents to dollars', () => {
    expect(fromCents(3999)).toBe(39.99)
    expect(fromCents(100)).toBe(1)
    expect(fromCents(-250)).toBe(-2.5)
  })
  it('rounds money to cents', () => {
    expect(1.1 * 3).not.toBe(3.3)
    expect(roundMoney(1.1 * 3)).toBe(3.3)
    expect(roundMoney(0.1 + 0.2)).toBe(0.3)
  })
  it('rejects non-finite amounts', () => {
    expect(() => toCents(Number.NaN)).toThrow('Invalid amount')
    expect(() => fromCents(Number.POSITIVE_INFINITY)).toThrow('Invalid amount')
  })
})

describe('rounding policy: half away from zero', () => {
  it('rounds halves away from zero', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3)
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3)
    expect(roundHalfAwayFromZero(2.4999)).toBe(2)
    expect(Object.is(roundHalfAwayFromZero(-0.4), 0)).toBe(true)
  })
  it('gives whole numbers back as they are (zero without its sign), as the long way would', () => {
    for (const whole of [0, -0, 1, -1, 3999, -250, 123_456_789_012, 999_999_999_999_999]) {
      const longWay = Math.sign(Number(whole.toPrecision(15))) * Math.round(Math.abs(Number(whole.toPrecision(15))))
      expect(Object.is(roundHalfAwayFromZero(whole), longWay === 0 ? 0 : longWay)).toBe(true)
    }
    expect(Object.is(roundHalfAwayFromZero(-0), 0)).toBe(true)
    // past 15 digits the long way still rounds to 15 significant digits
    expect(roundHalfAwayFromZero(1_234_567_890_123_456)).toBe(1_234_567_890_123_460)
  })
  it('applies to percentages of cents', () => {
    expect(percentOfCents(3999, 15)).toBe(600) // 599.85
    expect(percentOfCents(3999, 10)).toBe(400) // 399.9
    expect(percentOfCents(2499, 5)).toBe(125) // 124.95
    expect(percentOfCents(1001, 50)).toBe(501) // 500.5
    expect(percentOfCents(-1001, 50)).toBe(-501)
    expect(percentOfCents(3999, 0)).toBe(0)
  })
})

describe('formatPrice', () => {
  it('shows cents', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50')
    expect(formatPrice(0.5)).toBe('$0.50')
    expect(formatPrice(39.99)).toBe('$39.99')
    expect(formatPrice(0.05)).toBe('$0.05')
  })
  it('rounds to 2 decimals', () => {
    expect(formatPrice(1234567.891)).toBe('$1,234,567.89')
    expect(formatPrice(1.005)).toBe('$1.01')
    expect(formatPrice(9.999)).toBe('$10')
  })
  it('puts commas between thousands', () => {
    expect(formatPrice(999)).toBe('$999')
    expect(formatPrice(1000)).toBe('$1,000')
    expect(formatPrice(1234567)).toBe('$1,234,567')
  })
  it('drops .00 unless asked to keep it', () => {
    expect(formatPrice(10)).toBe('$10')
    expect(formatPrice(0)).toBe('$0')
    expect(formatPrice(10, { keepZeroCents: true })).toBe('$10.00')
    expect(formatPrice(0, { keepZeroCents: true })).toBe('$0.00')
    expect(formatPrice(10.5, { keepZeroCents: true })).toBe('$10.50')
  })
  it('puts negatives in parentheses', () => {
    expect(formatPrice(-5)).toBe('($5)')
    expect(formatPrice(-1234.5)).toBe('($1,234.50)')
    expect(formatPrice(-5, { keepZeroCents: true })).toBe('($5.00)')
    expect(formatPrice(-0.001)).toBe('$0')
  })
})
