/**
 * The order tracker (SPEC §3 Tracking; docs/tracking.md). Events come from the
 * store's own status changes (order placed) and from the carrier
 * (carrier.ts); both land in tracking_events, one row per event key, so a
 * repeated delivery changes nothing.
 */
import type { OrderEvent, OrderStatus } from '@store/core'
import { moveOrder } from '../orders/order-states.ts'
import { historyView } from '../orders/order-details.ts'
import { inHistoryOrder } from '../orders/history-order.ts'
import { checkRequestLimits, countRequests, shopperLimits } from '../accounts/request-limits.ts'
import { randomUUID } from 'node:crypto'
import type { Tracking } from '@store/core'
import type { Kysely } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import type { Database } from '../db/schema.ts'
import { mayReadOrder, orderNotFound, VISIBLE_ORDER_STATUSES } from '../orders/orders.service.ts'
import { queueEmails } from '../email/outbox.ts'
import type { CarrierEvent, CarrierStatus } from './carrier.ts'
import { shipmentEmail, type ShipmentNews } from './shipment-email.ts'

const HOUR_MS = 60 * 60 * 1000
/** A visitor's wrong guesses (number and e-mail that do not match) per client address and hour. */
export const TRACKER_GUESSES = { max: 10, windowMs: HOUR_MS }

/** The store's own event: one per key (`store:placed:{order}`), written in the caller's transaction. */
export async function recordStoreEvent(
  db: Kysely<Database>,
  event: { brandId: string; orderNumber: string; key: string; description: string; occurredAt: string; status?: string | null },
): Promise<void> {
  await db
    .insertInto('tracking_events')
    .values({
      id: randomUUID(),
      brand_id: event.brandId,
      order_number: event.orderNumber,
      shipment_id: null,
      event_key: event.key,
      source: 'store',
      status: event.status ?? null,
      description: event.description,
      occurred_at: event.occurredAt,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['brand_id', 'event_key']).doNothing())
    .execute()
}

/** What each carrier status makes of the order, from the statuses it may leave. */
const STATUS_MOVES: Partial<Record<CarrierStatus, { to: ShipmentNews; event: OrderEvent; from: OrderStatus[] }>> = {
  in_transit: { to: 'shipped', event: 'ship', from: ['paid', 'processing', 'packing'] },
  out_for_delivery: { to: 'shipped', event: 'ship', from: ['paid', 'processing', 'packing'] },
  delivered: { to: 'delivered', event: 'deliver', from: ['paid', 'processing', 'packing', 'shipped'] },
}

export type CarrierEventOutcome = 'recorded' | 'duplicate' | 'unknown_order'

/** A carrier's event: its shipment (made on the first event naming the tracking number), the event, and the order's status. */
export async function recordCarrierEvent(ctx: RequestContext, event: CarrierEvent): Promise<CarrierEventOutcome> {
  const { db, brandId } = ctx.data
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['order_number', 'status', 'email', 'shipping_name'])
      .where('brand_id', '=', brandId)
      .where('order_number', '=', event.order_number)
      .where('status', 'in', VISIBLE_ORDER_STATUSES)
      .executeTakeFirst()
    if (!order) return 'unknown_order'
    const key = `carrier:${event.id}`
    const seen = await trx.selectFrom('tracking_events').select('id').where('brand_id', '=', brandId).where('event_key', '=', key).executeTakeFirst()
    if (seen) return 'duplicate'
    let shipment = await trx
      .selectFrom('shipments')
      .select(['id', 'shipped_at'])
      .where('order_number', '=', order.order_number)
      .where('tracking_number', '=', event.tracking_number)
      .executeTakeFirst()
    if (!shipment) {
      shipment = { id: randomUUID(), shipped_at: null }
      await trx
        .insertInto('shipments')
        .values({ id: shipment.id, order_number: order.order_number, carrier: event.carrier, tracking_number: event.tracking_number, shipped_at: null })
        .execute()
    }
    const move = event.status ? STATUS_MOVES[event.status] : undefined
    const inserted = await trx
      .insertInto('tracking_events')
      .values({
        id: randomUUID(),
        brand_id: brandId,
        order_number: order.order_number,
        shipment_id: shipment.id,
        event_key: key,
        source: 'carrier',
        status: move?.to ?? null,
        description: event.description,
        occurred_at: event.occurred_at,
        created_at: ctx.now().toISOString(),
      })
      .onConflict((oc) => oc.columns(['brand_id', 'event_key']).doNothing())
      .executeTakeFirst()
    // two deliveries of one event at once: the unique key lets one in
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate'
    if (!shipment.shipped_at && event.status && event.status !== 'label_created') {
      await trx.updateTable('shipments').set({ shipped_at: event.occurred_at }).where('id', '=', shipment.id).execute()
    }
    if (move && (move.from as string[]).includes(order.status)) {
      const moved = await moveOrder(trx, { brandId, orderNumber: order.order_number, from: move.from }, move.event, `carrier:${event.carrier}`, {
        at: event.occurred_at,
        detail: { carrier: event.carrier, tracking_number: event.tracking_number, description: event.description },
      })
      // the shopper is told when the order moves, in this transaction: once per move, as only one event
      // moves it (another event to the same status, or this one delivered twice, finds it moved already)
      if (moved.ok) {
        await queueEmails(trx, brandId, ctx.now().toISOString(), [
          { ...shipmentEmail({ name: ctx.brand.name, origin: ctx.origin }, order, event, move.to), orderNumber: order.order_number },
        ])
      }
    }
    return 'recorded'
  })
}

/**
 * The tracker of an order: for the customer who owns it (or the session that
 * placed it), or for anyone who gives its number with the order's e-mail. Any
 * other combination is the same 404 as a number that does not exist, and a
 * visitor's misses are counted per client address (429 past TRACKER_GUESSES).
 */
export async function getTracking(ctx: RequestContext, orderNumber: string, email: string | null): Promise<Tracking> {
  const { db, brandId } = ctx.data
  const [session, shopper] = await Promise.all([ctx.session.current(), ctx.shopper()])
  const order = await db
    .selectFrom('orders')
    .select(['order_number', 'status', 'email', 'customer_id', 'placed_by_visitor_id'])
    .where('brand_id', '=', brandId)
    .where('order_number', '=', orderNumber)
    .where('status', 'in', VISIBLE_ORDER_STATUSES)
    .executeTakeFirst()
  const owns = order !== undefined && mayReadOrder(order, session?.visitorId ?? null, shopper.customerId)
  if (!owns) {
    // by number and e-mail: a guess, counted when it misses
    const guesses = await shopperLimits(ctx, {
      name: 'tracker',
      perShopper: TRACKER_GUESSES.max,
      perAddress: TRACKER_GUESSES.max,
      windowMs: TRACKER_GUESSES.windowMs,
      message: 'Too many order numbers were tried from this network.',
    })
    await checkRequestLimits(ctx, guesses)
    const matches = order !== undefined && email !== null && email.trim() !== '' && order.email.toLowerCase() === email.trim().toLowerCase()
    if (!matches) {
      await countRequests(
        ctx,
        guesses.map((guess) => guess.key),
      )
      throw orderNotFound(orderNumber)
    }
  }
  if (!order) throw orderNotFound(orderNumber)
  const [shipment, events, history] = await Promise.all([
    db.selectFrom('shipments').select(['carrier', 'tracking_number']).where('order_number', '=', order.order_number).orderBy('shipped_at', 'desc').executeTakeFirst(),
    db
      .selectFrom('tracking_events')
      .select(['description', 'occurred_at'])
      .where('brand_id', '=', brandId)
      .where('order_number', '=', order.order_number)
      .orderBy('occurred_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute(),
    inHistoryOrder(
      db.selectFrom('order_history').selectAll().where('brand_id', '=', brandId).where('order_number', '=', order.order_number).where('visible_to_shopper', '=', 1),
    ).execute(),
  ])
  return {
    order: order.order_number,
    carrier: shipment?.carrier ?? null,
    tracking_number: shipment?.tracking_number ?? null,
    status: order.status,
    events: events.map((event) => ({ description: event.description, date: event.occurred_at })),
    history: historyView(history),
  }
}
