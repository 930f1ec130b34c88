/**
 * The one place an order's status is written (docs/orders.md). Every move is checked against the
 * state machine of @store/core, made by a compare-and-set UPDATE (the status it leaves is in the
 * WHERE, so two moves at once make one), and writes its history entry in the same statement: the
 * order row carries the latest entry and a trigger of migration 024 appends it to order_history.
 */
import { randomUUID } from 'node:crypto'
import { HISTORY_EVENT_OF, isShopperHistoryEvent, orderTransition, type OrderEvent, type OrderFacts, type OrderStatus, type OrderTransition } from '@store/core'
import type { Kysely, Transaction, Updateable } from 'kysely'
import type { Database, OrdersTable } from '../db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Who did it: the shopper, a member of staff, a job, the carrier's webhook, the payment provider, or the store itself. */
export type OrderActor = 'shopper' | `shopper:${string}` | `staff:${string}` | `job:${string}` | `carrier:${string}` | `payment:${string}` | 'store'

/** What an entry says besides its event (carrier and tracking number, amount and lines, a reason...). */
export type HistoryDetail = Record<string, string | number | boolean | null | readonly unknown[] | Record<string, unknown>>

/** The columns of an order row that carry its latest history entry (the trigger appends it). */
export function historyColumns(event: string, actor: OrderActor, at: string, detail: HistoryDetail = {}, visible = isShopperHistoryEvent(event)) {
  return {
    history_id: randomUUID(),
    history_event: event,
    history_actor: actor,
    history_detail: JSON.stringify(detail),
    history_visible: visible ? 1 : 0,
    history_at: at,
  }
}

/** A new order's status and its first entry, "created", to spread into its INSERT. */
export function newOrderState(status: Extract<OrderStatus, 'pending_payment' | 'processing'>, actor: OrderActor, at: string, detail: HistoryDetail = {}) {
  return { status, ...historyColumns('created', actor, at, detail) }
}

export interface OrderTarget {
  brandId: string
  orderNumber: string
  /** the status the order is read in (or the statuses it may be in): the move happens only from there */
  from: OrderStatus | readonly OrderStatus[]
}

export interface MoveOptions {
  at: string
  detail?: HistoryDetail
  facts?: OrderFacts
  /** other columns changed with the move (reserved_until, payment_method_id...) */
  set?: Omit<Updateable<OrdersTable>, 'status' | 'history_id' | 'history_event' | 'history_actor' | 'history_detail' | 'history_visible' | 'history_at'>
}

export type MoveResult = OrderTransition | { ok: false; reason: string; stale: true }

const ORDER_CHANGED_MEANWHILE = 'This order changed while you were looking at it. Please reload it and try again.'

/**
 * Moves an order by an event: refused by the state machine (with its reason in words), not made
 * because the order is no longer in `from` (stale: someone else moved it first), or made.
 */
export async function moveOrder(db: Db, target: OrderTarget, event: OrderEvent, actor: OrderActor, options: MoveOptions): Promise<MoveResult> {
  const from: readonly OrderStatus[] = typeof target.from === 'string' ? [target.from] : target.from
  const facts = options.facts ?? {}
  let next: OrderStatus | null = null
  for (const state of from) {
    const result = orderTransition(state, event, facts)
    if (!result.ok) {
      if (from.length === 1) return result
      throw new Error(`moveOrder: ${event} is not allowed from ${state}`)
    }
    if (next !== null && next !== result.state) throw new Error(`moveOrder: ${event} leads to more than one state from ${from.join(', ')}`)
    next = result.state
  }
  if (next === null) throw new Error('moveOrder: no state to move from')
  const moved = await db
    .updateTable('orders')
    .set({ ...options.set, status: next, ...historyColumns(HISTORY_EVENT_OF[event], actor, options.at, options.detail) })
    .where('brand_id', '=', target.brandId)
    .where('order_number', '=', target.orderNumber)
    .where('status', 'in', from)
    .executeTakeFirst()
  if (Number(moved.numUpdatedRows) !== 1) return { ok: false, reason: ORDER_CHANGED_MEANWHILE, stale: true }
  return { ok: true, state: next }
}

/** An entry that moves nothing (a note, a refund in part of an order not yet sent, an offer added...). */
export async function recordOrderEvent(
  db: Db,
  entry: { brandId: string; orderNumber: string; event: string; actor: OrderActor; at: string; detail?: HistoryDetail; visible?: boolean },
): Promise<void> {
  const columns = historyColumns(entry.event, entry.actor, entry.at, entry.detail, entry.visible)
  await db
    .insertInto('order_history')
    .values({
      id: columns.history_id,
      brand_id: entry.brandId,
      order_number: entry.orderNumber,
      event: entry.event,
      before_status: null,
      after_status: null,
      actor: entry.actor,
      detail: columns.history_detail,
      visible_to_shopper: columns.history_visible,
      at: entry.at,
    })
    .execute()
}
