/**
 * The password rule (NIST SP 800-63B §3.1.1.2), checked alike in the browser's forms
 * and by the API. This module is cheap and safe for the browser bundle; the server
 * also refuses common and breached passwords with `passwordProblemWithCommonList`
 * from '@store/core/common-passwords', which carries a list of 49,000 passwords.
 */
export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128

/** What the shopper is told, one message per broken rule. */
export const PASSWORD_MESSAGES = {
  tooShort: `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`,
  onlySpaces: 'Choose a password that is not only spaces.',
  oneCharacter: 'Choose a password that is not one character repeated.',
  isEmail: 'Choose a password that is not your e-mail address.',
} as const

/** What the password is checked against besides itself. */
export interface PasswordContext {
  /** The account's e-mail address: the password may not equal it or its part before '@'. */
  email?: string | null
}

/** Compared case-insensitively, compatibility forms folded (full-width 'Ａ' is 'a'). */
export function foldPassword(s: string): string {
  return s.normalize('NFKC').toLowerCase()
}

/** Length in characters as a person counts them (code points: an emoji is one). */
function characterCount(s: string): number {
  return [...s].length
}

/**
 * A message for a password that breaks the rule, or null when it is fine:
 * 8 to 128 characters, not only whitespace, not one character repeated, not the
 * e-mail address or its local part (case-insensitive).
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const length = characterCount(password)
  if (length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort
  if (length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong
  if (password.trim() === '') return PASSWORD_MESSAGES.onlySpaces
  const folded = foldPassword(password)
  if (new Set(folded).size === 1) return PASSWORD_MESSAGES.oneCharacter
  const email = foldPassword(context.email ?? '').trim()
  if (email !== '') {
    const at = email.lastIndexOf('@')
    const local = at > 0 ? email.slice(0, at) : email
    const candidate = folded.trim()
    if (candidate === email || candidate === local) return PASSWORD_MESSAGES.isEmail
  }
  return null
}
