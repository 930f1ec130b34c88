import { INVALID_ID, UNKNOWN_BOOLEAN_VALUE, invalidPrice } from './errors.ts'

/**
 * Reads a server boolean (SPEC §3 value conversions): true/false, 1/0, '1'/'0',
 * 'true'/'false'. Anything else throws Error('Unknown boolean value').
 */
export function parseBoolean(v: unknown): boolean {
  if (typeof v === 'boolean') return v
  if (v === 1) return true
  if (v === 0) return false
  if (typeof v === 'string') {
    const s = v.trim()
    if (s === '1' || s === 'true') return true
    if (s === '0' || s === 'false') return false
  }
  throw new Error(UNKNOWN_BOOLEAN_VALUE)
}

/** Reads an id: a non-empty string after trimming (finite numbers become strings). Else throws Error('invalid ID'). */
export function parseId(v: unknown): string {
  let s: string | undefined
  if (typeof v === 'string') s = v.trim()
  else if (typeof v === 'number' && Number.isFinite(v)) s = String(v)
  else if (typeof v === 'bigint') s = v.toString()
  if (!s) throw new Error(INVALID_ID)
  return s
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/

/**
 * Reads a price: strips '$', thousands commas and spaces, parses the decimal.
 * '$1,234.50' -> 1234.5. A price in parentheses is negative ('($5)' -> -5, as
 * formatPrice writes it). Throws a clear Error for anything that is not a number.
 */
export function parsePrice(v: string | number): number {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(invalidPrice(v))
    return v
  }
  if (typeof v !== 'string') throw new Error(invalidPrice(v))
  let s = v.trim()
  let negative = false
  const paren = /^\((.*)\)$/.exec(s)
  if (paren) {
    negative = true
    s = paren[1] ?? ''
  }
  s = s.replace(/[$,\s]/g, '')
  if (!DECIMAL.test(s)) throw new Error(invalidPrice(v))
  const n = Number(s)
  if (!Number.isFinite(n)) throw new Error(invalidPrice(v))
  return negative ? -n : n
}
