/**
 * An order's history as the shopper reads it (/orders, the tracker): each entry of
 * order_history (docs/orders.md) told in words. The operator reads the same entries
 * with who made them and the internal details.
 */
import { formatPrice } from './prices.ts'

/** What an entry's detail may carry (JSON in order_history.detail). */
export interface OrderHistoryDetail {
  amount_cents?: number
  carrier?: string
  tracking_number?: string
  subject?: string
  name?: string
  size?: string
  qty?: number
  lines?: { name?: string; qty?: number }[]
  exchange_order?: string
  exchange_for?: string
  /** a replacement's entries: the order a piece of which it exchanges */
  exchange_of?: string
}

const money = (cents: number | undefined) => formatPrice((cents ?? 0) / 100, { keepZeroCents: true })
const pieces = (lines: OrderHistoryDetail['lines']) => (lines ?? []).map((line) => `${line.qty ?? 1} × ${line.name ?? 'item'}`).join(', ')

/** The entry in words for the shopper. */
export function describeOrderEvent(event: string, detail: OrderHistoryDetail): string {
  switch (event) {
    case 'created':
      return detail.exchange_of ? `Exchange reserved for order ${detail.exchange_of}` : 'Order placed'
    case 'paid':
      if (detail.exchange_of) return `Exchange for order ${detail.exchange_of} placed: nothing charged`
      return `Payment of ${money(detail.amount_cents)} received`
    case 'offer_added':
      return `${detail.name ?? 'An item'}${detail.size ? ` in size ${detail.size}` : ''} added to your order for ${money(detail.amount_cents)}`
    case 'packing':
      return 'Being packed'
    case 'shipped':
      return detail.carrier ? `Shipped with ${detail.carrier}${detail.tracking_number ? `, tracking number ${detail.tracking_number}` : ''}` : 'Shipped'
    case 'delivered':
      return 'Delivered'
    case 'cancelled':
      return 'Order cancelled'
    case 'refunded':
      return `Refund of ${money(detail.amount_cents)} issued${detail.lines && detail.lines.length > 0 ? ` for ${pieces(detail.lines)}` : ''}`
    case 'return_requested':
      return `Return requested${detail.lines && detail.lines.length > 0 ? ` for ${pieces(detail.lines)}` : ''}`
    case 'return_received':
      return 'Your return arrived at our warehouse'
    case 'exchange_requested':
      return `Exchange requested${detail.exchange_for ? `: ${detail.exchange_for}` : ''}${detail.exchange_order ? ` (order ${detail.exchange_order})` : ''}`
    case 'exchange_sent':
      return `Exchange sent${detail.exchange_order ? ` (order ${detail.exchange_order})` : ''}`
    case 'email_sent':
      return `E-mail sent: ${detail.subject ?? ''}`.trim()
    default:
      return event.replace(/_/g, ' ')
  }
}
