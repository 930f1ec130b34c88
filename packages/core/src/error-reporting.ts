/**
 * Error reporting's rules (SPEC §8-§9), shared by the server (@sentry/node) and
 * the browser (@sentry/react): what is sampled, what is ignored, and what is
 * taken out of a report before it leaves: card numbers (masked to their last four
 * digits), passwords, tokens, secrets, cookies, authorization headers, payment
 * tokens and security codes (by the name of the field that holds them, or as
 * `name=value` and `"name": "value"` inside a text), and the secret parameters of
 * URLs (url-privacy.ts).
 */
import { maskCardNumbers } from './card-masking.ts'
import { isSecretParam, stripSecretParams } from './url-privacy.ts'

export const ERROR_REPORTING = {
  /** 5% of requests and page loads traced */
  tracesSampleRate: 0.05,
  /** session recording for 2% of sessions */
  replaysSessionSampleRate: 0.02,
  /** no extra recordings for sessions with an error: 2% of sessions is the whole of it */
  replaysOnErrorSampleRate: 0,
  /** messages never reported (SPEC §8) */
  ignoreErrors: ['Non-Error promise rejection captured with value: Object Not Found Matching Id'],
} as const

/** What stands in place of a value taken out. */
export const FILTERED = '[Filtered]'

/** A field whose folded name (lower-case letters and digits) contains one of these holds a secret. */
const SECRET_KEY_PARTS = [
  'password',
  'passwd',
  'token', // payment_token, access_token, csrf token...
  'secret',
  'cookie', // the Cookie and Set-Cookie headers, Sentry's request.cookies
  'authorization',
  'cvc',
  'cvv',
  'cardnumber',
  'apikey',
  'session',
]

function folded(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** True when a field or parameter of this name holds what a report must not carry. */
export function isSecretField(name: string): boolean {
  const name2 = folded(name)
  if (name2 === '') return false
  return SECRET_KEY_PARTS.some((part) => name2.includes(part)) || isSecretParam(name)
}

const BEARER = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{6,}/gi
/** name=value in a query, a form body or a cookie header */
const PAIR = /([A-Za-z0-9_.[\]-]+)=([^&\s;,"'<>]*)/g
/** "name": "value" (or 'name': 'value') inside a JSON text */
const JSON_PAIR = /(["'])([^"'\\]{1,64})\1(\s*:\s*)(["'])((?:\\.|(?!\4)[^\\])*)\4/g
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+/gi

/** A text without card numbers, bearer tokens, secret pairs and secret URL parameters. */
export function scrubText(text: string): string {
  let out = maskCardNumbers(text)
  out = out.replace(URL_IN_TEXT, (url) => stripSecretParams(url))
  out = out.replace(BEARER, (_all, scheme: string) => `${scheme} ${FILTERED}`)
  out = out.replace(PAIR, (all, name: string) => (isSecretField(name) ? `${name}=${FILTERED}` : all))
  out = out.replace(JSON_PAIR, (all, q: string, name: string, colon: string, v: string) => (isSecretField(name) ? `${q}${name}${q}${colon}${v}${FILTERED}${v}` : all))
  return out
}

const MAX_DEPTH = 16

/**
 * A report (an event, a breadcrumb, a transaction: any JSON-like value) with every
 * secret taken out: fields named as secrets (isSecretField) emptied to FILTERED,
 * every text scrubbed (scrubText), numbers that read as card numbers masked.
 * Returns a copy; the value given is not changed.
 */
export function scrubReport<T>(value: T): T {
  const seen = new WeakSet<object>()
  const walk = (inner: unknown, depth: number): unknown => {
    if (typeof inner === 'string') return scrubText(inner)
    if (typeof inner === 'number') {
      const text = String(inner)
      return /^[0-9]{12,19}$/.test(text) && maskCardNumbers(text) !== text ? maskCardNumbers(text) : inner
    }
    if (inner === null || typeof inner !== 'object') return inner
    if (depth >= MAX_DEPTH || seen.has(inner)) return FILTERED
    seen.add(inner)
    if (Array.isArray(inner)) return inner.map((item) => walk(item, depth + 1))
    // Sentry's own objects are plain data; anything else (a Date, an Error) is left as it is
    const proto = Object.getPrototypeOf(inner) as object | null
    if (proto !== Object.prototype && proto !== null) return inner
    return Object.fromEntries(
      Object.entries(inner).map(([key, item]) => [key, isSecretField(key) && item !== null && item !== undefined && item !== '' ? FILTERED : walk(item, depth + 1)]),
    )
  }
  return walk(value, 0) as T
}
