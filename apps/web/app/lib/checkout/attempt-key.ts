/**
 * One payment attempt: its Idempotency-Key and the card's gateway token, kept in
 * sessionStorage under a scope naming what is bought (the cart's lines and the
 * form's fields). A retry of the same attempt (after a network failure, after
 * the bank's authentication step, after a reload mid-payment) sends the same key
 * and token, so the shopper is charged once. An attempt that ended (paid, or
 * declined so the shopper changes the card) is forgotten: the next gets a new key.
 * Only the token is kept, never the card's number or code.
 */
const PREFIX = 'store:attempt:'

export interface Attempt {
  key: string
  /** the gateway token the attempt pays with, once the card is tokenised */
  token: string | null
}

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
}

/** The attempt of this scope: the stored one, or a new one stored. */
export function attemptFor(scope: string): Attempt {
  const store = storage()
  const found = store?.getItem(PREFIX + scope)
  if (found) {
    try {
      const attempt = JSON.parse(found) as Attempt
      if (typeof attempt.key === 'string') return attempt
    } catch {
      // a damaged entry: start again
    }
  }
  const attempt: Attempt = { key: newKey(), token: null }
  store?.setItem(PREFIX + scope, JSON.stringify(attempt))
  return attempt
}

export function saveAttempt(scope: string, attempt: Attempt): void {
  storage()?.setItem(PREFIX + scope, JSON.stringify(attempt))
}

/** The attempt is over: the next one gets a new key. */
export function forgetAttempt(scope: string): void {
  storage()?.removeItem(PREFIX + scope)
}

/** A short stable name for what is being bought: the cart's lines and quantities and the form's fields. */
export function attemptScope(prefix: string, parts: readonly string[]): string {
  let hash = 0
  const text = parts.join('|')
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0
  return `${prefix}:${(hash >>> 0).toString(36)}`
}
