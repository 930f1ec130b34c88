/**
 * The shipment e-mails: the order has shipped (with the carrier, the tracking number and a link
 * to the store's tracker), and the order was delivered. Sent once per change of the order's
 * status, queued in the transaction that writes it (tracking.service.ts recordCarrierEvent).
 * Links start at the brand's public origin, never at a request's Host: the carrier's webhook
 * is the request here, and it is not the shopper's.
 */
import type { QueuedEmail } from '../email/outbox.ts'

export interface ShipmentBrand {
  /** the store's name: 'PopFit Clothing' */
  name: string
  /** the brand's public origin: 'https://popfitclothing.com' */
  origin: string
}

export interface ShipmentOrder {
  order_number: string
  email: string
  shipping_name: string
}

export interface ShipmentParcel {
  carrier: string
  tracking_number: string
}

/** The order statuses the shopper is told of. */
export type ShipmentNews = 'shipped' | 'delivered'

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? ''
const trackerLink = (origin: string, orderNumber: string) => `${origin}/tracker?order=${encodeURIComponent(orderNumber)}`

export function shipmentEmail(brand: ShipmentBrand, order: ShipmentOrder, parcel: ShipmentParcel, news: ShipmentNews): QueuedEmail {
  const { origin } = brand
  const opening =
    news === 'shipped'
      ? [`Good news: your order ${order.order_number} at ${brand.name} is on its way.`]
      : [`Your order ${order.order_number} at ${brand.name} was delivered.`, 'We hope you love it.']
  const body = [
    `Hi ${firstName(order.shipping_name)},`,
    '',
    ...opening,
    '',
    `  Carrier  ${parcel.carrier}`,
    `  Tracking number  ${parcel.tracking_number}`,
    '',
    `Track your order: ${trackerLink(origin, order.order_number)}`,
    ...(news === 'delivered' ? [`Not there? Tell us at ${origin}/contact-us and we will find it.`] : [`Questions? ${origin}/contact-us`]),
    '',
    brand.name,
  ].join('\n')
  const subject = news === 'shipped' ? `Your ${brand.name} order ${order.order_number} has shipped` : `Your ${brand.name} order ${order.order_number} was delivered`
  return { to: order.email, subject, body }
}
