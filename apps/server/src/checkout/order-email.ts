/**
 * The order confirmation e-mail: the lines and totals paid, where it ships, the card that
 * paid (its brand and last four, nothing more), links from the brand's public origin.
 */
import { countryName, formatPrice, fromCents, savedCardName } from '@store/core'

export interface ConfirmationOrder {
  order_number: string
  shipping_name: string
  subtotal_cents: number
  discount_cents: number
  shipping_cents: number
  tax_cents: number
  total_cents: number
  shipping_method: string
  /** joining the club with the order: its first period (in the subtotal) */
  club_fee_cents: number
  /** the bundle offers' part of discount_cents */
  bundle_discount_cents: number
  shipping_company: string
  shipping_address: string
  shipping_address_2: string
  shipping_city: string
  shipping_state: string
  shipping_zip: string
  shipping_country: string
}

/** The card that paid, as a shopper recognises it: never more than its brand and last four digits. */
export interface ConfirmationCard {
  brand: string
  last4: string
  /** a new card the checkout kept in the customer's account for later (payment-methods keepCard) */
  keptForLater: boolean
}

export interface ConfirmationLine {
  name: string
  color: string
  size: string
  qty: number
  /** a piece's price before the order's discounts: the lines add up to the Subtotal, the savings follow it */
  price_cents: number
}

const money = (cents: number) => formatPrice(fromCents(cents), { keepZeroCents: true })

/** The shipping address as a label reads it: name, company, street lines, 'City, ST 78701', country. */
function shippingLines(order: ConfirmationOrder): string[] {
  const cityLine = [order.shipping_city, [order.shipping_state, order.shipping_zip].filter((part) => part.trim() !== '').join(' ')].filter((part) => part.trim() !== '').join(', ')
  return [order.shipping_name, order.shipping_company, order.shipping_address, order.shipping_address_2, cityLine, countryName(order.shipping_country)]
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

export function orderConfirmationEmail(
  storeName: string,
  origin: string,
  order: ConfirmationOrder,
  lines: readonly ConfirmationLine[],
  clubName: string | null = null,
  card: ConfirmationCard | null = null,
) {
  const first = order.shipping_name.trim().split(/\s+/)[0] ?? ''
  const body = [
    `Hi ${first},`,
    '',
    `Thank you for your order ${order.order_number} at ${storeName}. Here is what you bought:`,
    '',
    ...lines.map((line) => `  ${line.qty} x ${line.name} (${line.color}, ${line.size})  ${money(line.price_cents * line.qty)}`),
    ...(order.club_fee_cents > 0 ? [`  ${clubName ?? 'Club'} membership, first month  ${money(order.club_fee_cents)}`] : []),
    '',
    `  Subtotal  ${money(order.subtotal_cents)}`,
    ...(order.bundle_discount_cents > 0 ? [`  Bundle savings  -${money(order.bundle_discount_cents)}`] : []),
    ...(order.discount_cents > order.bundle_discount_cents ? [`  Discount  -${money(order.discount_cents - order.bundle_discount_cents)}`] : []),
    `  Shipping (${order.shipping_method})  ${order.shipping_cents === 0 ? 'Free' : money(order.shipping_cents)}`,
    `  Tax  ${money(order.tax_cents)}`,
    `  Total  ${money(order.total_cents)}`,
    '',
    'Shipping to:',
    ...shippingLines(order).map((line) => `  ${line}`),
    ...(card
      ? [
          '',
          `Paid with: ${savedCardName(card.brand, card.last4)}`,
          ...(card.keptForLater ? [`This card is now saved in your account for next time: ${origin}/change_payment`] : []),
        ]
      : []),
    '',
    `Track your order: ${origin}/tracker?order=${encodeURIComponent(order.order_number)}`,
    `Questions? ${origin}/contact-us`,
  ].join('\n')
  return { subject: `Your ${storeName} order ${order.order_number}`, body }
}

export interface OfferAdded {
  name: string
  color: string
  size: string
  qty: number
  /** what the card was charged for it, tax included */
  charged_cents: number
  tax_cents: number
  /** the order's total with it */
  order_total_cents: number
}

/** A one-time offer added after payment: what was added, what the card was charged, the order's new total. */
export function offerAddedEmail(storeName: string, origin: string, order: Pick<ConfirmationOrder, 'order_number' | 'shipping_name'>, added: OfferAdded) {
  const first = order.shipping_name.trim().split(/\s+/)[0] ?? ''
  const body = [
    `Hi ${first},`,
    '',
    `You added this to your order ${order.order_number} at ${storeName}:`,
    '',
    `  ${added.qty} x ${added.name} (${added.color}, ${added.size})`,
    '',
    `  Charged to the card you paid with  ${money(added.charged_cents)}${added.tax_cents > 0 ? ` (tax ${money(added.tax_cents)} included)` : ''}`,
    `  Order total now  ${money(added.order_total_cents)}`,
    '',
    'It ships with your order, at no extra shipping cost.',
    '',
    `Track your order: ${origin}/tracker?order=${encodeURIComponent(order.order_number)}`,
    `Questions? ${origin}/contact-us`,
  ].join('\n')
  return { subject: `Added to your ${storeName} order ${order.order_number}`, body }
}
