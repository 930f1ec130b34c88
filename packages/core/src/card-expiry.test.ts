import { describe, it, expect } from 'vitest'
import { EXPIRY_INPUT_MAX_DIGITS, EXPIRY_INPUT_MAX_LENGTH, expandExpiryYear, formatExpiryInput, parseExpiryInput, validateExpiry } from './card-expiry.ts'

const now = new Date(2025, 5, 15, 12) // 15 June 2025, local time

describe('validateExpiry', () => {
  it('accepts a future month with 2- or 4-digit years', () => {
    expect(validateExpiry('12', '29', now)).toEqual({ valid: true, month: 12, year: 2029 })
    expect(validateExpiry('07', '2025', now)).toEqual({ valid: true, month: 7, year: 2025 })
    expect(validateExpiry(1, 2026, now)).toEqual({ valid: true, month: 1, year: 2026 })
    expect(validateExpiry(3, 30, now)).toEqual({ valid: true, month: 3, year: 2030 })
  })

  it('is valid through the end of its own month', () => {
    expect(validateExpiry('6', '25', now)).toEqual({ valid: true, month: 6, year: 2025 })
    expect(validateExpiry('06', '2025', new Date(2025, 5, 30, 23, 59))).toMatchObject({ valid: true })
    expect(validateExpiry('06', '2025', new Date(2025, 6, 1, 0, 0))).toMatchObject({ valid: false, reason: 'Card has expired' })
  })

  it('rejects a month in the past', () => {
    expect(validateExpiry('05', '25', now)).toEqual({ valid: false, month: 5, year: 2025, reason: 'Card has expired' })
    expect(validateExpiry('12', '2024', now)).toMatchObject({ valid: false, reason: 'Card has expired' })
  })

  it("reads two-digit years below 70 as 20xx and others as 19xx ('69' -> 2069, '70' -> 1970)", () => {
    expect(validateExpiry('01', '69', now)).toEqual({ valid: true, month: 1, year: 2069 })
    expect(validateExpiry('01', '70', now)).toEqual({ valid: false, month: 1, year: 1970, reason: 'Card has expired' })
    expect(validateExpiry('01', '99', now)).toMatchObject({ valid: false, year: 1999 })
    expect(validateExpiry('01', '00', now)).toMatchObject({ valid: false, year: 2000 })
  })

  it('needs a month 1-12', () => {
    for (const m of ['0', '00', '13', '', 'ab', '001', -1, 1.5]) {
      expect(validateExpiry(m, '29', now)).toEqual({ valid: false, reason: 'Expiry month must be between 1 and 12' })
    }
  })

  it('needs a year of 2 or 4 digits', () => {
    for (const y of ['2', '029', '20299', '', 'xx']) {
      expect(validateExpiry('12', y, now)).toMatchObject({ valid: false, reason: 'Expiry year must have 2 or 4 digits' })
    }
  })

  it('accepts full-width digits', () => {
    expect(validateExpiry('１２', '２９', now)).toEqual({ valid: true, month: 12, year: 2029 })
  })
})

describe('expandExpiryYear', () => {
  it('expands two-digit years around 70', () => {
    expect(expandExpiryYear('69')).toBe(2069)
    expect(expandExpiryYear('70')).toBe(1970)
    expect(expandExpiryYear(5)).toBe(2005)
    expect(expandExpiryYear('2031')).toBe(2031)
    expect(expandExpiryYear('123')).toBeNull()
  })
})

describe('parseExpiryInput', () => {
  it('splits month and year', () => {
    expect(parseExpiryInput('12/29')).toEqual({ month: '12', year: '29' })
    expect(parseExpiryInput('12 / 2029')).toEqual({ month: '12', year: '2029' })
    expect(parseExpiryInput('1/29')).toEqual({ month: '01', year: '29' })
    expect(parseExpiryInput('1229')).toEqual({ month: '12', year: '29' })
    expect(parseExpiryInput('122029')).toEqual({ month: '12', year: '2029' })
  })
  it('is null without both parts', () => {
    expect(parseExpiryInput('')).toBeNull()
    expect(parseExpiryInput('12')).toBeNull()
    expect(parseExpiryInput('12/')).toBeNull()
    expect(parseExpiryInput('1/2/3')).toBeNull()
  })
  it('feeds validateExpiry', () => {
    const p = parseExpiryInput('12 / 29')
    expect(p && validateExpiry(p.month, p.year, now)).toEqual({ valid: true, month: 12, year: 2029 })
  })
})

describe('formatExpiryInput', () => {
  it('formats as month / year while typing', () => {
    expect(formatExpiryInput('')).toBe('')
    expect(formatExpiryInput('1')).toBe('1')
    expect(formatExpiryInput('12')).toBe('12')
    expect(formatExpiryInput('122')).toBe('12 / 2')
    expect(formatExpiryInput('1229')).toBe('12 / 29')
    expect(formatExpiryInput('12 / 29')).toBe('12 / 29')
    expect(formatExpiryInput('122029')).toBe('12 / 2029')
  })
  it('pads a one-digit month', () => {
    expect(formatExpiryInput('3')).toBe('03')
    expect(formatExpiryInput('1/2')).toBe('01 / 2')
  })
  it('limits to 6 digits and 9 characters', () => {
    expect(formatExpiryInput('12202999')).toBe('12 / 2029')
    expect(EXPIRY_INPUT_MAX_DIGITS).toBe(6)
    expect(EXPIRY_INPUT_MAX_LENGTH).toBe(9)
    expect(formatExpiryInput('12202999').length).toBe(EXPIRY_INPUT_MAX_LENGTH)
  })
  it('converts full-width digits', () => {
    expect(formatExpiryInput('１２２９')).toBe('12 / 29')
  })
})
