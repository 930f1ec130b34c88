/** Orders as the API answers them: GET /orders/{number} (SPEC §3 order history, snake_case). */

export interface OrderItem {
  id: number
  cancelled: boolean
  qty: number
  /** unit price paid */
  price: number
  total: number
  discount: number
  discount_class: string
  name: string
  color: string
  size: string
  image1: string | null
  /** the one-time offer it was bought with, or null */
  offer_id: string | null
  /** the order line's own id (returns and refunds name it) */
  line_id: string
  /** a final-sale piece: neither returned nor exchanged */
  final_sale: boolean
  /** pieces of this line refunded so far */
  refunded_qty: number
  /** the other sizes of this piece in stock now, that it can be exchanged for (empty unless the order can be exchanged) */
  exchange_sizes: string[]
  /** other colours of the same style at the same price, each with its sizes in stock now, that it can be exchanged for (empty unless the order can be exchanged) */
  exchange_colors: OrderExchangeColor[]
}

/** Another colour of a piece's style (an item sharing its style, as the item page's variants) it can be exchanged for. */
export interface OrderExchangeColor {
  item_id: number
  color: string
  swatch: string
  /** its sizes in stock now */
  sizes: string[]
}

export interface OrderPayment {
  /** charge, refund or void (the payments ledger) */
  kind: string
  card_brand: string | null
  last4: string | null
  amount: number
  status: string
  /** ISO-8601 time of the movement */
  at: string
}

/** One entry of the order's history meant for its reader (oldest first). */
export interface OrderHistoryEntry {
  at: string
  event: string
  /** the order's status after it, for a move; else null */
  status: string | null
  /** the entry in words */
  description: string
}

export interface Order {
  order_number: string
  /** ISO-8601 time the order was placed */
  date: string
  status: string
  email: string
  subtotal: number
  discount: number
  shipping: number
  tax: number
  total: number
  /** what joining the club with this order charged for its first period, in the subtotal; else 0 */
  club_fee: number
  /** what the bundle offers saved, the part of discount that is not the code's (0 for orders placed before it was kept) */
  bundle_discount: number
  /** the club period ('2026-11') this order is a member's monthly box of, paid by that period's fee; null for any other order */
  club_box: string | null
  /** waiting for payment (pending_payment): when the order is dropped, its stock and code given back, if the bank has not confirmed it (ISO-8601); else null */
  waiting_until: string | null
  shipping_method: string
  shipment_tracking_number: string | null
  shipping_name: string
  shipping_company: string
  shipping_country: string
  shippingAddress: string
  shippingAddress2: string
  shippingCity: string
  shippingState: string
  shippingZip: string
  shipping_phone: string
  billing_name: string
  billing_company: string
  billing_country: string
  billing_address: string
  billing_address_2: string
  billing_city: string
  billing_state: string
  billing_zip: string
  billing_phone: string
  items: OrderItem[]
  payments: OrderPayment[]
  /** what the payments ledger says was paid (charges captured) and given back (refunds) */
  paid: number
  refunded: number
  /** what the shopper may do now: cancel, request_return, request_exchange */
  actions: string[]
  history: OrderHistoryEntry[]
}

/** One page of the order history (/orders?page=N): newest first, and whether older orders follow. */
export interface OrdersPage {
  orders: Order[]
  page: number
  has_older: boolean
}

/** What the Members Area says of the latest order: its headline, without its lines. */
export type OrderHeadline = Pick<Order, 'order_number' | 'date' | 'status' | 'total' | 'club_box'>
