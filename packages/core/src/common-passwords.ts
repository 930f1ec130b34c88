/**
 * Common and breached passwords (NIST SP 800-63B §3.1.1.2: refuse passwords from
 * lists of commonly used, expected or compromised values). Server-side only: the
 * list is about 49,000 entries, so this module has its own entry point,
 * '@store/core/common-passwords', and is not exported from '@store/core', which
 * the browser bundle imports.
 *
 * The list is the 'passwords-common' dictionary of @zxcvbn-ts/language-common
 * (MIT, maintained by the zxcvbn-ts project): the most frequent passwords of public
 * breach corpora, in frequency order.
 */
import { dictionary } from '@zxcvbn-ts/language-common'
import { foldPassword, passwordProblem, type PasswordContext } from './passwords.ts'

export const COMMON_PASSWORD_MESSAGE = 'This password is too common: it is on lists of passwords that attackers try first. Choose another.'

let folded: ReadonlySet<string> | null = null

/** The list, folded like foldPassword, built on first use. */
function commonPasswords(): ReadonlySet<string> {
  folded ??= new Set(dictionary['passwords-common'].map(foldPassword))
  return folded
}

/** How many distinct passwords the list refuses. */
export function commonPasswordCount(): number {
  return commonPasswords().size
}

/** True when the password (case-insensitive, surrounding spaces ignored) is on the list. */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords()
  const f = foldPassword(password)
  return list.has(f) || list.has(f.trim())
}

/** passwordProblem, then the common-password list: the full rule for the API. */
export function passwordProblemWithCommonList(password: string, context: PasswordContext = {}): string | null {
  return passwordProblem(password, context) ?? (isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null)
}
