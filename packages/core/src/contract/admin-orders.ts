/**
 * The operator's orders (DESIGN §8: GET /orders, /orders/{number}, the actions, the packing slips):
 * answers the server and the operator's app share. Money in dollars, as every answer gives it.
 */
import type { StaffOrderAction } from '../staff-order-actions.ts'

/** An order as the operator's list shows it (an analyst reads the e-mail masked). */
export interface AdminOrderSummary {
  order_number: string
  /** ISO-8601 time it was placed */
  placed_at: string
  status: string
  email: string
  /** the name it ships to */
  name: string
  total: number
  /** the pieces ordered */
  pieces: number
  /** how it was bought: free_flow, vip_flow, checkout_club_flow, club_monthly, exchange */
  flow: string
  /** joined the club with it, or a member's monthly box */
  club: boolean
}

export interface AdminOrderAddress {
  name: string
  company: string
  address: string
  address_2: string
  city: string
  state: string
  zip: string
  country: string
  phone: string
}

export interface AdminOrderLine {
  /** the line's id: refunds name it */
  id: string
  item_id: number
  name: string
  color: string
  size: string
  qty: number
  /** a piece's price paid */
  price: number
  total: number
  /** pieces of it refunded so far */
  refunded_qty: number
  final_sale: boolean
}

/** A row of the payments ledger: a charge, a refund (its internal reason) or a void. */
export interface AdminOrderPayment {
  id: string
  kind: string
  status: string
  amount: number
  at: string
  card_brand: string | null
  last4: string | null
  /** a refund's reason (the operator's words; never the shopper's) */
  reason: string | null
  /** why the bank refused a charge, or the provider a refund */
  decline_reason: string | null
}

/** One entry of the order's history, every one of them, staff-only notes included (oldest first). */
export interface AdminOrderHistoryEntry {
  id: string
  at: string
  event: string
  /** the order's status after it, for a move */
  status: string | null
  /** who: the shopper, a member of staff (their e-mail), a job, the carrier, the payment provider */
  actor: string
  description: string
  /** a note, an internal reason: the shopper never reads it */
  staff_only: boolean
}

/** The customer of an order; null for a role that sees no customer pages (fulfilment). */
export interface AdminOrderCustomer {
  /** the account's id (a guest's order: null) */
  id: string | null
  email: string
  name: string
  /** the customer's orders at this brand */
  orders: number
}

export interface AdminOrder extends AdminOrderSummary {
  subtotal: number
  discount: number
  shipping: number
  tax: number
  /** captured by the ledger's charges, given back by its refunds */
  paid: number
  refunded: number
  shipping_method: string
  shipping_address: AdminOrderAddress
  /** null for fulfilment: they see where it ships, not who pays */
  billing_address: AdminOrderAddress | null
  tracking: { carrier: string; tracking_number: string } | null
  lines: AdminOrderLine[]
  payments: AdminOrderPayment[]
  history: AdminOrderHistoryEntry[]
  customer: AdminOrderCustomer | null
  /** what the member of staff asking may do to it now */
  actions: StaffOrderAction[]
  /** the most they may refund at once, in dollars; null: no limit */
  refund_limit: number | null
}

/** One order's packing slip: what goes in the parcel and where it goes. */
export interface PackingSlip {
  order_number: string
  placed_at: string
  shipping_method: string
  ship_to: AdminOrderAddress
  lines: { name: string; color: string; size: string; qty: number }[]
}

/** The owner's setting of refunds by support (default $100.00). */
export interface RefundSettings {
  support_refund_limit: number
}
