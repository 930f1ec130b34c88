/**
 * What analytics keep of URLs: never a secret parameter (a reset token, a session
 * id, an e-mail address). Core's `stripSecretParams` decides what is secret
 * (docs/safety-rules.md); this applies it to what the browser sends before
 * anything is stored or forwarded, whatever the browser did itself. Nor a card
 * number, under any name: core's `maskCardNumbers` keeps its last four digits.
 */
import { isSecretParam, maskCardNumbers, maskCardNumbersIn, stripSecretParams } from '@store/core'

/** A string that reads as a URL or a path with a query or a hash: '/forgot?token=..', 'https://x/?a=1#b'. */
const URL_LIKE = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/|\/)[^\s]*[?#]/

const MAX_DEPTH = 6

/** A value with every URL-like string in it stripped of secret parameters (objects and lists walked, to a depth). */
function scrubUrls<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return (URL_LIKE.test(value) ? stripSecretParams(value) : value) as T
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((inner) => scrubUrls(inner, depth + 1)) as T
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scrubUrls(inner, depth + 1)])) as T
}

/** A URL as analytics may keep it: no secret parameter, no card number. */
export function publicUrl(url: string): string {
  return maskCardNumbers(stripSecretParams(url))
}

/** Text a client sent, as analytics may keep it: no card number. */
export function publicText(text: string): string
export function publicText(text: string | undefined): string | undefined
export function publicText(text: string | undefined): string | undefined {
  return text === undefined ? undefined : maskCardNumbers(text)
}

/** A value a client sent (event properties, a pixel's data), as analytics may keep it: URLs without secrets, no card number anywhere. */
export function publicValue<T>(value: T): T {
  return maskCardNumbersIn(scrubUrls(value))
}

/** Query parameters of a visit without the ones that carry secrets, their URL values stripped, no card number in a name or a value. */
export function publicParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([name]) => !isSecretParam(name))
      .map(([name, value]) => [maskCardNumbers(name), maskCardNumbers(scrubUrls(value))]),
  )
}
