/** Card expiry (SPEC §5): month 1-12, year of 2 or 4 digits, must not have passed. */
import { toAsciiDigits } from './digits.ts'

/** Longest expiry input as shown: 'MM / YYYY'. */
export const EXPIRY_INPUT_MAX_LENGTH = 9
/** Most digits an expiry input holds: MMYYYY. */
export const EXPIRY_INPUT_MAX_DIGITS = 6

export interface ExpiryCheck {
  valid: boolean
  month?: number
  /** Four-digit year. */
  year?: number
  reason?: string
}

function readInteger(v: string | number): { n: number; digits: number } | null {
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 0) return null
    return { n: v, digits: String(v).length }
  }
  const s = toAsciiDigits(v).trim()
  if (!/^\d+$/.test(s)) return null
  return { n: Number(s), digits: s.length }
}

/** Two-digit years below 70 are 20xx, the others 19xx; four-digit years are kept. */
export function expandExpiryYear(year: string | number): number | null {
  const y = readInteger(year)
  if (!y) return null
  if (typeof year === 'number') {
    if (year < 100) return year < 70 ? 2000 + year : 1900 + year
    return year >= 1000 && year <= 9999 ? year : null
  }
  if (y.digits === 2) return y.n < 70 ? 2000 + y.n : 1900 + y.n
  if (y.digits === 4) return y.n
  return null
}

/**
 * Validates an expiry date. A card is valid through the last day of its expiry
 * month, judged in the local time of `now`.
 */
export function validateExpiry(month: string | number, year: string | number, now: Date = new Date()): ExpiryCheck {
  const m = readInteger(month)
  if (!m || m.digits > 2 || m.n < 1 || m.n > 12) return { valid: false, reason: 'Expiry month must be between 1 and 12' }
  const y = expandExpiryYear(year)
  if (y === null) return { valid: false, month: m.n, reason: 'Expiry year must have 2 or 4 digits' }
  const nowMonths = now.getFullYear() * 12 + now.getMonth()
  const cardMonths = y * 12 + (m.n - 1)
  if (cardMonths < nowMonths) return { valid: false, month: m.n, year: y, reason: 'Card has expired' }
  return { valid: true, month: m.n, year: y }
}

/**
 * Splits expiry input into month and year digit strings: '12/29', '12 / 2029',
 * '1/29', '1229', '122029'. Null when there is no month or year to read.
 */
export function parseExpiryInput(input: string): { month: string; year: string } | null {
  const s = toAsciiDigits(input)
  if (s.includes('/')) {
    const [m = '', y = '', ...rest] = s.split('/')
    if (rest.length) return null
    const month = m.replace(/\D/g, '')
    const year = y.replace(/\D/g, '')
    if (!month || !year) return null
    return { month: month.padStart(2, '0'), year }
  }
  const digits = s.replace(/\D/g, '')
  if (digits.length < 3) return null
  return { month: digits.slice(0, 2), year: digits.slice(2) }
}

/**
 * Formats expiry input as typed: 'MM / YY' (or 'MM / YYYY'), at most 6 digits. A
 * first digit 2-9 is a month on its own ('3' -> '03'); a one-digit month typed
 * before a slash is padded ('1/2' -> '01 / 2').
 */
export function formatExpiryInput(raw: string): string {
  const s = toAsciiDigits(raw)
  let digits: string
  const slash = s.indexOf('/')
  if (slash >= 0) {
    const month = s.slice(0, slash).replace(/\D/g, '')
    const year = s.slice(slash + 1).replace(/\D/g, '')
    digits = (month.length === 1 ? `0${month}` : month) + year
  } else {
    digits = s.replace(/\D/g, '')
  }
  if (/^[2-9]/.test(digits)) digits = `0${digits}`
  digits = digits.slice(0, EXPIRY_INPUT_MAX_DIGITS)
  if (digits.length <= 2) return digits
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`
}
