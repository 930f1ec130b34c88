/** E-mail addresses as a store accepts them at checkout and registration. */

export const MAX_EMAIL_LENGTH = 254

/**
 * A deliverable-looking address: one '@', a local part of 1-64 characters without
 * spaces, a domain of dot-separated labels (letters, digits, hyphens, not at a
 * label's ends) ending in a top-level domain of 2+ letters (or an xn-- one). Surrounding spaces are
 * ignored. Not the whole of RFC 5322: quoted local parts and IP-address domains,
 * which shoppers do not type, are refused.
 */
export function isValidEmail(input: string): boolean {
  const email = input.trim()
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return false
  const at = email.lastIndexOf('@')
  if (at <= 0 || email.indexOf('@') !== at) return false
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  if (local.length > 64 || !/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/.test(local)) return false
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  if (!labels.every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label))) return false
  return /^(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/.test(labels[labels.length - 1]!)
}

/** The address as stored and compared: trimmed, lower-cased. */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase()
}
