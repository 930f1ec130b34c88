/**
 * What staff do to an order (DESIGN §8, docs/admin-orders.md): pack, ship, cancel, refund, receive a
 * return, send an exchange, note, send the confirmation again. Each moves the order only through
 * moveOrder (orders/order-states.ts), refunds only through orders/refunds.ts, and writes its audit
 * entry in the transaction of the change. Two staff acting on one order at once: the order's
 * compare-and-set (or its row lock, for a refund) lets one through; the other gets a 409 in words.
 */
import { randomUUID } from 'node:crypto'
import { orderTransition, refundLimitCents } from '@store/core'
import type { Transaction } from 'kysely'
import { orderConfirmationEmail } from '../checkout/order-email.ts'
import type { RequestContext } from '../context/request-context.ts'
import type { Database } from '../db/schema.ts'
import { queueEmails } from '../email/outbox.ts'
import { conflict } from '../http/errors.ts'
import { moveOrder, recordOrderEvent, type OrderActor } from '../orders/order-states.ts'
import { refundOrder, type RefundOutcome } from '../orders/refunds.ts'
import { receiveReturn, sendExchange } from '../orders/warehouse-actions.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { audited } from '../staff/audit.ts'
import type { StaffActing } from '../staff/staff-guard.ts'
import { recordStoreEvent } from '../tracking/tracking.service.ts'
import { shipmentEmail } from '../tracking/shipment-email.ts'
import { readOrder } from './orders-admin.queries.ts'
import { supportRefundLimitCents } from './refund-limit.ts'

const actorOf = (staff: StaffActing): OrderActor => `staff:${staff.staff.id}`

/** The audit entry of an action on an order, for the action's transaction. */
const auditOf = (staff: StaffActing, action: string, orderNumber: string, after: Record<string, unknown>, before?: Record<string, unknown>) => (trx: Transaction<Database>) =>
  audited(trx, staff.actor, { action: `order.${action}`, entity: 'order', id: orderNumber, before, after })

/** Start packing: the order leaves paid (or a club box's processing) for packing. */
export async function packOrder(ctx: RequestContext, staff: StaffActing, orderNumber: string): Promise<void> {
  const { db, brandId } = ctx.data
  const order = await readOrder(db, brandId, orderNumber)
  await db.transaction().execute(async (trx) => {
    const moved = await moveOrder(trx, { brandId, orderNumber, from: order.status }, 'pack', actorOf(staff), { at: ctx.now().toISOString() })
    if (!moved.ok) throw conflict(moved.reason)
    await auditOf(staff, 'pack', orderNumber, { status: moved.state }, { status: order.status })(trx)
  })
}

/**
 * Ship with a carrier and tracking number: the order shipped, its shipment and a tracker event
 * (the shopper's tracker shows both at once), and the shopper's e-mail, in one transaction.
 */
export async function shipOrder(ctx: RequestContext, staff: StaffActing, orderNumber: string, parcel: { carrier: string; tracking_number: string }): Promise<void> {
  const { db, brandId } = ctx.data
  const order = await readOrder(db, brandId, orderNumber)
  // a shipped order's later scans are the carrier's (its webhook): staff ship once
  if (order.status === 'shipped') throw conflict(`Order ${orderNumber} has shipped already.`)
  const now = ctx.now().toISOString()
  await db.transaction().execute(async (trx) => {
    const moved = await moveOrder(trx, { brandId, orderNumber, from: order.status }, 'ship', actorOf(staff), { at: now, detail: parcel })
    if (!moved.ok) throw conflict(moved.reason)
    await trx
      .insertInto('shipments')
      .values({ id: randomUUID(), order_number: orderNumber, carrier: parcel.carrier, tracking_number: parcel.tracking_number, shipped_at: now })
      .execute()
    await recordStoreEvent(trx, {
      brandId,
      orderNumber,
      key: `store:shipped:${orderNumber}:${parcel.tracking_number}`,
      description: `Shipped with ${parcel.carrier}, tracking number ${parcel.tracking_number}`,
      occurredAt: now,
      status: 'shipped',
    })
    await queueEmails(trx, brandId, now, [{ ...shipmentEmail({ name: ctx.brand.name, origin: ctx.origin }, order, parcel, 'shipped'), orderNumber }])
    await auditOf(staff, 'ship', orderNumber, { status: moved.state, ...parcel }, { status: order.status })(trx)
  })
}

/** Cancel: everything left refunded (orders/refunds.ts), the pieces back in stock unless told not to. */
export async function cancelByStaff(
  ctx: RequestContext,
  staff: StaffActing,
  gateway: PaymentGateway,
  orderNumber: string,
  input: { reason: string; restock: boolean; notify: boolean },
): Promise<RefundOutcome> {
  const order = await readOrder(ctx.data.db, ctx.data.brandId, orderNumber)
  return refundOrder(
    ctx,
    orderNumber,
    { idempotencyKey: `staff-cancel:${randomUUID()}`, all: true, restock: input.restock, reason: input.reason, notify: input.notify },
    actorOf(staff),
    { gateway },
    {
      cancel: { byShopper: false },
      audit: (trx, planned) =>
        auditOf(
          staff,
          'cancel',
          orderNumber,
          { status: 'cancelled', refund_cents: planned.amountCents, restock: input.restock, reason: input.reason },
          { status: order.status },
        )(trx),
    },
  )
}

export interface StaffRefund {
  idempotencyKey: string
  lines: { line_id: string; qty: number }[]
  shipping: boolean
  /** cents, instead of what the lines and shipping come to */
  amount?: number
  restock: boolean
  reason: string
  notify: boolean
}

/** Refund lines, shipping or an amount, once per Idempotency-Key; support within the owner's limit. */
export async function refundByStaff(ctx: RequestContext, staff: StaffActing, gateway: PaymentGateway, orderNumber: string, input: StaffRefund): Promise<RefundOutcome> {
  const { db, brandId } = ctx.data
  await readOrder(db, brandId, orderNumber)
  const limit = refundLimitCents(staff.role, staff.role === 'support' ? await supportRefundLimitCents(db, brandId) : undefined)
  return refundOrder(
    ctx,
    orderNumber,
    {
      idempotencyKey: `staff:${input.idempotencyKey}`,
      lines: input.lines,
      shipping: input.shipping,
      amountCents: input.amount,
      restock: input.restock,
      reason: input.reason,
      notify: input.notify,
    },
    actorOf(staff),
    { gateway },
    {
      limitCents: limit,
      audit: (trx, planned) =>
        auditOf(staff, 'refund', orderNumber, { amount_cents: planned.amountCents, lines: planned.lines, shipping: input.shipping, restock: input.restock, reason: input.reason })(
          trx,
        ),
    },
  )
}

/** The warehouse received the return: the order's return received, then its refund (orders/shopper-actions.ts). */
export async function receiveReturnByStaff(ctx: RequestContext, staff: StaffActing, gateway: PaymentGateway, orderNumber: string): Promise<RefundOutcome> {
  const order = await readOrder(ctx.data.db, ctx.data.brandId, orderNumber)
  // 'returned': received, its refund not through yet (the provider did not answer): received again, the refund is asked again
  if (order.status !== 'returned') {
    const allowed = orderTransition(order.status, 'receive_return')
    if (!allowed.ok) throw conflict(allowed.reason)
  }
  return receiveReturn(ctx, orderNumber, gateway, actorOf(staff), auditOf(staff, 'receive_return', orderNumber, { status: 'returned' }))
}

/** The warehouse sent the exchange's replacement (orders/shopper-actions.ts). */
export async function sendExchangeByStaff(ctx: RequestContext, staff: StaffActing, orderNumber: string): Promise<string> {
  await readOrder(ctx.data.db, ctx.data.brandId, orderNumber)
  return sendExchange(ctx, orderNumber, actorOf(staff), auditOf(staff, 'send_exchange', orderNumber, { status: 'exchange_sent' }))
}

/** A note on the order's timeline that only staff read. */
export async function addNote(ctx: RequestContext, staff: StaffActing, orderNumber: string, text: string): Promise<void> {
  const { db, brandId } = ctx.data
  await readOrder(db, brandId, orderNumber)
  await db.transaction().execute(async (trx) => {
    await recordOrderEvent(trx, { brandId, orderNumber, event: 'note', actor: actorOf(staff), at: ctx.now().toISOString(), detail: { text }, visible: false })
    await auditOf(staff, 'note', orderNumber, { text })(trx)
  })
}

/** The order confirmation e-mail again, as checkout sent it (the card that paid, from the ledger). */
export async function resendConfirmation(ctx: RequestContext, staff: StaffActing, orderNumber: string): Promise<void> {
  const { db, brandId } = ctx.data
  const order = await readOrder(db, brandId, orderNumber)
  if (order.status === 'pending_payment' || order.status === 'declined' || order.status === 'expired') {
    throw conflict('This order has not been paid, so there is no confirmation to send.')
  }
  const [lines, charge, settings] = await Promise.all([
    db.selectFrom('order_lines').select(['name', 'color', 'size', 'qty', 'price_cents']).where('brand_id', '=', brandId).where('order_number', '=', orderNumber).execute(),
    db
      .selectFrom('payments')
      .select(['card_brand', 'last4'])
      .where('brand_id', '=', brandId)
      .where('order_number', '=', orderNumber)
      .where('kind', '=', 'charge')
      .where('status', '=', 'succeeded')
      .orderBy('created_at')
      .executeTakeFirst(),
    order.club_fee_cents > 0 ? getSettingsBundle(db, brandId) : Promise.resolve(null),
  ])
  const card = charge?.card_brand && charge.last4 ? { brand: charge.card_brand, last4: charge.last4, keptForLater: false } : null
  const email = orderConfirmationEmail(ctx.brand.name, ctx.origin, order, lines, settings?.row.club_name ?? null, card)
  const now = ctx.now().toISOString()
  await db.transaction().execute(async (trx) => {
    await queueEmails(trx, brandId, now, [{ to: order.email, subject: email.subject, body: email.body, orderNumber }])
    await recordOrderEvent(trx, { brandId, orderNumber, event: 'confirmation_resent', actor: actorOf(staff), at: now, detail: { subject: email.subject }, visible: false })
    await auditOf(staff, 'resend_confirmation', orderNumber, { to: order.email })(trx)
  })
}
