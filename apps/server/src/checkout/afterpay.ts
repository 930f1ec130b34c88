/**
 * Afterpay at checkout (issue 37 item 8, decision 238, docs/checkout-money.md): an order paid by
 * Stripe's afterpay_clearpay payment method, through the one payment engine with checkout's door.
 *
 * 1. start (POST /checkout/afterpay): the order reserved exactly as a card checkout reserves it
 *    (stock, code claim, cart locked), the PaymentIntent confirmed with a return URL; Stripe answers
 *    requires_action with next_action.redirect_to_url, so the attempt waits at "the bank's step"
 *    (requires_action, its payment id) and the shopper is sent to Afterpay's page.
 * 2. settle: the shopper back at the return URL (GET /checkout/afterpay/return) or Stripe's
 *    payment_intent.* webhook, whichever comes first, sends the attempt's own key again, as the
 *    page does after a 3-D Secure step: the engine takes the attempt over (one of them only: the
 *    other waits for its answer), asks Stripe for the PaymentIntent and keeps the order once
 *    (succeeded) or gives everything back (requires_payment_method: declined or cancelled at
 *    Afterpay), the cart open again as it was.
 * 3. never back: the reservation sweeper drops the order when its reservation runs out, cancelling
 *    the PaymentIntent first (order-door.ts dropAtTheBank), so a late approval cannot take money.
 *
 * Offered only with the Stripe gateway, where the brand's settings turn Afterpay on, and for a total
 * within the brand's Afterpay minimum and maximum (SPEC §3): anything else is a 422 before anything
 * is charged.
 */
import { randomInt } from 'node:crypto'
import { AFTERPAY_REFUSALS, afterpayCovers, formatPrice, fromCents, type AfterpaySettings, type CheckoutResult } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import type { CheckoutAttemptsRow, OrdersRow } from '../db/schema.ts'
import { conflict, HttpError, unprocessable } from '../http/errors.ts'
import { fingerprintOf, type StoredAnswer } from '../payments/attempts.ts'
import type { AfterpayBuyer, PostalAddress } from '../payments/gateway.ts'
import { pay, type PaymentDoor } from '../payments/payment-engine.ts'
import { isJoinFlow } from '../membership/club-join.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import type { CheckoutInput } from './checkout-input.ts'
import { releaseUnpaid } from './keep-order.ts'
import { orderDoor } from './order-door.ts'
import type { CheckoutDeps, Placing, Reserved } from './reserve-order.ts'

/** The answer of a started Afterpay checkout: the shopper goes to Afterpay's page to approve it. */
interface AfterpayRedirect {
  status: 'redirect'
  order_number: string
  redirect_url: string
}

/** What an Afterpay attempt answers: sent to Afterpay (waiting), or the order paid. */
export type AfterpayAnswer = AfterpayRedirect | Extract<CheckoutResult, { status: 'succeeded' }>

/** Where Stripe sends the shopper back after Afterpay's page (the API prefix included). */
const AFTERPAY_RETURN_PATH = '/api/checkout/afterpay/return'

export const AFTERPAY_NOT_OFFERED = 'Afterpay is not offered by this store. Pay by card.'
export const AFTERPAY_DECLINED = AFTERPAY_REFUSALS.declined
export const AFTERPAY_FOR_JOINING = 'Joining the club needs a card for its monthly charge: pay this order by card.'

/** The brand's Afterpay settings; null when Afterpay is off. */
async function afterpaySettings(ctx: RequestContext): Promise<AfterpaySettings | null> {
  const settings = (await getSettingsBundle(ctx.data.db, ctx.data.brandId))?.row
  if (!settings?.afterpay) return null
  return { afterpay: true, minCents: settings.afterpay_min_cents, maxCents: settings.afterpay_max_cents }
}

const address = (line1: string, line2: string, city: string, state: string, zip: string, country: string): PostalAddress => ({
  line1,
  line2: line2 || null,
  city,
  state,
  postalCode: zip,
  country,
})

/** Who pays and where it goes, as Afterpay asks for them: from the order as reserved. */
function buyerOf(order: OrdersRow): AfterpayBuyer {
  return {
    name: order.billing_name,
    email: order.email,
    billing: address(order.billing_address, order.billing_address_2, order.billing_city, order.billing_state, order.billing_zip, order.billing_country),
    shipping: {
      name: order.shipping_name,
      address: address(order.shipping_address, order.shipping_address_2, order.shipping_city, order.shipping_state, order.shipping_zip, order.shipping_country),
    },
  }
}

/**
 * Checkout's door (order-door.ts) paying by Afterpay: the same reservation, keep and release; the
 * charge is Afterpay's PaymentIntent, the wait a redirect to Afterpay's page, a refusal Afterpay's
 * words. `placing`: a shopper starting; absent, an attempt being settled (the return, the webhook).
 */
function afterpayDoor(ctx: RequestContext, deps: CheckoutDeps, key: string, placing: Placing | null): PaymentDoor<Reserved, AfterpayAnswer> {
  const door = orderDoor(ctx, deps, key, { placing: placing ?? undefined, savedCard: null, keepsNewCard: false })
  return {
    ...door,
    reserve: async () => {
      if (!placing) throw conflict(AFTERPAY_REFUSALS.unknown, 'cart')
      const settings = await afterpaySettings(ctx)
      const reserved = await door.reserve()
      const { order } = reserved
      const total = order.total_cents
      const joining = isJoinFlow(order.checkout_flow) || order.club_fee_cents > 0
      if (settings && afterpayCovers(settings, total) && !joining) return reserved
      // the exact total is known once reserved: outside Afterpay's range, everything goes back and nothing is charged
      const dollars = (cents: number) => formatPrice(fromCents(cents), { keepZeroCents: true })
      const refusal = unprocessable(
        !settings
          ? AFTERPAY_NOT_OFFERED
          : joining
            ? AFTERPAY_FOR_JOINING
            : `Afterpay is offered for orders from ${dollars(settings.minCents)} to ${dollars(settings.maxCents)}. This order is ${dollars(total)}: pay by card.`,
        'payment_method',
      )
      await releaseUnpaid(ctx, key, reserved, { status: refusal.statusCode, error: { message: refusal.message, field: 'payment_method' } })
      throw refusal
    },
    charge: ({ order }) =>
      deps.gateway.charge(ctx.data, {
        amountCents: order.total_cents,
        source: { kind: 'afterpay', returnUrl: `${ctx.origin}${AFTERPAY_RETURN_PATH}`, buyer: buyerOf(order) },
        idempotencyKey: door.gatewayKey,
        description: `${ctx.brand.name} order ${order.order_number}`,
        metadata: { order_number: order.order_number, paid_by: 'afterpay' },
      }),
    waiting: ({ order }, result): AfterpayAnswer => {
      // a card's 3-D Secure step cannot happen here: Afterpay always approves on its own page
      if (!result.redirectUrl) throw new HttpError(502, 'Afterpay did not give a page to approve the payment on. Nothing was charged: try again, or pay by card.')
      return { status: 'redirect', order_number: order.order_number, redirect_url: result.redirectUrl }
    },
    declined: (): StoredAnswer => ({ status: 402, error: { message: AFTERPAY_DECLINED, field: 'payment_method' } }),
    // not a card: the card-testing guard counts nothing
    afterDecline: async ({ order }, result) => ctx.log.info({ order: order.order_number, decline: result.code }, 'afterpay declined or cancelled'),
  }
}

/** A ten-digit order number (as checkout.service.ts makes one). */
const newOrderNumber = () => String(randomInt(1_000_000_000, 9_999_999_999))

/**
 * POST /checkout/afterpay: reserves the order and starts Afterpay's payment, answering where to send
 * the shopper. The same Idempotency-Key again answers the same (the same redirect while it waits).
 */
export async function startAfterpay(ctx: RequestContext, deps: CheckoutDeps, key: string, input: CheckoutInput): Promise<AfterpayAnswer> {
  const session = await ctx.session.current()
  const visitorId = session?.visitorId ?? null
  const request = { key, scope: 'checkout', fingerprint: fingerprintOf([visitorId, input, 'afterpay']), orderNumber: newOrderNumber() }
  return pay<Reserved, AfterpayAnswer>(ctx, deps, request, async (claim) => {
    // the test gateway keeps today's note: Afterpay is Stripe's payment method
    if (deps.gateway.name !== 'stripe' || !(await afterpaySettings(ctx))) throw unprocessable(AFTERPAY_NOT_OFFERED, 'payment_method')
    return afterpayDoor(ctx, deps, key, { orderNumber: claim.attempt.order_number!, input, visitorId, sessionCartId: session?.cartId ?? null })
  })
}

/** The attempt that is paying with this PaymentIntent at this brand (migration 046's index). */
function attemptPaying(ctx: RequestContext, paymentId: string): Promise<CheckoutAttemptsRow | undefined> {
  return ctx.data.db
    .selectFrom('checkout_attempts')
    .selectAll()
    .where('brand_id', '=', ctx.data.brandId)
    .where('payment_id', '=', paymentId)
    .where('scope', '=', 'checkout')
    .executeTakeFirst()
}

/**
 * Settles the attempt paying with this PaymentIntent, as the page does after a bank's step: its own
 * key sent again through the engine. The attempt waiting, it is taken over and settled (kept once,
 * or given back); being settled by the other of the return and the webhook, this waits for that
 * answer; settled already, its answer is given again. A stored refusal throws (HttpError).
 */
async function settleAfterpay(ctx: RequestContext, deps: CheckoutDeps, attempt: CheckoutAttemptsRow): Promise<AfterpayAnswer> {
  const request = { key: attempt.idempotency_key, scope: attempt.scope, fingerprint: attempt.fingerprint, orderNumber: attempt.order_number }
  return pay<Reserved, AfterpayAnswer>(ctx, deps, request, async () => afterpayDoor(ctx, deps, attempt.idempotency_key, null))
}

/** Where the return sends the shopper: the order's next page, or checkout saying why (the page's words for `afterpay`). */
export type AfterpayReturn =
  | { kind: 'paid'; next: string }
  /** Afterpay has not said yet: /please-wait follows the order */
  | { kind: 'waiting'; orderNumber: string }
  | { kind: 'refused'; reason: 'declined' | 'expired' | 'unknown' }

/** GET /checkout/afterpay/return?payment_intent=…: the shopper back from Afterpay's page. */
export async function afterpayReturned(ctx: RequestContext, deps: CheckoutDeps, paymentId: string): Promise<AfterpayReturn> {
  const attempt = await attemptPaying(ctx, paymentId)
  if (!attempt) return { kind: 'refused', reason: 'unknown' }
  try {
    const answer = await settleAfterpay(ctx, deps, attempt)
    if (answer.status === 'succeeded') return { kind: 'paid', next: answer.next }
    return { kind: 'waiting', orderNumber: answer.order_number }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    if (error.statusCode === 402) return { kind: 'refused', reason: 'declined' }
    // Stripe out of reach, or the webhook still at it: the order is followed until it settles
    if (error.statusCode === 503 || (error.statusCode === 409 && error.field === 'Idempotency-Key')) return { kind: 'waiting', orderNumber: attempt.order_number ?? '' }
    // dropped at its reservation's end, or a paid order that could not stand (refunded)
    return { kind: 'refused', reason: 'expired' }
  }
}

/** What the webhook did with an event. */
export type AfterpayEventOutcome = 'settled' | 'ignored'

/**
 * Stripe's payment_intent.succeeded, .payment_failed or .canceled for a PaymentIntent an attempt of
 * this brand is paying with: settled as the return would (one of them keeps the order, once). Other
 * events, and PaymentIntents no attempt waits on, are ignored. A stored refusal is settled too.
 * GatewayUnavailable (a 503) is thrown for Stripe to deliver the event again.
 */
export async function afterpayEvent(ctx: RequestContext, deps: CheckoutDeps, event: { type: string; paymentIntentId: string }): Promise<AfterpayEventOutcome> {
  if (!SETTLING_EVENTS.has(event.type)) return 'ignored'
  const attempt = await attemptPaying(ctx, event.paymentIntentId)
  if (!attempt) return 'ignored'
  try {
    await settleAfterpay(ctx, deps, attempt)
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode === 503) throw error
    // the attempt's answer is a refusal (declined, dropped): settled all the same
    if (error.statusCode === 409 && error.field === 'Idempotency-Key') throw new HttpError(503, 'This payment is still being settled: deliver the event again.')
  }
  return 'settled'
}

const SETTLING_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled'])
