import type { OrderHistoryEntry } from './orders.ts'

/** The order tracker (SPEC §3 Tracking: order, carrier, events as pairs of description and date). */

export interface TrackingEvent {
  description: string
  /** ISO-8601 time the event happened */
  date: string
}

export interface Tracking {
  /** the order number */
  order: string
  /** the carrier's name once the order has shipped, else null */
  carrier: string | null
  tracking_number: string | null
  /** the order's status: paid, shipped, delivered ... */
  status: string
  /** newest first */
  events: TrackingEvent[]
  /** the order's history meant for the shopper, oldest first (docs/orders.md) */
  history: OrderHistoryEntry[]
}
