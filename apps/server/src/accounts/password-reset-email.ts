/**
 * The password reset e-mail: the one-hour link (built by requestPasswordReset on the brand's
 * configured origin, never a request's Host) and what to do if the shopper did not ask. The
 * body names the shop: the same subject comes from every brand.
 */
import type { QueuedEmail } from '../email/outbox.ts'
import type { AccountNoticeBrand, AccountNoticeCustomer } from './password-changed-email.ts'

export function passwordResetEmail(brand: Pick<AccountNoticeBrand, 'name'>, customer: AccountNoticeCustomer, link: string): QueuedEmail {
  return {
    to: customer.email,
    subject: 'Reset your password',
    body: `Hi ${customer.name.split(' ')[0]},\n\nReset the password of your ${brand.name} account within the hour here:\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.\n\n${brand.name}`,
  }
}
