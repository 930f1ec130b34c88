/**
 * What an order shows besides its own row (orders.service): its lines, its payments ledger, its
 * tracking number, the history meant for its reader, and what the shopper may do with it now.
 * Five statements for any number of orders.
 */
import { describeOrderEvent, isFinalSale, isOrderStatus, shopperOrderActions, type OrderFacts, type OrderHistoryDetail, type OrderHistoryEntry } from '@store/core'
import type { Kysely } from 'kysely'
import { readJson } from '../db/json.ts'
import type { Database, OrderHistoryRow, OrderLinesRow, OrdersRow, PaymentsRow, RefundLinesRow, StoreSettingsRow } from '../db/schema.ts'
import { inHistoryOrder } from './history-order.ts'

export interface OrderDetails {
  lines: OrderLinesRow[]
  payments: PaymentsRow[]
  trackingNumber: string | null
  history: OrderHistoryRow[]
  refundLines: RefundLinesRow[]
}

/** The details of these orders (of one brand), by order number. */
export async function loadOrderDetails(db: Kysely<Database>, brandId: string, numbers: string[], options: { shopperOnly: boolean }): Promise<Map<string, OrderDetails>> {
  const details = new Map<string, OrderDetails>(numbers.map((number) => [number, { lines: [], payments: [], trackingNumber: null, history: [], refundLines: [] }]))
  if (numbers.length === 0) return details
  const [lines, payments, shipments, history, refundLines] = await Promise.all([
    db.selectFrom('order_lines').selectAll().where('order_number', 'in', numbers).where('brand_id', '=', brandId).execute(),
    db.selectFrom('payments').selectAll().where('order_number', 'in', numbers).where('brand_id', '=', brandId).orderBy('created_at').execute(),
    db.selectFrom('shipments').select(['order_number', 'tracking_number']).where('order_number', 'in', numbers).where('brand_id', '=', brandId).execute(),
    inHistoryOrder(
      db
        .selectFrom('order_history')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('order_number', 'in', numbers)
        .$if(options.shopperOnly, (query) => query.where('visible_to_shopper', '=', 1)),
    ).execute(),
    db.selectFrom('refund_lines').selectAll().where('order_number', 'in', numbers).where('brand_id', '=', brandId).execute(),
  ])
  for (const line of lines) details.get(line.order_number)?.lines.push(line)
  for (const payment of payments) if (payment.order_number) details.get(payment.order_number)?.payments.push(payment)
  for (const shipment of shipments) {
    const found = details.get(shipment.order_number)
    if (found && found.trackingNumber === null) found.trackingNumber = shipment.tracking_number
  }
  for (const entry of history) details.get(entry.order_number)?.history.push(entry)
  for (const refund of refundLines) details.get(refund.order_number)?.refundLines.push(refund)
  return details
}

/** What the ledger holds for an order: captured by its charges, given back by its refunds (pending ones counted: they are on their way). */
export function ledgerTotals(payments: Pick<PaymentsRow, 'kind' | 'status' | 'amount_cents'>[]): { paidCents: number; refundedCents: number } {
  let paidCents = 0
  let refundedCents = 0
  for (const payment of payments) {
    if (payment.kind === 'charge' && payment.status === 'succeeded') paidCents += payment.amount_cents
    if (payment.kind === 'refund' && (payment.status === 'succeeded' || payment.status === 'pending')) refundedCents += payment.amount_cents
  }
  return { paidCents, refundedCents }
}

/** Pieces of each line refunded so far. */
export function refundedQuantities(refundLines: Pick<RefundLinesRow, 'order_line_id' | 'qty'>[]): Map<string, number> {
  const refunded = new Map<string, number>()
  for (const line of refundLines) refunded.set(line.order_line_id, (refunded.get(line.order_line_id) ?? 0) + line.qty)
  return refunded
}

/** When the order was delivered (its history's entry), or null. */
function deliveredAt(history: Pick<OrderHistoryRow, 'event' | 'at'>[]): string | null {
  return history.find((entry) => entry.event === 'delivered')?.at ?? null
}

/** The windows and the exchange rule of the brand: the facts the shopper's actions are judged by. */
export function shopperFacts(
  order: Pick<OrdersRow, 'created_at'>,
  history: Pick<OrderHistoryRow, 'event' | 'at'>[],
  settings: Pick<StoreSettingsRow, 'order_cancel_minutes' | 'return_window_days' | 'club_exchanges'> | null,
  shopper: { member: boolean },
  now: Date,
): OrderFacts {
  const cancelMinutes = settings?.order_cancel_minutes ?? 60
  const returnDays = settings?.return_window_days ?? 30
  const delivered = deliveredAt(history)
  return {
    byShopper: true,
    cancelWindowMinutes: cancelMinutes,
    withinCancelWindow: now.getTime() < new Date(order.created_at).getTime() + cancelMinutes * 60_000,
    returnWindowDays: returnDays,
    withinReturnWindow: delivered !== null && now.getTime() < new Date(delivered).getTime() + returnDays * 86_400_000,
    exchangeOpen: settings?.club_exchanges === 1 && shopper.member,
  }
}

/** The shopper's buttons for an order now. */
export function actionsOf(order: Pick<OrdersRow, 'status' | 'created_at'>, details: OrderDetails, facts: OrderFacts): string[] {
  if (!isOrderStatus(order.status)) return []
  const allFinalSale = details.lines.length > 0 && details.lines.every((line) => isFinalSale(line.discount_class))
  return shopperOrderActions(order.status, facts).filter((action) => action === 'cancel' || !allFinalSale)
}

/** The history as its reader sees it, oldest first. */
export function historyView(history: OrderHistoryRow[]): OrderHistoryEntry[] {
  return history.map((entry) => ({
    at: entry.at,
    event: entry.event,
    status: entry.after_status,
    description: describeOrderEvent(entry.event, readJson<OrderHistoryDetail>(entry.detail, {})),
  }))
}
