/**
 * Card-like numbers out of what a client sends before it is stored (analytics events, pixel events,
 * UTM visits) or written to a log: a shopper who pasted a card number into a search box, or a link
 * with `?cc=4242424242424242`, must not leave it in a table or a log line (PCI DSS 3.4), whatever
 * the parameter is called. A run of 12 to 19 digits, its groups maybe parted by one space, dash or
 * plus, or by `%20` (a URL's space), that passes the Luhn check, keeps only its last four digits:
 * '4242 4242 4242 4242' -> '**** **** **** 4242'.
 */
import { luhn } from './cards.ts'

/** The character that stands for a masked digit. */
export const MASKED_DIGIT = '*'

const MIN_DIGITS = 12
const MAX_DIGITS = 19
const KEPT_DIGITS = 4

/** Groups of digits and the single separators between them; no digit just before or after. */
const DIGIT_RUN = /(?<![0-9])[0-9]+(?:(?:[ +-]|%20)[0-9]+)*(?![0-9])/g
/** A run's tokens: a separator (%20 read whole, so its 20 is no digits) or a group of digits. */
const TOKEN = /%20|[ +-]|[0-9]+/g

interface Group {
  start: number
  end: number
}

/** The text with the digits between from and to masked, all but the last four (a masked digit is one character: places keep). */
function maskStretch(text: string, from: number, to: number): string {
  const stretch = text.slice(from, to)
  let left = stretch.replace(/%20|[^0-9]/g, '').length - KEPT_DIGITS
  return text.slice(0, from) + stretch.replace(/%20|[0-9]/g, (token) => (token !== '%20' && left-- > 0 ? MASKED_DIGIT : token)) + text.slice(to)
}

/** One run of digit groups with each card-like stretch of whole groups masked. */
function maskRun(run: string): string {
  const groups: Group[] = [...run.matchAll(TOKEN)].filter((m) => /^[0-9]/.test(m[0])).map((m) => ({ start: m.index, end: m.index + m[0].length }))
  let out = run
  let i = 0
  while (i < groups.length) {
    // the longest stretch of whole groups from this one that reads as a card number
    let found = -1
    let digits = ''
    for (let j = i; j < groups.length; j++) {
      digits += run.slice(groups[j]!.start, groups[j]!.end)
      if (digits.length > MAX_DIGITS) break
      if (digits.length >= MIN_DIGITS && luhn(digits)) found = j
    }
    if (found === -1) {
      i++
      continue
    }
    out = maskStretch(out, groups[i]!.start, groups[found]!.end)
    i = found + 1
  }
  return out
}

/** Whether the text holds at least MIN_DIGITS digits (those of a `%20` counted too: only a text with fewer is surely clean). */
function mayHoldCard(text: string): boolean {
  let digits = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 48 && code <= 57 && ++digits >= MIN_DIGITS) return true
  }
  return false
}

/**
 * The text with every card-like number in it masked but for its last four digits; other text unchanged.
 * A text of fewer than 12 digits (most paths and values: `/api/items/1001`) is answered by one pass over
 * its characters, before any pattern runs: the request log masks every path it writes.
 */
export function maskCardNumbers(text: string): string {
  if (!mayHoldCard(text)) return text
  return text.replace(DIGIT_RUN, maskRun)
}

const MAX_DEPTH = 8

/**
 * A value sent by a client with card-like numbers masked in every string in it (objects and lists walked,
 * keys too), and a whole number of 12-19 digits that passes Luhn given as its masked text.
 */
export function maskCardNumbersIn<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return maskCardNumbers(value) as T
  if (typeof value === 'number' || typeof value === 'bigint') {
    const text = String(value)
    if (!/^[0-9]+$/.test(text)) return value
    const masked = maskCardNumbers(text)
    return (masked === text ? value : masked) as T
  }
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((inner: unknown) => maskCardNumbersIn(inner, depth + 1)) as T
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [maskCardNumbers(key), maskCardNumbersIn(inner, depth + 1)])) as T
}
