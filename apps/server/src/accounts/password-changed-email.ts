/**
 * The password-changed notice (OWASP ASVS V2.5: tell the owner when a credential changes): sent
 * to the account's address when its password changes, on /change_password or through a reset
 * link (/reset-password), queued in the transaction that writes the new password. It carries
 * no password and no link that opens the account; links start at the brand's public origin.
 */
import type { QueuedEmail } from '../email/outbox.ts'

export interface AccountNoticeBrand {
  /** the store's name: 'PopFit Clothing' */
  name: string
  /** the brand's public origin: 'https://popfitclothing.com' */
  origin: string
}

export interface AccountNoticeCustomer {
  name: string
  email: string
}

/** How the password was changed: on the account's page (logged in) or with a reset link e-mailed to the account. */
export type PasswordChangedBy = 'account page' | 'reset link'

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? ''

export function passwordChangedEmail(brand: AccountNoticeBrand, customer: AccountNoticeCustomer, by: PasswordChangedBy): QueuedEmail {
  const { origin } = brand
  const body = [
    `Hi ${firstName(customer.name)},`,
    '',
    by === 'reset link'
      ? `The password of your ${brand.name} account was just changed, with a reset link sent to this address.`
      : `The password of your ${brand.name} account was just changed, from your account's page.`,
    'Every device that was logged in to your account has been logged out.',
    '',
    'If you made this change, there is nothing more to do.',
    `If you did not, reset your password now at ${origin}/forgot (the link comes to this address) and tell us at ${origin}/contact-us.`,
    '',
    brand.name,
  ].join('\n')
  return { to: customer.email, subject: `Your ${brand.name} password was changed`, body }
}
