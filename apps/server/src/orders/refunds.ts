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
 * A refund whose provider did not answer stays pending: completePendingRefunds (run by the
 * reservation sweeper) sends it through the engine again with the same keys and completes it.
 */
import { randomUUID } from 'node:crypto'
import { formatPrice, fromCents, isOrderStatus, lineRefundShare, orderTransition, refundShares, type OrderFacts, type OrderStatus } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import { giveBackStock } from '../checkout/stock.ts'
import { emitStockChanged } from '../checkout/stock-events.ts'
import type { RequestContext } from '../context/request-context.ts'
import { dialectOf } from '../db/connection.ts'
import { readJson } from '../db/json.ts'
import type { Database, OrdersRow, PaymentsRow } from '../db/schema.ts'
import { queueEmails, type QueuedEmail } from '../email/outbox.ts'
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.ts'
import { GatewayUnavailable, RefundRefused, type PaymentGateway } from '../payments/gateway.ts'
import { chargeAndSettle, type AttemptRecord, type ChargeDoor } from '../payments/payment-engine.ts'
import { ledgerTotals, refundedQuantities } from './order-details.ts'
import { orderCancelledEmail, refundIssuedEmail, type RefundedPiece } from './order-emails.ts'
import { moveOrder, recordOrderEvent, type OrderActor } from './order-states.ts'

/** What a refund needs of its caller: a request's context, the sweeper's, or a command's. */
export type OrderScope = Pick<RequestContext, 'data' | 'now' | 'brand' | 'origin' | 'log'>

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

/** What a refund request asked, kept on its ledger rows (payments.refund_detail) for whoever completes it. */
interface RefundDetail {
  notify: boolean
  restock: boolean
  shipping: boolean
  lines: { line_id: string; item_id: number; size: string; name: string; qty: number; amount_cents: number }[]
}

export interface RefundDeps {
  gateway: PaymentGateway
  /** tests: called once the provider has refunded, before the refund is recorded (a crash there) */
  afterGatewayCall?: () => void | Promise<void>
}

export interface RefundOptions {
  /** cancel the order with the refund: the facts the state machine judges the cancellation by */
  cancel?: OrderFacts
  /** the most this refund may come to, in cents (support's limit, which the owner sets): more is a 403 */
  limitCents?: number | null
  /** the operator's audit entry, written in the transaction that plans the refund (and the cancellation) */
  audit?: (trx: Transaction<Database>, planned: { amountCents: number; lines: { line_id: string; qty: number }[] }) => Promise<void>
}

/** 'succeeded': refunded and recorded; 'pending': the provider has not answered yet (the sweeper completes it); 'none': nothing was paid (a cancellation). */
export type RefundOutcome = 'succeeded' | 'pending' | 'none'

/** The answer to a refund the provider would not make (and to its key sent again). */
const REFUSED = 'The payment provider refused this refund. Nothing more was refunded.'

const money = (cents: number) => formatPrice(fromCents(cents), { keepZeroCents: true })

type Db = Kysely<Database> | Transaction<Database>

/** The order, locked until the transaction ends on PostgreSQL (SQLite runs one transaction at a time). */
async function lockOrder(trx: Transaction<Database>, brandId: string, orderNumber: string): Promise<OrdersRow | undefined> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('order_number', '=', orderNumber)
    .$if(dialectOf(trx) === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst()
}

const emailBrand = (ctx: OrderScope) => ({ name: ctx.brand.name, origin: ctx.origin })

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
  if (planned.rows.length === 0) return 'none'
  if (planned.rows.every((row) => row.status === 'succeeded')) return 'succeeded'
  // the same key after the provider refused it: the same answer
  if (planned.rows.some((row) => row.status === 'failed')) throw conflict(REFUSED, 'amount')
  return sendAndComplete(ctx, orderNumber, request.idempotencyKey, actor, deps)
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

/** A refund's rows as its gateway call needs them: each row's key, amount, and the charge it gives back from. */
type RefundRow = Pick<PaymentsRow, 'id' | 'idempotency_key' | 'amount_cents' | 'status'> & { charge_payment_id: string | null }

/** What the provider answered a refund's pending rows: all refunded (their refund ids), or one refused. */
type RefundAnswer = { status: 'succeeded'; paymentId: string | null; refundIds: Map<string, string | null> } | { status: 'declined'; paymentId: null; message: string; row: string }

/** A refund's attempt is its pending ledger rows: a pause leaves them pending for the sweeper (or the same key) to ask again; the answer is the record. */
const PENDING_ROWS: AttemptRecord = { pause: async () => {}, finish: async () => {} }

/**
 * The refund's door into the payment engine (payments/payment-engine.ts): the pending rows are the
 * reservation and the attempt; the gateway call refunds each under its own key; keep records the
 * refund once (completeRefund); the provider refusing, release marks the refused row failed.
 */
function refundDoor(ctx: OrderScope, orderNumber: string, group: string, actor: OrderActor, deps: RefundDeps): ChargeDoor<RefundRow[], RefundOutcome, RefundAnswer> {
  const { brandId } = ctx.data
  return {
    noun: 'refund',
    gatewayKey: `${brandId}:refund:${orderNumber}:${group}`,
    charge: async (rows) => {
      const refundIds = new Map<string, string | null>()
      for (const row of rows) {
        if (row.status !== 'pending' || !row.charge_payment_id) continue
        try {
          refundIds.set(row.id, await deps.gateway.refund(ctx.data, row.charge_payment_id, `${brandId}:${row.idempotency_key}`, row.amount_cents))
        } catch (error) {
          if (error instanceof GatewayUnavailable)
            ctx.log.warn({ order: orderNumber, refund: row.id }, 'the payment provider did not answer a refund: it stays pending, and the sweeper asks again')
          if (error instanceof RefundRefused) return { status: 'declined', paymentId: null, message: error.message, row: row.id }
          throw error
        }
      }
      await deps.afterGatewayCall?.()
      return { status: 'succeeded', paymentId: [...refundIds.values()].find((id) => id !== null) ?? null, refundIds }
    },
    declined: () => ({ status: 409, error: { message: REFUSED, field: 'amount' } }),
    release: async (_rows, _answer, refused) => {
      if (!refused) throw new Error('a refund is given back only when the provider refuses it')
      // the provider will not give it back (refunded elsewhere, in its dashboard): recorded as failed, for the operator
      await ctx.data.db
        .updateTable('payments')
        .set({ status: 'failed', decline_reason: refused.message, updated_at: ctx.now().toISOString() })
        .where('id', '=', refused.row)
        .where('status', '=', 'pending')
        .execute()
      ctx.log.error({ order: orderNumber, refund: refused.row, reason: refused.message }, 'the payment provider refused a refund')
      return undefined
    },
    keep: async (_rows, result) => {
      await completeRefund(ctx, orderNumber, group, result.refundIds, actor)
      return { kept: true, answer: { status: 200, data: 'succeeded' } }
    },
  }
}

/** Steps 3 and 4 for a request's pending rows, through the payment engine: the provider refunds each, then the refund is recorded once. */
async function sendAndComplete(ctx: OrderScope, orderNumber: string, group: string, actor: OrderActor, deps: RefundDeps): Promise<RefundOutcome> {
  const { db, brandId } = ctx.data
  const rows: RefundRow[] = await db
    .selectFrom('payments as refund')
    .innerJoin('payments as charge', 'charge.id', 'refund.refund_of')
    .select(['refund.id', 'refund.idempotency_key', 'refund.amount_cents', 'refund.status', 'charge.gateway_payment_id as charge_payment_id'])
    .where('refund.brand_id', '=', brandId)
    .where('refund.order_number', '=', orderNumber)
    .where('refund.kind', '=', 'refund')
    .where('refund.refund_group', '=', group)
    .execute()
  const door = refundDoor(ctx, orderNumber, group, actor, deps)
  try {
    return await chargeAndSettle(ctx, deps, PENDING_ROWS, door, rows, () => door.charge(rows))
  } catch (error) {
    // no answer: the rows stay pending (the money may be given back), and the sweeper asks again under the same keys
    if (error instanceof GatewayUnavailable) return 'pending'
    throw error
  }
}

/** Step 3: the request's rows succeeded, stock back, the order moved, its history and e-mail: once, whoever completes it. */
async function completeRefund(ctx: OrderScope, orderNumber: string, group: string, refundIds: Map<string, string | null>, actor: OrderActor): Promise<void> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  const restocked = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, brandId, orderNumber)
    if (!order || !isOrderStatus(order.status)) return []
    const rows = await trx
      .selectFrom('payments')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('order_number', '=', orderNumber)
      .where('kind', '=', 'refund')
      .where('refund_group', '=', group)
      .execute()
    let flipped = 0
    for (const row of rows) {
      if (row.status !== 'pending') continue
      const done = await trx
        .updateTable('payments')
        .set({ status: 'succeeded', gateway_payment_id: refundIds.get(row.id) ?? null, updated_at: now })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      flipped += Number(done.numUpdatedRows)
    }
    if (flipped === 0) return []
    const detail = readJson<RefundDetail>(rows[0]!.refund_detail, { notify: true, restock: false, shipping: false, lines: [] })
    const amount = rows.reduce((sum, row) => sum + row.amount_cents, 0)
    const restockedItems: number[] = []
    if (detail.restock && detail.lines.length > 0) {
      await giveBackStock(
        trx,
        brandId,
        detail.lines.map((piece) => ({ itemId: piece.item_id, size: piece.size, qty: piece.qty })),
      )
      restockedItems.push(...detail.lines.map((piece) => piece.item_id))
    }
    const payments = await trx.selectFrom('payments').select(['kind', 'status', 'amount_cents']).where('brand_id', '=', brandId).where('order_number', '=', orderNumber).execute()
    const ledger = ledgerTotals(payments)
    const entry = {
      amount_cents: amount,
      lines: detail.lines.map((piece): RefundedPiece => ({ name: `${piece.name} (${piece.size})`, qty: piece.qty })),
      shipping: detail.shipping,
      reason: rows[0]!.reason,
    }
    const moves = order.status !== 'cancelled' && orderTransition(order.status, 'refund', { fullyRefunded: ledger.refundedCents >= ledger.paidCents }).ok
    const moved = moves
      ? await moveOrder(trx, { brandId, orderNumber, from: order.status }, 'refund', actor, {
          at: now,
          detail: entry,
          facts: { fullyRefunded: ledger.refundedCents >= ledger.paidCents },
        })
      : { ok: false }
    if (!moved.ok) await recordOrderEvent(trx, { brandId, orderNumber, event: 'refunded', actor, at: now, detail: entry })
    if (detail.notify) {
      const email: QueuedEmail = refundIssuedEmail(emailBrand(ctx), order, amount, entry.lines)
      await queueEmails(trx, brandId, now, [email])
    }
    return restockedItems
  })
  if (restocked.length > 0) emitStockChanged({ brandId, itemIds: restocked }, ctx.log)
}

/**
 * Refunds whose provider did not answer (or whose process died after the provider refunded): asked
 * again under the same keys, which refund nothing twice, and completed. Run by the reservation
 * sweeper; a refund younger than `olderThanMs` is left to the request still at work on it.
 */
export async function completePendingRefunds(db: Db, now: Date, contextOf: (brandId: string) => OrderScope | null, gateway: PaymentGateway, olderThanMs = 60_000): Promise<number> {
  const waiting = await db
    .selectFrom('payments')
    .select(['brand_id', 'order_number', 'refund_group'])
    .where('kind', '=', 'refund')
    .where('status', '=', 'pending')
    .where('updated_at', '<', new Date(now.getTime() - olderThanMs).toISOString())
    .groupBy(['brand_id', 'order_number', 'refund_group'])
    .limit(50)
    .execute()
  let completed = 0
  for (const refund of waiting) {
    const ctx = contextOf(refund.brand_id)
    if (!ctx || !refund.refund_group || !refund.order_number) continue
    if ((await sendAndComplete(ctx, refund.order_number, refund.refund_group, 'job:refund-sweeper', { gateway }).catch(() => 'pending' as const)) === 'succeeded') completed += 1
  }
  return completed
}
