/**
 * Every e-mail the store sends, written by its own builder for a made-up shopper and order: what
 * the preview page in development shows for each brand (email-previews.routes.ts), and what the
 * tests check the HTML of (valid, at 600 px and on a phone).
 */
import { emailChangedEmails } from '../accounts/email-changed-email.ts'
import { passwordChangedEmail } from '../accounts/password-changed-email.ts'
import { passwordResetEmail } from '../accounts/password-reset-email.ts'
import { welcomeEmail } from '../accounts/welcome-email.ts'
import type { Brand } from '../brands/registry.ts'
import { offerAddedEmail, orderConfirmationEmail } from '../checkout/order-email.ts'
import { productImageUrl } from '../media/media.service.ts'
import { clubChangedEmail, clubChargedEmail, clubChargeFailedEmail, clubLapsedEmail, clubRejoinedFreeEmail } from '../membership/club-email.ts'
import { skipReminderEmail } from '../membership/skip-reminder-email.ts'
import { exchangeSentEmail, orderCancelledEmail, refundIssuedEmail, returnReceivedEmail, returnRequestedEmail } from '../orders/order-emails.ts'
import { cardChangedEmail } from '../payment-methods/card-changed-email.ts'
import { shipmentEmail } from '../tracking/shipment-email.ts'
import type { EmailPicture } from './branded-email.ts'

export interface EmailPreview {
  /** its address on the preview page: 'order-confirmation' */
  key: string
  subject: string
  body: string
  pictures: readonly EmailPicture[]
}

const SHOPPER = { name: 'Ana Lima', email: 'ana@example.com' }
const CARD = { card_brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2029 }

/** The made-up order's pieces, with pictures drawn by the store's own media. */
function pieces(brand: Pick<Brand, 'publicOrigin' | 'styles'>) {
  const [first = '#c2185b', second = '#1d1d1f'] = brand.styles.palette
  const picture = (itemId: number, garment: 'tee' | 'leggings', color: string) =>
    new URL(productImageUrl({ itemId, garment, view: 'front', color, width: 320, height: 400 }), brand.publicOrigin).href
  return [
    { name: 'Everyday Tee', color: 'Berry', size: 'M', qty: 2, price_cents: 2400, src: picture(101, 'tee', first) },
    { name: 'High-Rise Leggings', color: 'Black', size: 'L', qty: 1, price_cents: 4800, src: picture(102, 'leggings', second) },
  ]
}

/** Each e-mail of the store for this brand, as it would be sent. */
export function emailPreviews(brand: Pick<Brand, 'name' | 'publicOrigin' | 'styles'>): EmailPreview[] {
  const origin = brand.publicOrigin
  const names = { name: brand.name, origin }
  const club = { name: brand.name, publicOrigin: origin }
  const order = {
    order_number: 'PF10042',
    email: SHOPPER.email,
    shipping_name: SHOPPER.name,
    subtotal_cents: 9600,
    discount_cents: 960,
    bundle_discount_cents: 0,
    shipping_cents: 0,
    tax_cents: 713,
    total_cents: 9353,
    shipping_method: 'Standard',
    club_fee_cents: 0,
    shipping_company: '',
    shipping_address: '500 Congress Ave',
    shipping_address_2: 'Apt 4',
    shipping_city: 'Austin',
    shipping_state: 'TX',
    shipping_zip: '78701',
    shipping_country: 'US',
  }
  const lines = pieces(brand)
  const pictures: EmailPicture[] = lines.map(({ name, color, size, src }) => ({ name, color, size, src }))
  const refunded = lines.map((line) => ({ name: line.name, qty: line.qty }))
  const mail = (key: string, email: { subject: string; body: string }, withPictures = false): EmailPreview => ({
    key,
    subject: email.subject,
    body: email.body,
    pictures: withPictures ? pictures : [],
  })
  const [toOld, toNew] = emailChangedEmails(names, { name: SHOPPER.name, oldEmail: SHOPPER.email, newEmail: 'ana.lima@example.org' })
  const period = '2026-12'
  const card = { cardBrand: 'visa', last4: '4242' }
  return [
    mail('welcome', welcomeEmail({ ...names, clubName: 'VIP' }, SHOPPER)),
    mail('order-confirmation', orderConfirmationEmail(brand.name, origin, order, lines, 'VIP', { brand: 'visa', last4: '4242', keptForLater: true }), true),
    mail(
      'offer-added',
      offerAddedEmail(brand.name, origin, order, { name: 'Everyday Tee', color: 'Berry', size: 'M', qty: 1, charged_cents: 1299, tax_cents: 99, order_total_cents: 10652 }),
      true,
    ),
    mail('shipped', shipmentEmail(names, order, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' }, 'shipped'), true),
    mail('delivered', shipmentEmail(names, order, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' }, 'delivered'), true),
    mail('order-cancelled', orderCancelledEmail(names, order, 9353), true),
    mail('refund', refundIssuedEmail(names, order, 4800, refunded.slice(1)), true),
    mail('return-requested', returnRequestedEmail(names, order, refunded.slice(1)), true),
    mail('return-received', returnReceivedEmail(names, order, refunded.slice(1)), true),
    mail('exchange', exchangeSentEmail(names, order, 'High-Rise Leggings (Black, M)', 'PF10043'), true),
    mail('club-charged', clubChargedEmail(club, SHOPPER, { period, amountCents: 3995, paused: false, rejoined: false }, card)),
    mail('club-charge-failed', clubChargeFailedEmail(club, SHOPPER, { period, amountCents: 3995, retryOn: '2026-12-08' }, card)),
    mail('club-lapsed', clubLapsedEmail(club, SHOPPER, { period })),
    mail('club-skip', clubChangedEmail(club, SHOPPER, { event: 'skip', period, summary: 'December is skipped: nothing is charged and no box is sent.' })),
    mail('club-pause', clubChangedEmail(club, SHOPPER, { event: 'pause', period, summary: 'Your membership is paused from December: $9.95 a month, no box.' })),
    mail('club-resume', clubChangedEmail(club, SHOPPER, { event: 'resume', period, summary: 'Your next box comes in January.' })),
    mail('club-cancel', clubChangedEmail(club, SHOPPER, { event: 'cancel', period, summary: 'Your membership ends on December 31. Nothing more is charged.' })),
    mail('club-rejoined', clubRejoinedFreeEmail(club, SHOPPER, { nextBillingDate: '2027-01-01', amountCents: 3995 })),
    mail('skip-reminder', skipReminderEmail(club, SHOPPER, { period, cutoff: 'December 5' })),
    mail('password-reset', passwordResetEmail(names, SHOPPER, `${origin}/forgot?token=preview-token`)),
    mail('password-changed', passwordChangedEmail(names, SHOPPER, 'reset link')),
    mail('email-changed-old', toOld),
    mail('email-changed-new', toNew),
    mail('card-added', cardChangedEmail(names, SHOPPER, { kind: 'added', card: CARD, isDefault: true })),
  ]
}
