/**
 * The e-mail-address-changed notices (OWASP ASVS V2.5): when a new address replaces the old one
 * (its confirmation link opened, account/account.service.ts confirmEmailChange), the OLD address
 * is told where the account's mail goes now and what to do if that was not its owner, and the
 * NEW address that it is now the one to log in with. Both are queued in the transaction that
 * writes the address. Links start at the brand's public origin.
 */
import type { QueuedEmail } from '../email/outbox.ts'
import type { AccountNoticeBrand } from './password-changed-email.ts'

export interface EmailChange {
  /** the customer's name */
  name: string
  oldEmail: string
  newEmail: string
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? ''

/** The two notices: [to the old address, to the new one]. */
export function emailChangedEmails(brand: AccountNoticeBrand, change: EmailChange): [QueuedEmail, QueuedEmail] {
  const { origin } = brand
  const toOld = [
    `Hi ${firstName(change.name)},`,
    '',
    `The email address of your ${brand.name} account was changed from ${change.oldEmail} to ${change.newEmail}.`,
    'Orders, receipts and password reset links now go to the new address, and this one no longer logs in.',
    '',
    'If you made this change, there is nothing more to do.',
    `If you did not, tell us at once at ${origin}/contact-us (from this address): we will give the account back to you.`,
    '',
    brand.name,
  ].join('\n')
  const toNew = [
    `Hi ${firstName(change.name)},`,
    '',
    `This is now the email address of your ${brand.name} account (it was ${change.oldEmail}).`,
    `Log in with it from now on: ${origin}/login`,
    '',
    `Did not make this change? Change your password at ${origin}/change_password and tell us at ${origin}/contact-us.`,
    '',
    brand.name,
  ].join('\n')
  return [
    { to: change.oldEmail, subject: `Your ${brand.name} email address was changed`, body: toOld },
    { to: change.newEmail, subject: `Your ${brand.name} email address is now ${change.newEmail}`, body: toNew },
  ]
}
