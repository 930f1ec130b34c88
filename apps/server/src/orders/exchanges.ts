/**
 * A club member exchanges a piece for another size or another colour of the same style
 * (docs/decisions/223 and 252), where the brand has clubExchanges: the replacement is reserved at
 * once into the cart and placed at checkout (checkout/exchange-door.ts keeps it here), nothing charged.
 */
import { randomInt, randomUUID } from 'node:crypto'
import type { OrderFacts } from '@store/core'
import type { Transaction } from 'kysely'
import { ensureCart } from '../cart/cart.service.ts'
import { RESERVATION_MS } from '../checkout/reserve-order.ts'
import { takeStock } from '../checkout/stock.ts'
import { emitStockChanged } from '../checkout/stock-events.ts'
import type { RequestContext } from '../context/request-context.ts'
import type { Database, OrderLinesRow, OrdersRow } from '../db/schema.ts'
import { conflict, HttpError, unprocessable } from '../http/errors.ts'
import { replacementItem } from './exchange-choices.ts'
import { moveOrder, newOrderState } from './order-states.ts'
import { checkLines, shoppersOrder, type StoredReturnLine } from './shopper-actions.ts'

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
 * A club member exchanges a piece for another size, or another colour of the same style at the
 * same price (docs/decisions/223 and 252, exchange-choices.ts): the
 * replacement is reserved at once, its stock taken, as an order of its own waiting for checkout
 * ('pending_payment', total 0, held as long as any reservation: RESERVATION_MS), and put in the
 * cart as a free line whose cart says `exchange_label`. The checkout places it (checkoutExchange)
 * and moves this order to its exchange; not checked out, the reservation runs out as others do.
 */
export async function requestExchange(
  ctx: RequestContext,
  orderNumber: string,
  want: { line_id: string; size: string; reason: string; item_id?: number | undefined },
): Promise<string> {
  const { db, brandId } = ctx.data
  const { order, lines, returns, facts, actor } = await shoppersOrder(ctx, orderNumber)
  const { chosen } = checkLines(lines, returns, [{ line_id: want.line_id, qty: 1 }], 'request_exchange', order.status, facts)
  const { line } = chosen[0]!
  const item = await replacementItem(ctx, line, want.item_id ?? line.item_id)
  if (item.itemId === line.item_id && want.size === line.size) throw unprocessable('Choose another size or colour to exchange for.', 'size')
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
    if (!(await takeStock(trx, brandId, [{ itemId: item.itemId, size: want.size, qty: 1 }])))
      throw conflict(
        item.itemId === line.item_id
          ? `${line.name} in size ${want.size} is sold out, so it can't be exchanged for now.`
          : `${item.name} in ${item.color}, size ${want.size}, is sold out, so it can't be exchanged for now.`,
        'size',
      )
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
        brand_id: brandId,
        order_number: exchangeNumber,
        item_id: item.itemId,
        name: item.name,
        color: item.color,
        size: want.size,
        qty: 1,
        price_cents: 0,
        discount_cents: 0,
        total_cents: 0,
        discount_class: line.discount_class,
        image1: item.image1,
        cancelled: 0,
        offer_id: null,
      })
      .execute()
    await trx
      .insertInto('cart_lines')
      .values({
        id: randomUUID(),
        brand_id: brandId,
        cart_id: cartId,
        item_id: item.itemId,
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
  emitStockChanged({ brandId, itemIds: [item.itemId] }, ctx.log)
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
    .select(['item_id', 'name', 'color', 'size'])
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
      const stored: StoredReturnLine[] = [
        {
          line_id: line.id,
          qty: 1,
          reason: held.exchange_reason,
          exchange_size: replacementLine.size,
          ...(replacementLine.item_id === line.item_id ? {} : { exchange_item_id: replacementLine.item_id }),
        },
      ]
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
