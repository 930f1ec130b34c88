import { describe, it, expect } from 'vitest'
import { parseBoolean, parseId, parsePrice } from './values.ts'

describe('parseBoolean', () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['1', true],
    ['0', false],
    ['true', true],
    ['false', false],
    [' 1 ', true],
  ])('%j -> %j', (v, expected) => {
    expect(parseBoolean(v)).toBe(expected)
  })

  it('throws for anything else', () => {
    for (const v of [2, -1, 'yes', 'no', '', 'TRUE', null, undefined, {}, [], Number.NaN]) {
      expect(() => parseBoolean(v)).toThrow(new Error('Unknown boolean value'))
    }
  })
})

describe('parseId', () => {
  it('returns non-empty strings trimmed, numbers as strings', () => {
    expect(parseId('abc')).toBe('abc')
    expect(parseId('  42 ')).toBe('42')
    expect(parseId(42)).toBe('42')
    expect(parseId(0)).toBe('0')
  })
  it.each(['', '   ', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}, true])('%j throws', (v) => {
    expect(() => parseId(v)).toThrow(new Error('invalid ID'))
  })
})

describe('parsePrice', () => {
  it('strips $ and commas', () => {
    expect(parsePrice('$1,234.50')).toBe(1234.5)
    expect(parsePrice('39.99')).toBe(39.99)
    expect(parsePrice('$10')).toBe(10)
    expect(parsePrice(' $ 1,000,000 ')).toBe(1000000)
    expect(parsePrice('.5')).toBe(0.5)
    expect(parsePrice('-5')).toBe(-5)
  })
  it('reads negatives in parentheses as formatPrice writes them', () => {
    expect(parsePrice('($5)')).toBe(-5)
    expect(parsePrice('($1,234.50)')).toBe(-1234.5)
  })
  it('passes finite numbers through', () => {
    expect(parsePrice(24.99)).toBe(24.99)
  })
  it('throws a clear error for anything else', () => {
    expect(() => parsePrice('abc')).toThrow('Invalid price: "abc"')
    expect(() => parsePrice('')).toThrow('Invalid price')
    expect(() => parsePrice('$')).toThrow('Invalid price')
    expect(() => parsePrice('1.2.3')).toThrow('Invalid price')
    expect(() => parsePrice(Number.NaN)).toThrow('Invalid price')
    expect(() => parsePrice(Number.POSITIVE_INFINITY)).toThrow('Invalid price')
  })
})
