/**
 * Refunds and cancellations, exactly once (docs/orders.md "Refunds"). A refund gives back lines
 * and quantities, the shipping, or an amount, or everything left (a cancellation); puts the
 * pieces back in stock or not; records its reason; tells the shopper unless told not to.
 *
 * A refund is a door of the payment engine (payments/payment-engine.ts, decision 220), its gateway
 * call a refund instead of a charge, so a crash anywhere leaves a state the next attempt (or the
 * sweeper) finishes, and never a second refund:
 *   1. reserve (planRefund, one transaction, the order row locked on PostgreSQL; SQLite runs one
 *      transaction at a time): the request's Idempotency-Key seen before answers as before; what is
 *      left to refund is read from the payments ledger, so of two refunds racing for the last amount
 *      one is planned and the other refused (409); a ledger row 'pending' is written per charge it
 *      gives back (@store/core refundShares), BEFORE the provider is asked. The pending rows are the
 *      attempt (no checkout_attempts row): the same key finds them again;
 *   2. the gateway call: the provider refunds each row, under the row's own idempotency key. No
 *      answer: the rows stay pending (held, never released: the money may be given back);
 *   3. settle: keep (completeRefund, one transaction): the rows 'succeeded', the stock back, the
 *      order moved (refunded or partially_refunded), its history entry and the e-mail; only the one
 *      who turns the rows from pending to succeeded does it. The provider refusing, release: the
 *      refused row 'failed' and a 409.
 * Steps 2 and 3 are the refund's door (refund-door.ts) and its record (refund-record.ts). A refund
 * whose provider did not answer stays pending: completePendingRefunds (pending-refunds.ts, run by
 * the reservation sweeper) sends it through the engine again with the same keys and completes it.
 */
import { randomUUID } from 'node:crypto'
import { formatPrice, fromCents, isOrderStatus, lineRefundShare, orderTransition, refundShares, type OrderFacts, type OrderStatus } from '@store/core'
import type { Transaction } from 'kysely'
import { giveBackStock } from '../checkout/stock.ts'
import { emitStockChanged } from '../checkout/stock-events.ts'
import type { Database, PaymentsRow } from '../db/schema.ts'
import { queueEmails } from '../email/outbox.ts'
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.ts'
import { ledgerTotals, refundedQuantities } from './order-details.ts'
import { orderCancelledEmail } from './order-emails.ts'
import { moveOrder, type OrderActor } from './order-states.ts'
import { answeredAlready, sendRefund, type OrderScope, type RefundDeps, type RefundOutcome } from './refund-door.ts'
import { completeRefund, emailBrand, lockOrder, type RefundDetail } from './refund-record.ts'

export type { OrderScope, RefundOutcome } from './refund-door.ts'

export interface RefundRequest {
  /** the request's Idempotency-Key: the same key again refunds nothing more */
  idempotencyKey: string
  lines?: { line_id: string; qty: number }[]
  /** the order's shipping too */
  shipping?: boolean
  /** an amount instead of what the lines and shipping come to */
  amountCents?: number
  /** everything left on the order (a cancellation) */
  all?: boolean
  restock: boolean
  /** why (the operator's words; never shown to the shopper) */
  reason: string
  /** e-mail the shopper (on by default) */
  notify: boolean
}

export interface RefundOptions {
  /** cancel the order with the refund: the facts the state machine judges the cancellation by */
  cancel?: OrderFacts
  /** the most this refund may come to, in cents (support's limit, which the owner sets): more is a 403 */
  limitCents?: number | null
  /** the operator's audit entry, written in the transaction that plans the refund (and the cancellation) */
  audit?: (trx: Transaction<Database>, planned: { amountCents: number; lines: { line_id: string; qty: number }[] }) => Promise<void>
}

const money = (cents: number) => formatPrice(fromCents(cents), { keepZeroCents: true })

/**
 * Refunds an order (and cancels it, with options.cancel). Refusals are 409s in words: more than is
 * left, a state that allows no refund (or no cancellation), a line refunded already.
 */
export async function refundOrder(
  ctx: OrderScope,
  orderNumber: string,
  request: RefundRequest,
  actor: OrderActor,
  deps: RefundDeps,
  options: RefundOptions = {},
): Promise<RefundOutcome> {
  const planned = await planRefund(ctx, orderNumber, request, actor, options)
  if (planned.restocked.length > 0) emitStockChanged({ brandId: ctx.data.brandId, itemIds: planned.restocked }, ctx.log)
  const group = request.idempotencyKey
  return answeredAlready(planned.rows) ?? sendRefund(ctx, { orderNumber, group, record: (refundIds) => completeRefund(ctx, orderNumber, group, refundIds, actor) }, deps)
}

async function planRefund(
  ctx: OrderScope,
  orderNumber: string,
  request: RefundRequest,
  actor: OrderActor,
  options: RefundOptions,
): Promise<{ rows: PaymentsRow[]; restocked: number[] }> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  const group = request.idempotencyKey
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, brandId, orderNumber)
    if (!order || !isOrderStatus(order.status)) throw notFound(`We couldn't find order ${orderNumber}.`)
    const seen = await trx
      .selectFrom('payments')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('order_number', '=', orderNumber)
      .where('kind', '=', 'refund')
      .where('refund_group', '=', group)
      .execute()
    // the same key again: what it did then stands
    if (seen.length > 0) return { rows: seen, restocked: [] }
    const [lines, payments, refundLines] = await Promise.all([
      trx.selectFrom('order_lines').selectAll().where('order_number', '=', orderNumber).where('brand_id', '=', brandId).execute(),
      trx.selectFrom('payments').selectAll().where('order_number', '=', orderNumber).where('brand_id', '=', brandId).orderBy('created_at').execute(),
      trx.selectFrom('refund_lines').selectAll().where('order_number', '=', orderNumber).where('brand_id', '=', brandId).execute(),
    ])
    const ledger = ledgerTotals(payments)
    const left = ledger.paidCents - ledger.refundedCents
    const refunded = refundedQuantities(refundLines)

    const pieces: RefundDetail['lines'] = []
    const wanted = request.all ? lines.map((line) => ({ line_id: line.id, qty: line.qty - (refunded.get(line.id) ?? 0) })).filter((want) => want.qty > 0) : (request.lines ?? [])
    for (const want of wanted) {
      const line = lines.find((candidate) => candidate.id === want.line_id)
      if (!line) throw unprocessable(`Order ${orderNumber} has no line ${want.line_id}.`, 'lines')
      const before = refunded.get(line.id) ?? 0
      const remaining = line.qty - before
      if (want.qty < 1 || !Number.isInteger(want.qty)) throw unprocessable(`Name how many pieces of ${line.name} to refund.`, 'lines')
      if (want.qty > remaining) {
        throw conflict(remaining === 0 ? `${line.name} (${line.size}) has been refunded already.` : `Only ${remaining} of ${line.name} (${line.size}) are left to refund.`, 'lines')
      }
      pieces.push({
        line_id: line.id,
        item_id: line.item_id,
        size: line.size,
        name: line.name,
        qty: want.qty,
        amount_cents: lineRefundShare({ qty: line.qty, totalCents: line.total_cents }, before, want.qty),
      })
    }
    const linesCents = pieces.reduce((sum, piece) => sum + piece.amount_cents, 0)
    const allLinesCents = lines.reduce((sum, line) => sum + line.total_cents, 0)
    const taxShare = allLinesCents > 0 ? Math.floor((order.tax_cents * linesCents) / allLinesCents) : 0
    const amount = request.all ? left : (request.amountCents ?? linesCents + taxShare + (request.shipping ? order.shipping_cents : 0))
    if (amount > left) throw conflict(`That is more than is left to refund on this order (${money(Math.max(0, left))}).`, 'amount')
    if (amount <= 0 && !options.cancel)
      throw unprocessable(left <= 0 ? 'Nothing is left to refund on this order.' : 'Name the lines, the shipping or an amount to refund.', 'amount')
    const fullyRefunded = amount === left
    if (options.limitCents !== undefined && options.limitCents !== null && amount > options.limitCents) {
      throw new HttpError(403, `Your role may refund at most ${money(options.limitCents)} at once; this refund comes to ${money(amount)}. Ask a manager.`, 'amount')
    }
    await options.audit?.(trx, { amountCents: Math.max(0, amount), lines: pieces.map((piece) => ({ line_id: piece.line_id, qty: piece.qty })) })

    const status: OrderStatus = order.status
    const restocked: number[] = []
    if (options.cancel) {
      const moved = await moveOrder(trx, { brandId, orderNumber, from: status }, 'cancel', actor, { at: now, facts: options.cancel, detail: { reason: request.reason } })
      if (!moved.ok) throw conflict(moved.reason, 'order_number')
      if (request.notify) await queueEmails(trx, brandId, now, [orderCancelledEmail(emailBrand(ctx), order, amount)])
      if (amount <= 0) {
        // nothing was paid (a club box its month's fee did not pay): the pieces go back at once
        if (request.restock) {
          await giveBackStock(
            trx,
            brandId,
            pieces.map((piece) => ({ itemId: piece.item_id, size: piece.size, qty: piece.qty })),
          )
          restocked.push(...pieces.map((piece) => piece.item_id))
        }
        return { rows: [], restocked }
      }
    } else {
      const allowed = orderTransition(status, 'refund', { fullyRefunded })
      if (!allowed.ok) throw conflict(allowed.reason, 'order_number')
    }

    // what each charge of the order gives back, oldest first
    const detail: RefundDetail = { notify: request.notify, restock: request.restock, shipping: request.shipping ?? false, lines: pieces }
    const charges = payments
      .filter((charge) => charge.kind === 'charge' && charge.status === 'succeeded' && charge.gateway_payment_id)
      .map((charge) => ({
        id: charge.id,
        amountCents: charge.amount_cents,
        refundedCents: payments
          .filter((payment) => payment.kind === 'refund' && payment.refund_of === charge.id && (payment.status === 'succeeded' || payment.status === 'pending'))
          .reduce((sum, payment) => sum + payment.amount_cents, 0),
      }))
    const { shares, shortCents } = refundShares(charges, amount)
    if (shortCents > 0) throw conflict(`That is more than is left to refund on this order (${money(amount - shortCents)}).`, 'amount')
    const rows: PaymentsRow[] = []
    for (const share of shares) {
      const charge = payments.find((payment) => payment.id === share.id)
      if (!charge) continue
      rows.push({
        id: randomUUID(),
        brand_id: brandId,
        order_number: orderNumber,
        offer_id: null,
        gateway: charge.gateway,
        gateway_payment_id: null,
        idempotency_key: `refund:${orderNumber}:${group}:${charge.id}`,
        amount_cents: share.cents,
        status: 'pending',
        decline_reason: null,
        card_brand: charge.card_brand,
        last4: charge.last4,
        exp_month: null,
        exp_year: null,
        saved_method: null,
        offer_line: null,
        created_at: now,
        updated_at: now,
        kind: 'refund',
        order_line_id: pieces.length === 1 ? pieces[0]!.line_id : null,
        refund_of: charge.id,
        reason: request.reason,
        refund_group: group,
        refund_detail: JSON.stringify(detail),
      })
    }
    await trx.insertInto('payments').values(rows).execute()
    if (pieces.length > 0) {
      await trx
        .insertInto('refund_lines')
        .values(
          pieces.map((piece) => ({
            id: randomUUID(),
            brand_id: brandId,
            payment_id: rows[0]!.id,
            order_number: orderNumber,
            order_line_id: piece.line_id,
            qty: piece.qty,
            amount_cents: piece.amount_cents,
            restocked: request.restock ? 1 : 0,
          })),
        )
        .execute()
    }
    return { rows, restocked }
  })
}
