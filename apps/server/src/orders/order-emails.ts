/**
 * The e-mails of an order's life after it is paid (docs/orders.md): cancelled, a refund issued, a
 * return received, an exchange sent. Each is queued in the transaction of what it tells, with the
 * order's number, so it is also an entry of the order's history.
 */
import { formatPrice, fromCents } from '@store/core'
import type { QueuedEmail } from '../email/outbox.ts'

const money = (cents: number) => formatPrice(fromCents(cents), { keepZeroCents: true })

export interface EmailOrder {
  order_number: string
  email: string
  shipping_name: string
}

export interface EmailBrand {
  name: string
  origin: string
}

const firstName = (order: EmailOrder) => order.shipping_name.trim().split(/\s+/)[0] ?? ''
const link = (brand: EmailBrand, order: EmailOrder) => `${brand.origin}/orders/${order.order_number}`

function mail(brand: EmailBrand, order: EmailOrder, subject: string, paragraphs: string[]): QueuedEmail {
  const body = [`Hi ${firstName(order)},`, '', ...paragraphs.flatMap((text) => [text, '']), `See your order: ${link(brand, order)}`, '', brand.name].join('\n')
  return { to: order.email, subject, body, orderNumber: order.order_number }
}

export interface RefundedPiece {
  name: string
  qty: number
}

const piecesText = (pieces: readonly RefundedPiece[]) => pieces.map((piece) => `  ${piece.qty} x ${piece.name}`)

export function orderCancelledEmail(brand: EmailBrand, order: EmailOrder, refundCents: number): QueuedEmail {
  return mail(brand, order, `Your order ${order.order_number} is cancelled`, [
    `Your order ${order.order_number} at ${brand.name} is cancelled, as you asked.`,
    refundCents > 0 ? `${money(refundCents)} is on its way back to your card: it usually shows within 5 to 10 business days.` : 'Nothing was charged for it.',
  ])
}

export function refundIssuedEmail(brand: EmailBrand, order: EmailOrder, refundCents: number, pieces: readonly RefundedPiece[]): QueuedEmail {
  return mail(brand, order, `A refund of ${money(refundCents)} for order ${order.order_number}`, [
    `We have refunded ${money(refundCents)} to the card that paid for order ${order.order_number}. It usually shows within 5 to 10 business days.`,
    ...(pieces.length > 0 ? [['For:', ...piecesText(pieces)].join('\n')] : []),
  ])
}

export function returnRequestedEmail(brand: EmailBrand, order: EmailOrder, pieces: readonly RefundedPiece[]): QueuedEmail {
  return mail(brand, order, `Your return for order ${order.order_number}`, [
    ['We have your return request for:', ...piecesText(pieces)].join('\n'),
    `Pack the pieces unworn with their tags, write ${order.order_number} on a slip inside, and send them to our returns desk. Your refund is made as soon as they arrive.`,
  ])
}

export function returnReceivedEmail(brand: EmailBrand, order: EmailOrder, pieces: readonly RefundedPiece[]): QueuedEmail {
  return mail(brand, order, `We received your return for order ${order.order_number}`, [
    ['Your return arrived at our warehouse:', ...piecesText(pieces)].join('\n'),
    'Your refund follows in a separate e-mail.',
  ])
}

export function exchangeSentEmail(brand: EmailBrand, order: EmailOrder, replacement: string, exchangeOrder: string): QueuedEmail {
  return mail(brand, order, `Your exchange for order ${order.order_number}`, [
    `Your exchange is reserved and on its way: ${replacement} (order ${exchangeOrder}). Nothing more is charged.`,
    'Send the piece you are exchanging back to us, with your order number on a slip inside.',
  ])
}
