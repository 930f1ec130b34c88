/**
 * Checkout's door into the payment engine (payments/payment-engine.ts): what a checkout reserves
 * (reserve-order.ts), how it charges (the new card's token, or a saved card on-session), what it
 * keeps once paid (keep-order.ts, with the club join a joining order carries) and how it gives a
 * reservation back. Also checkout's two ends of a payment at the bank's step: a newer join
 * supersedes one left there, and the sweeper drops an order left there past its reservation; and
 * the sweeper's end of a charge that had no answer.
 */
import type { CheckoutResult } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import type { CheckoutAttemptsRow } from '../db/schema.ts'
import { pauseAttempt, type StoredAnswer } from '../payments/attempts.ts'
import { settleUnanswered, voidAtTheBank, type PaymentDoor, type UnansweredCharge } from '../payments/payment-engine.ts'
import { recordDecline } from './card-testing.ts'
import { joiningOrders, SUPERSEDED } from './join-once.ts'
import { keepOrder, releaseUnpaid, type PaidWith } from './keep-order.ts'
import { findPendingOrder, reserveOrder, type CheckoutDeps, type Placing, type Reserved } from './reserve-order.ts'

/** The gateway's key for the charge of one client key: stable across retries, distinct per brand. */
export const gatewayKeyOf = (brandId: string, key: string) => `checkout:${brandId}:${key}`

interface OrderDoorOptions extends PaidWith {
  /** the order a shopper's checkout reserves; absent where an attempt is only finished (the sweeper) */
  placing?: Placing
  /** the sweeper's release of an order whose charge took no money (reservations.ts) */
  releaseUnanswered?: () => Promise<unknown>
}

/** Checkout's parts of a payment, for the attempt under `key`. */
export function orderDoor(
  ctx: RequestContext,
  deps: Pick<CheckoutDeps, 'gateway'> & Partial<CheckoutDeps>,
  key: string,
  options: OrderDoorOptions,
): PaymentDoor<Reserved, CheckoutResult> {
  const { gateway } = deps
  const gatewayKey = gatewayKeyOf(ctx.data.brandId, key)
  return {
    noun: 'order',
    gatewayKey,
    findReserved: async (attempt) => (attempt.order_number ? findPendingOrder(ctx, attempt.order_number) : undefined),
    reserve: async () => {
      if (!options.placing || !deps.tax) throw new Error('only a shopper checking out reserves an order')
      return reserveOrder(ctx, { gateway, tax: deps.tax }, options.placing, (customerId) => supersedeJoinsAtTheBank(ctx, deps, customerId))
    },
    charge: async ({ order }) => {
      const { savedCard } = options
      return gateway.charge(ctx.data, {
        amountCents: order.total_cents,
        // the shopper is on the page: a saved card is charged on-session, so its bank may ask (requires_action)
        source: savedCard ? { kind: 'saved', reference: savedCard.reference, customerPresent: true } : { kind: 'token', token: options.placing?.input.payment_token ?? '' },
        idempotencyKey: gatewayKey,
        // a saved card is kept already
        saveForLater: savedCard === null,
        description: `${ctx.brand.name} order ${order.order_number}`,
        metadata: { order_number: order.order_number },
      })
    },
    resume: (_reserved, paymentId) => gateway.resume(ctx.data, paymentId, gatewayKey),
    waiting: ({ order }, result) => ({ status: 'requires_action', order_number: order.order_number, next: null, payment_id: result.paymentId, client_secret: result.clientSecret }),
    declined: (_reserved, result) => ({ status: 402, error: { message: result.message, field: 'payment_token' } }),
    afterDecline: async ({ order }, result) => {
      await recordDecline(ctx, (await ctx.session.current())?.visitorId ?? null)
      ctx.log.info({ order: order.order_number, decline: result.code }, 'checkout declined')
    },
    release: async (reserved, answer) => {
      await releaseUnpaid(ctx, key, reserved, answer)
      return undefined
    },
    abandon: async (_reserved, paymentId) => {
      if (!options.releaseUnanswered) throw new Error('only the sweeper abandons an order')
      // nothing taken: the stock goes back, and the key stays open, so a shopper who comes back with it
      // reserves again and starts the charge again
      await options.releaseUnanswered()
      await pauseAttempt(ctx, key, 'interrupted', paymentId)
    },
    keep: (reserved, result) => keepOrder(ctx, gateway, key, gatewayKey, reserved, result, options),
  }
}

/**
 * A reservation that ran out while its charge had no answer (the gateway out of reach, the
 * process gone mid-charge) and that nobody tried again: the engine asks the gateway what became of
 * the charge; found paid, the order is kept exactly as the shopper's retry would have kept it, the
 * card that paid kept as a new card is at checkout; a payment that waited for the store's
 * confirmation after the bank's step is confirmed, as that retry would.
 */
export function settleUnansweredOrder(
  ctx: RequestContext,
  deps: Pick<CheckoutDeps, 'gateway'>,
  attempt: CheckoutAttemptsRow,
  /** gives the stock back when no payment holds any money: called while the attempt is held, so no retry starts on the order meanwhile */
  release: () => Promise<unknown>,
): Promise<UnansweredCharge> {
  const door = orderDoor(ctx, deps, attempt.idempotency_key, { savedCard: null, keepsNewCard: true, releaseUnanswered: release })
  return settleUnanswered(ctx, deps, attempt, door)
}

/**
 * A customer who left a join at the bank's step (3-D Secure, in another window or a closed one) and
 * joins again would otherwise be refused for as long as that reservation holds (30 minutes). The
 * newer join is the one they mean, so the earlier one is let go, but only when nothing of it can
 * reach the card: its attempt is taken over as a retry of its key would be (the old window sending
 * its key meanwhile waits for this outcome, and a join whose charge is being sent is left alone),
 * then its payment is cancelled at the gateway; only when the gateway says it is cancelled is the
 * reservation released and the old key answered with SUPERSEDED. Anything else (the payment went
 * through or could not be cancelled, the gateway out of reach) puts the attempt back as it was, and
 * the new join is refused as before (refuseSecondJoin, ALREADY_JOINING).
 */
async function supersedeJoinsAtTheBank(ctx: RequestContext, deps: Pick<CheckoutDeps, 'gateway'>, customerId: string | null): Promise<void> {
  if (!customerId) return
  const { db, brandId } = ctx.data
  const atTheBank = await db
    .selectFrom('checkout_attempts')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('scope', '=', 'checkout')
    .where('state', '=', 'requires_action')
    .where('payment_id', 'is not', null)
    .where('order_number', 'in', (eb) => joiningOrders(eb, brandId, customerId, ctx.now()))
    .execute()
  const superseded: StoredAnswer = { status: 409, error: { message: SUPERSEDED, field: 'checkout_flow' } }
  for (const attempt of atTheBank) {
    const door = orderDoor(ctx, deps, attempt.idempotency_key, { savedCard: null, keepsNewCard: false })
    if ((await voidAtTheBank(ctx, deps, attempt, door, superseded, 'requires_action')) !== 'void') continue
    ctx.log.info(
      { order: attempt.order_number, payment: attempt.payment_id },
      "a join left at the bank's step is superseded by a newer join of its customer: its payment is cancelled and its reservation released",
    )
  }
}

/** The answer of an order's key once the sweeper dropped it at the bank's step (dropAtTheBank). */
export const DROPPED_AT_THE_BANK = 'Your bank did not confirm this payment in time, so the order was dropped and nothing was charged. Your cart is still there: check out again.'

/** What became of an order left at the bank's step when its reservation ran out (dropAtTheBank). */
type DropAtTheBank =
  /** its payment cancelled at the gateway, its stock, code claim and cart given back, its key answered */
  | 'dropped'
  /** the gateway would not cancel it (the money taken, or being taken): left to be asked about as a charge without an answer */
  | 'kept'
  /** a retry of its key is at it, or the gateway was out of reach: the next sweep tries again */
  | 'busy'

/**
 * An order left at the bank's step (3-D Secure) past its reservation: /orders said when it goes
 * (waiting_until), and the sweeper drops it then (reservations.ts). Its payment is cancelled at the
 * gateway first, as a superseded join's is, so the bank's step finished late in a window left open
 * can never take the money for an order the shopper was told is gone; then the order, its stock,
 * its code's claim and its cart are given back, and its key answers DROPPED_AT_THE_BANK. The
 * attempt is taken over first, as a retry of its key would, so a retry arriving meanwhile waits.
 */
export async function dropAtTheBank(ctx: RequestContext, deps: Pick<CheckoutDeps, 'gateway'>, attempt: CheckoutAttemptsRow): Promise<DropAtTheBank> {
  const door = orderDoor(ctx, deps, attempt.idempotency_key, { savedCard: null, keepsNewCard: false })
  const dropped: StoredAnswer = { status: 409, error: { message: DROPPED_AT_THE_BANK, field: 'payment_token' } }
  // not cancelled, the step was finished and the payment went on: asked about by the next sweeps, as a charge without an answer
  const outcome = await voidAtTheBank(ctx, deps, attempt, door, dropped, 'interrupted')
  return outcome === 'void' ? 'dropped' : outcome === 'refused' ? 'kept' : 'busy'
}
