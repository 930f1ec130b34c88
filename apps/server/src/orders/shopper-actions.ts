/**
 * What a shopper does with their own order from /orders (DESIGN §4, docs/orders.md): cancel it
 * (not yet packing, within the brand's window: refunded, stock back), or return pieces of it after
 * delivery (within the return window, not final sale: the refund follows when they arrive). Each
 * refusal is a 409 saying why. A member's exchange is exchanges.ts; the warehouse's side of a
 * return and an exchange is warehouse-actions.ts.
 */
import { randomUUID } from 'node:crypto'
import { isFinalSale, isOrderStatus, orderTransition, type OrderEvent, type OrderFacts, type OrderStatus } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { readJson } from '../db/json.ts'
import type { OrderLinesRow, OrderReturnsRow } from '../db/schema.ts'
import { queueEmails } from '../email/outbox.ts'
import { conflict, unprocessable } from '../http/errors.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { shopperFacts } from './order-details.ts'
import { returnRequestedEmail } from './order-emails.ts'
import { moveOrder, type OrderActor } from './order-states.ts'
import { mayReadOrder, orderNotFound } from './orders.service.ts'
import { refundOrder, type RefundOutcome } from './refunds.ts'

export interface ReturnLine {
  line_id: string
  qty: number
  reason: string
}

/** A line of order_returns.lines: an exchange's names what it was exchanged for. */
export interface StoredReturnLine extends ReturnLine {
  exchange_size?: string
  /** the other colour's item, when the exchange was for another colour of the style */
  exchange_item_id?: number
}

/** The shopper's own order (as GET /orders/{number} finds it), its lines and history, and the facts their actions are judged by. */
export async function shoppersOrder(ctx: RequestContext, orderNumber: string) {
  const { db, brandId } = ctx.data
  const [session, shopper, order] = await Promise.all([
    ctx.session.current(),
    ctx.shopper(),
    db.selectFrom('orders').selectAll().where('brand_id', '=', brandId).where('order_number', '=', orderNumber).executeTakeFirst(),
  ])
  if (!order || !isOrderStatus(order.status) || order.status === 'declined' || order.status === 'expired') throw orderNotFound(orderNumber)
  if (!mayReadOrder(order, session?.visitorId ?? null, shopper.customerId)) throw orderNotFound(orderNumber)
  const [lines, history, returns, settings] = await Promise.all([
    db.selectFrom('order_lines').selectAll().where('brand_id', '=', brandId).where('order_number', '=', orderNumber).execute(),
    db.selectFrom('order_history').select(['event', 'at']).where('brand_id', '=', brandId).where('order_number', '=', orderNumber).orderBy('at').execute(),
    db.selectFrom('order_returns').selectAll().where('brand_id', '=', brandId).where('order_number', '=', orderNumber).execute(),
    getSettingsBundle(db, brandId),
  ])
  const facts = shopperFacts(order, history, settings?.row ?? null, { member: shopper.hasClub }, ctx.now())
  const actor: OrderActor = shopper.customerId ? `shopper:${shopper.customerId}` : 'shopper'
  return { order: { ...order, status: order.status as OrderStatus }, lines, returns, facts, actor }
}

/** The shopper cancels: refunded in full, every piece back in stock, an e-mail, the history says so. */
export async function cancelOrder(ctx: RequestContext, orderNumber: string, gateway: PaymentGateway): Promise<RefundOutcome> {
  const { facts, actor } = await shoppersOrder(ctx, orderNumber)
  return refundOrder(
    ctx,
    orderNumber,
    { idempotencyKey: 'shopper-cancel', all: true, restock: true, reason: 'Cancelled by the shopper', notify: true },
    actor,
    { gateway },
    { cancel: facts },
  )
}

/** Pieces of each line already asked for in a return or an exchange (not to be asked for twice). */
function askedFor(returns: OrderReturnsRow[]): Map<string, number> {
  const asked = new Map<string, number>()
  for (const row of returns) {
    for (const line of readJson<StoredReturnLine[]>(row.lines, [])) asked.set(line.line_id, (asked.get(line.line_id) ?? 0) + line.qty)
  }
  return asked
}

/** Checks the lines asked for: each on the order, not asked for before, not final sale (a refusal the state machine words). */
export function checkLines(
  lines: OrderLinesRow[],
  returns: OrderReturnsRow[],
  wanted: { line_id: string; qty: number }[],
  event: OrderEvent,
  status: OrderStatus,
  facts: OrderFacts,
) {
  if (wanted.length === 0) throw unprocessable('Choose at least one piece.', 'lines')
  const asked = askedFor(returns)
  const chosen: { line: OrderLinesRow; qty: number }[] = []
  for (const want of wanted) {
    const line = lines.find((candidate) => candidate.id === want.line_id)
    if (!line) throw unprocessable(`This order has no line ${want.line_id}.`, 'lines')
    const left = line.qty - (asked.get(line.id) ?? 0)
    if (want.qty > left)
      throw conflict(left <= 0 ? `${line.name} (${line.size}) is already on its way back.` : `Only ${left} of ${line.name} (${line.size}) can still be sent back.`, 'lines')
    chosen.push({ line, qty: want.qty })
  }
  const finalSale = chosen.some(({ line }) => isFinalSale(line.discount_class))
  const allowed = orderTransition(status, event, { ...facts, finalSale })
  if (!allowed.ok) throw conflict(allowed.reason, 'lines')
  return { chosen, facts: { ...facts, finalSale } }
}

/** The shopper asks to return pieces: the order's return requested, the instructions by e-mail; the refund follows when they arrive. */
export async function requestReturn(ctx: RequestContext, orderNumber: string, wanted: ReturnLine[]): Promise<void> {
  const { db, brandId } = ctx.data
  const { order, lines, returns, facts, actor } = await shoppersOrder(ctx, orderNumber)
  const { chosen, facts: judged } = checkLines(lines, returns, wanted, 'request_return', order.status, facts)
  const now = ctx.now().toISOString()
  await db.transaction().execute(async (trx) => {
    const pieces = chosen.map(({ line, qty }) => ({ name: `${line.name} (${line.size})`, qty }))
    const moved = await moveOrder(trx, { brandId, orderNumber, from: order.status }, 'request_return', actor, {
      at: now,
      facts: judged,
      detail: { lines: pieces, reasons: wanted.map((want) => want.reason) },
    })
    if (!moved.ok) throw conflict(moved.reason, 'lines')
    await trx
      .insertInto('order_returns')
      .values({
        id: randomUUID(),
        brand_id: brandId,
        order_number: orderNumber,
        kind: 'return',
        status: 'requested',
        lines: JSON.stringify(wanted),
        exchange_order_number: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await queueEmails(trx, brandId, now, [returnRequestedEmail({ name: ctx.brand.name, origin: ctx.origin }, order, pieces)])
  })
}
