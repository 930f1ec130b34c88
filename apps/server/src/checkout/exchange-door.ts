/**
 * The checkout of a member's exchange (docs/decisions/223): the cart holds the exchange's free line,
 * its replacement reserved already ('pending_payment', its stock taken when the member asked from
 * /orders). Placing it is a checkout like any other, through the payment engine under the page's
 * Idempotency-Key, with a door of its own: reserving confirms the address on the reserved order,
 * the charge is nothing (no gateway call, no ledger row: a like-for-like exchange costs nothing),
 * and keeping it moves the original to its exchange and places the replacement
 * (orders/shopper-actions.ts keepExchange). An exchange is placed on its own: a cart that holds
 * one is checked out through here first, its paid pieces after (checkout-pricing.ts says so).
 */
import type { CheckoutResult } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { conflict, unprocessable } from '../http/errors.ts'
import { EXCHANGE_RUN_OUT, keepExchange, type HeldExchange } from '../orders/exchanges.ts'
import { finishAttempt, fingerprintOf, type StoredAnswer } from '../payments/attempts.ts'
import type { ChargeResult } from '../payments/gateway.ts'
import { pay, type PaymentDoor } from '../payments/payment-engine.ts'
import type { CheckoutInput } from './checkout-input.ts'
import { gatewayKeyOf } from './order-door.ts'
import { releaseExchange } from './reservations.ts'
import { findPendingOrder, prefixed, type CheckoutDeps, type Reserved } from './reserve-order.ts'

/** The checkout_flow of an exchange's order, and of the form that places it. */
export const EXCHANGE_FLOW = 'exchange'

/** Where the shopper goes once the exchange is placed: their orders, the original now saying "Exchange requested". */
const exchangePlacedPath = (orderNumber: string) => `/orders?exchanged=${encodeURIComponent(orderNumber)}`

/** The exchange the session's cart holds (one at a time), or undefined. */
async function heldExchange(ctx: RequestContext, cartId: string | null): Promise<HeldExchange | undefined> {
  if (!cartId) return undefined
  const row = await ctx.data.db
    .selectFrom('cart_lines')
    .select(['exchange_order', 'exchange_of', 'exchange_line_id', 'exchange_reason'])
    .where('cart_id', '=', cartId)
    .where('exchange_order', 'is not', null)
    .executeTakeFirst()
  if (!row?.exchange_order || !row.exchange_of || !row.exchange_line_id) return undefined
  return { exchange_order: row.exchange_order, exchange_of: row.exchange_of, exchange_line_id: row.exchange_line_id, exchange_reason: row.exchange_reason ?? 'Size exchange' }
}

/** POST /checkout with checkout_flow 'exchange': the cart's exchange placed, nothing charged. */
export async function checkoutExchange(ctx: RequestContext, deps: Pick<CheckoutDeps, 'gateway'>, key: string, input: CheckoutInput): Promise<CheckoutResult> {
  const session = await ctx.session.current()
  const held = await heldExchange(ctx, session?.cartId ?? null)
  // the key first: sent again once the exchange is placed (its line gone from the cart), it answers as it did
  const request = { key, scope: 'checkout', fingerprint: fingerprintOf([session?.visitorId ?? null, input]), orderNumber: held?.exchange_order ?? null }
  return pay<Reserved, CheckoutResult>(ctx, deps, request, async () => {
    if (!held) throw unprocessable('Your cart holds no exchange to place. Choose one from your orders.', 'cart')
    return exchangeDoor(ctx, key, held, input)
  })
}

/** Nothing is charged for a like-for-like exchange: the engine's charge step, without the gateway. */
const NOTHING_CHARGED = (orderNumber: string): ChargeResult => ({ status: 'succeeded', paymentId: `exchange:${orderNumber}`, card: null, savedMethod: null })

function exchangeDoor(ctx: RequestContext, key: string, held: HeldExchange, input: CheckoutInput): PaymentDoor<Reserved, CheckoutResult> {
  return {
    noun: 'exchange',
    gatewayKey: gatewayKeyOf(ctx.data.brandId, key),
    findReserved: async (attempt) => (attempt.order_number ? findPendingOrder(ctx, attempt.order_number) : undefined),
    reserve: () => confirmAddress(ctx, held.exchange_order, input),
    charge: async ({ order }) => NOTHING_CHARGED(order.order_number),
    resume: async ({ order }) => NOTHING_CHARGED(order.order_number),
    waiting: () => {
      throw new Error('an exchange charges nothing: no bank asks about it')
    },
    declined: (_reserved, result) => ({ status: 402, error: { message: result.message, field: 'payment_token' } }),
    release: async (_reserved, answer) => {
      await releaseExchange(ctx, held.exchange_order, 'store')
      await finishAttempt(ctx, key, answer)
      return undefined
    },
    abandon: async () => {
      await releaseExchange(ctx, held.exchange_order, 'store')
    },
    keep: async ({ order }) => {
      const answer: StoredAnswer = {
        status: 200,
        data: { status: 'succeeded', order_number: order.order_number, next: exchangePlacedPath(held.exchange_of) } satisfies CheckoutResult,
      }
      const kept = await keepExchange(ctx, held, (trx) => finishAttempt(ctx, key, answer, trx))
      if (kept.kept) {
        ctx.log.info({ order: order.order_number, exchange_of: held.exchange_of }, 'exchange placed')
        return { kept: true, answer }
      }
      // refused now (past the window meanwhile, a return asked for the same piece...): the piece goes back, the reason is the answer; nothing was charged, so nothing is refunded
      const refused: StoredAnswer = { status: 409, error: { message: kept.reason, field: kept.field } }
      if (kept.reason !== EXCHANGE_RUN_OUT) await releaseExchange(ctx, held.exchange_order, 'store')
      await finishAttempt(ctx, key, refused)
      return { kept: true, answer: refused }
    },
  }
}

/**
 * The exchange's reserve step: its order was reserved when the member asked; the checkout confirms
 * where it goes (the address and e-mail of the form) while the reservation still holds.
 */
async function confirmAddress(ctx: RequestContext, orderNumber: string, input: CheckoutInput): Promise<Reserved> {
  const billing = input.billing ?? input.shipping
  const changed = await ctx.data.db
    .updateTable('orders')
    .set({ email: input.email, ...prefixed('shipping', input.shipping), ...prefixed('billing', billing) })
    .where('brand_id', '=', ctx.data.brandId)
    .where('order_number', '=', orderNumber)
    .where('status', '=', 'pending_payment')
    .where('checkout_flow', '=', EXCHANGE_FLOW)
    .where('reserved_until', '>', ctx.now().toISOString())
    .executeTakeFirst()
  const reserved = Number(changed.numUpdatedRows) === 1 ? await findPendingOrder(ctx, orderNumber) : undefined
  if (!reserved) throw conflict(EXCHANGE_RUN_OUT, 'cart')
  return reserved
}
