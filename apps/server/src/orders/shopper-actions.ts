/**
 * What a shopper does with their own order from /orders (DESIGN §4, docs/orders.md): cancel it
 * (not yet packing, within the brand's window: refunded, stock back), return pieces of it after
 * delivery (within the return window, not final sale: the refund follows when they arrive), or
 * exchange a piece for another size of the same style (club members, where the brand has
 * clubExchanges: the replacement reserved at once, nothing charged). Each refusal is a 409 saying
 * why. And the warehouse's side of a return and an exchange (receiveReturn, sendExchange), a
 * command today and the operator area later.
 */
import { randomInt, randomUUID } from 'node:crypto'
import { isFinalSale, isOrderStatus, orderTransition, type OrderEvent, type OrderFacts, type OrderStatus } from '@store/core'
import { takeStock } from '../checkout/stock.ts'
import { emitStockChanged } from '../checkout/stock-events.ts'
import type { RequestContext } from '../context/request-context.ts'
import { readJson } from '../db/json.ts'
import type { Database, OrderLinesRow, OrderReturnsRow, OrdersRow } from '../db/schema.ts'
import type { Transaction } from 'kysely'
import { queueEmails } from '../email/outbox.ts'
import { conflict, HttpError, unprocessable } from '../http/errors.ts'
import { ensureCart } from '../cart/cart.service.ts'
import { RESERVATION_MS } from '../checkout/reserve-order.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { shopperFacts } from './order-details.ts'
import { exchangeSentEmail, returnReceivedEmail, returnRequestedEmail } from './order-emails.ts'
import { moveOrder, newOrderState, type OrderActor } from './order-states.ts'
import { mayReadOrder, orderNotFound } from './orders.service.ts'
import { refundOrder, type OrderScope, type RefundOutcome } from './refunds.ts'

export interface ReturnLine {
  line_id: string
  qty: number
  reason: string
}

interface StoredReturnLine extends ReturnLine {
  exchange_size?: string
}

/** The shopper's own order (as GET /orders/{number} finds it), its lines and history, and the facts their actions are judged by. */
async function shoppersOrder(ctx: RequestContext, orderNumber: string) {
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
function checkLines(lines: OrderLinesRow[], returns: OrderReturnsRow[], wanted: { line_id: string; qty: number }[], event: OrderEvent, status: OrderStatus, facts: OrderFacts) {
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

/** The cart's exchange line: which order, which piece, what for (docs/decisions/223). */
export interface HeldExchange {
  /** the replacement's order, reserved ('pending_payment') */
  exchange_order: string
  /** the order a piece of which it replaces, and that piece's line */
  exchange_of: string
  exchange_line_id: string
  exchange_reason: string
}

/**
 * A club member exchanges a piece for another size of the same style (docs/decisions/223): the
 * replacement is reserved at once, its stock taken, as an order of its own waiting for checkout
 * ('pending_payment', total 0, held as long as any reservation: RESERVATION_MS), and put in the
 * cart as a free line whose cart says `exchange_label`. The checkout places it (checkoutExchange)
 * and moves this order to its exchange; not checked out, the reservation runs out as others do.
 */
export async function requestExchange(ctx: RequestContext, orderNumber: string, want: { line_id: string; size: string; reason: string }): Promise<string> {
  const { db, brandId } = ctx.data
  const { order, lines, returns, facts, actor } = await shoppersOrder(ctx, orderNumber)
  const { chosen } = checkLines(lines, returns, [{ line_id: want.line_id, qty: 1 }], 'request_exchange', order.status, facts)
  const { line } = chosen[0]!
  if (want.size === line.size) throw unprocessable('Choose another size to exchange for.', 'size')
  const cartId = await ensureCart(ctx)
  const now = ctx.now()
  const at = now.toISOString()
  const exchangeNumber = String(randomInt(1_000_000_000, 9_999_999_999))
  await db.transaction().execute(async (trx) => {
    // one exchange in a cart at a time: it is placed on its own
    const held = await trx.selectFrom('cart_lines').select('exchange_of').where('cart_id', '=', cartId).where('exchange_order', 'is not', null).executeTakeFirst()
    if (held)
      throw conflict(
        held.exchange_of === orderNumber
          ? 'This exchange is in your cart already: confirm it at checkout.'
          : `Your cart holds an exchange for order ${held.exchange_of ?? ''} already: confirm it at checkout first, then exchange this piece.`,
        'line_id',
      )
    if (!(await takeStock(trx, brandId, [{ itemId: line.item_id, size: want.size, qty: 1 }])))
      throw conflict(`${line.name} in size ${want.size} is sold out, so it can't be exchanged for now.`, 'size')
    await trx
      .insertInto('orders')
      .values({
        ...copyOfOrder(order),
        cart_id: cartId,
        order_number: exchangeNumber,
        ...newOrderState('pending_payment', actor, at, { exchange_of: orderNumber }),
        reserved_until: new Date(now.getTime() + RESERVATION_MS).toISOString(),
        created_at: at,
      })
      .execute()
    await trx
      .insertInto('order_lines')
      .values({
        id: randomUUID(),
        order_number: exchangeNumber,
        item_id: line.item_id,
        name: line.name,
        color: line.color,
        size: want.size,
        qty: 1,
        price_cents: 0,
        discount_cents: 0,
        total_cents: 0,
        discount_class: line.discount_class,
        image1: line.image1,
        cancelled: 0,
        offer_id: null,
      })
      .execute()
    await trx
      .insertInto('cart_lines')
      .values({
        id: randomUUID(),
        cart_id: cartId,
        item_id: line.item_id,
        size: want.size,
        qty: 1,
        bundled_with: null,
        skip_qty_controls: 1,
        price_override_cents: 0,
        banner: null,
        created_at: at,
        exchange_order: exchangeNumber,
        exchange_of: orderNumber,
        exchange_line_id: line.id,
        exchange_reason: want.reason,
      })
      .execute()
    await trx.updateTable('carts').set({ updated_at: at }).where('id', '=', cartId).execute()
  })
  emitStockChanged({ brandId, itemIds: [line.item_id] }, ctx.log)
  return exchangeNumber
}

/** The exchange's reservation ran out before its checkout was kept. */
class ExchangeRunOut extends Error {}
export const EXCHANGE_RUN_OUT = 'Your exchange was held for 30 minutes and that time has passed: ask for it again from your orders.'

/**
 * The checkout of an exchange keeps it (checkout/exchange-door.ts): the original order moves to
 * `exchange_requested` (judged again now: still within the window, still a member...), the
 * replacement is placed (paid, nothing charged: total 0), the two histories name each other, the
 * exchange is on the order's returns and its line leaves the cart; all in one transaction with the
 * key's answer. Refused, the reason is the answer and the reservation is given back.
 */
export async function keepExchange(
  ctx: RequestContext,
  held: HeldExchange,
  finish: (trx: Transaction<Database>) => Promise<void>,
): Promise<{ kept: true } | { kept: false; reason: string; field: string }> {
  const { brandId } = ctx.data
  const { order, lines, returns, facts, actor } = await shoppersOrder(ctx, held.exchange_of)
  let judged: OrderFacts
  let line: OrderLinesRow
  try {
    const checked = checkLines(lines, returns, [{ line_id: held.exchange_line_id, qty: 1 }], 'request_exchange', order.status, facts)
    judged = checked.facts
    line = checked.chosen[0]!.line
  } catch (error) {
    if (error instanceof HttpError) return { kept: false, reason: error.message, field: 'cart' }
    throw error
  }
  const at = ctx.now().toISOString()
  const replacementLine = await ctx.data.db
    .selectFrom('order_lines')
    .select(['name', 'color', 'size'])
    .where('order_number', '=', held.exchange_order)
    .where('brand_id', '=', brandId)
    .executeTakeFirstOrThrow()
  const replacement = `${replacementLine.name} (${replacementLine.color}) in size ${replacementLine.size}`
  const refused = await ctx.data.db
    .transaction()
    .execute(async (trx) => {
      const exchanged = await moveOrder(trx, { brandId, orderNumber: held.exchange_of, from: order.status }, 'request_exchange', actor, {
        at,
        facts: judged,
        detail: { exchange_order: held.exchange_order, exchange_for: replacement, lines: [{ name: `${line.name} (${line.size})`, qty: 1 }], reason: held.exchange_reason },
      })
      if (!exchanged.ok) return exchanged.reason
      const placed = await moveOrder(trx, { brandId, orderNumber: held.exchange_order, from: 'pending_payment' }, 'pay', 'store', {
        at,
        detail: { amount_cents: 0, exchange_of: held.exchange_of },
        set: { reserved_until: null },
      })
      // the reservation ran out meanwhile (the sweeper gave the piece back): nothing of this is written
      if (!placed.ok) throw new ExchangeRunOut()
      const stored: StoredReturnLine[] = [{ line_id: line.id, qty: 1, reason: held.exchange_reason, exchange_size: replacementLine.size }]
      await trx
        .insertInto('order_returns')
        .values({
          id: randomUUID(),
          brand_id: brandId,
          order_number: held.exchange_of,
          kind: 'exchange',
          status: 'requested',
          lines: JSON.stringify(stored),
          exchange_order_number: held.exchange_order,
          created_at: at,
          updated_at: at,
        })
        .execute()
      await trx.deleteFrom('cart_lines').where('exchange_order', '=', held.exchange_order).execute()
      await finish(trx)
      return null
    })
    .catch((error: unknown) => {
      if (error instanceof ExchangeRunOut) return EXCHANGE_RUN_OUT
      throw error
    })
  return refused === null ? { kept: true } : { kept: false, reason: refused, field: 'cart' }
}

/** The replacement's order: the original's addresses and e-mail, nothing charged. */
function copyOfOrder(order: OrdersRow) {
  return {
    brand_id: order.brand_id,
    customer_id: order.customer_id,
    cart_id: null,
    email: order.email,
    subtotal_cents: 0,
    discount_cents: 0,
    shipping_cents: 0,
    tax_cents: 0,
    total_cents: 0,
    shipping_method: order.shipping_method,
    shipping_name: order.shipping_name,
    shipping_company: order.shipping_company,
    shipping_country: order.shipping_country,
    shipping_address: order.shipping_address,
    shipping_address_2: order.shipping_address_2,
    shipping_city: order.shipping_city,
    shipping_state: order.shipping_state,
    shipping_zip: order.shipping_zip,
    shipping_phone: order.shipping_phone,
    billing_name: order.billing_name,
    billing_company: order.billing_company,
    billing_country: order.billing_country,
    billing_address: order.billing_address,
    billing_address_2: order.billing_address_2,
    billing_city: order.billing_city,
    billing_state: order.billing_state,
    billing_zip: order.billing_zip,
    billing_phone: order.billing_phone,
    payment_method_id: null,
    idempotency_key: null,
    placed_by_visitor_id: order.placed_by_visitor_id,
    reserved_until: null,
    checkout_flow: 'exchange',
    membership_id: null,
    club_period: null,
  }
}

/**
 * The warehouse received an order's requested return: the order's return received, an e-mail, then
 * the pieces refunded and put back in stock (once: the refund's key is the return's).
 */
export async function receiveReturn(scope: OrderScope, orderNumber: string, gateway: PaymentGateway, actor: OrderActor, audit?: StaffAudit): Promise<RefundOutcome> {
  const { db, brandId } = scope.data
  const now = scope.now().toISOString()
  const open = await db
    .selectFrom('order_returns')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('order_number', '=', orderNumber)
    .where('kind', '=', 'return')
    .orderBy('created_at')
    .execute()
  const waiting = open.find((row) => row.status === 'requested')
  const received = waiting ?? open.at(-1)
  if (!received) throw conflict(`No return was asked for on order ${orderNumber}.`)
  const wanted = readJson<ReturnLine[]>(received.lines, [])
  if (waiting) {
    await db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').selectAll().where('brand_id', '=', brandId).where('order_number', '=', orderNumber).executeTakeFirstOrThrow()
      const lines = await trx.selectFrom('order_lines').selectAll().where('brand_id', '=', brandId).where('order_number', '=', orderNumber).execute()
      const mine = await trx
        .updateTable('order_returns')
        .set({ status: 'received', updated_at: now })
        .where('id', '=', waiting.id)
        .where('status', '=', 'requested')
        .executeTakeFirst()
      // received at the same moment by someone else: theirs stands
      if (Number(mine.numUpdatedRows) !== 1) throw conflict('This return was received meanwhile. Please reload the order.')
      const moved = await moveOrder(trx, { brandId, orderNumber, from: 'return_requested' }, 'receive_return', actor, { at: now })
      if (!moved.ok) throw conflict(moved.reason)
      await audit?.(trx)
      const pieces = wanted.map((want) => {
        const line = lines.find((candidate) => candidate.id === want.line_id)
        return { name: line ? `${line.name} (${line.size})` : 'a piece', qty: want.qty }
      })
      await queueEmails(trx, brandId, now, [returnReceivedEmail({ name: scope.brand.name, origin: scope.origin }, order, pieces)])
    })
  }
  return refundOrder(
    scope,
    orderNumber,
    { idempotencyKey: `return:${received.id}`, lines: wanted.map((want) => ({ line_id: want.line_id, qty: want.qty })), restock: true, reason: 'Return received', notify: true },
    actor,
    { gateway },
    // a return received before whose refund did not go through: this refund is the change audited
    { audit: waiting || !audit ? undefined : (trx) => audit(trx) },
  )
}

/** The operator's audit entry of a warehouse action (the command line has none), written in the action's transaction. */
export type StaffAudit = (trx: Transaction<Database>) => Promise<void>

/** The warehouse sends an exchange's replacement: both orders' histories say so, and the shopper is told. */
export async function sendExchange(scope: OrderScope, orderNumber: string, actor: OrderActor, audit?: StaffAudit): Promise<string> {
  const { db, brandId } = scope.data
  const now = scope.now().toISOString()
  return db.transaction().execute(async (trx) => {
    const exchange = await trx
      .selectFrom('order_returns')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('order_number', '=', orderNumber)
      .where('kind', '=', 'exchange')
      .where('status', '=', 'requested')
      .orderBy('created_at')
      .executeTakeFirst()
    if (!exchange?.exchange_order_number) throw conflict(`No exchange is waiting on order ${orderNumber}.`)
    const order = await trx.selectFrom('orders').selectAll().where('brand_id', '=', brandId).where('order_number', '=', orderNumber).executeTakeFirstOrThrow()
    const line = (await trx.selectFrom('order_lines').selectAll().where('order_number', '=', exchange.exchange_order_number).executeTakeFirst()) ?? null
    await trx.updateTable('order_returns').set({ status: 'sent', updated_at: now }).where('id', '=', exchange.id).execute()
    const detail = { exchange_order: exchange.exchange_order_number }
    const moved = await moveOrder(trx, { brandId, orderNumber, from: 'exchange_requested' }, 'send_exchange', actor, { at: now, detail })
    if (!moved.ok) throw conflict(moved.reason)
    await audit?.(trx)
    const replacement = line ? `${line.name} (${line.color}) in size ${line.size}` : 'your replacement'
    await moveOrder(trx, { brandId, orderNumber: exchange.exchange_order_number, from: ['paid', 'processing'] }, 'ship', actor, { at: now, detail: { exchange_of: orderNumber } })
    await queueEmails(trx, brandId, now, [exchangeSentEmail({ name: scope.brand.name, origin: scope.origin }, order, replacement, exchange.exchange_order_number)])
    return exchange.exchange_order_number
  })
}
