/**
 * The welcome e-mail: sent once, when a shopper creates an account (register in
 * accounts.service.ts queues it in the transaction that creates the account).
 * It says what the account gives, where to find it, and where to turn if the
 * shopper did not create it. Written as text, sent with its branded HTML beside it
 * (docs/emails.md); links start
 * at the brand's configured public origin, never a request's Host. It carries no
 * password and no token: nothing in it opens the account.
 */
import type { QueuedEmail } from '../email/outbox.ts'

export interface WelcomeBrand {
  /** the store's name: 'PopFit Clothing' */
  name: string
  /** the brand's public origin: 'https://popfitclothing.com' */
  origin: string
  /** the brand's club ('VIP'), or null for a brand without one (store_settings.brand_has_club) */
  clubName: string | null
}

export interface WelcomeCustomer {
  name: string
  email: string
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? ''

export function welcomeEmail(brand: WelcomeBrand, customer: WelcomeCustomer): QueuedEmail {
  const { origin } = brand
  const body = [
    `Hi ${firstName(customer.name)},`,
    '',
    `Welcome to ${brand.name}. Your account is ready: log in with this e-mail address at ${origin}/login.`,
    '',
    'With your account you can:',
    `  - see your order history and track every order: ${origin}/orders`,
    `  - keep your addresses for a faster checkout: ${origin}/addresses`,
    `  - keep your cards for later: ${origin}/change_payment`,
    `  - save the pieces you love to your wishlist: ${origin}/wishlist`,
    ...(brand.clubName ? [`  - join our ${brand.clubName} club for member prices and new pieces each month: ${origin}/vip`] : []),
    '',
    `Everything is in your Members Area: ${origin}/members`,
    '',
    `Questions? ${origin}/contact-us`,
    `Did not create this account? Tell us at ${origin}/contact-us.`,
    '',
    brand.name,
  ].join('\n')
  return { to: customer.email, subject: `Welcome to ${brand.name}`, body }
}
