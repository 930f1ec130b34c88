/**
 * Placing an order (docs/checkout.md): reserve, charge, then keep or give back.
 *
 * 1. Claim the Idempotency-Key (idempotency.ts): a duplicate waits and gets the same answer.
 * 2. Price the cart with the cart's own computation (priceCart) and the
 *    address's tax rate.
 * 3. One transaction: the cart is locked for checkout, the stock taken by a
 *    conditional update, the order written with its lines at the prices paid,
 *    status 'pending_payment' and a reservation expiry.
 * 4. Charge, outside any transaction (a card network call never holds a
 *    database lock), with an idempotency key derived from the client's.
 * 5. One transaction: paid (order, payment record, cart ordered, confirmation
 *    e-mail, the key's answer) or declined (stock back, order gone, cart open).
 *    A card that asks for 3-D Secure keeps the reservation until the page
 *    finishes the step and sends the same key again.
 */
import { recordStoreEvent } from '../tracking/tracking.service.ts'
import { queueEmails } from '../email/outbox.ts'
import { randomInt, randomUUID } from 'node:crypto'
import { formatPrice, fromCents, nextOfferPath, savedCardName, validateExpiry, type CheckoutQuote, type CheckoutResult, type ShippingMethod } from '@store/core'
import { ensureCart } from '../cart/cart.service.ts'
import type { RequestContext } from '../context/request-context.ts'
import { isJoinFlow, joinInTransaction } from '../membership/club-join.ts'
import { keepCheckoutAddresses } from '../addresses/addresses.service.ts'
import { defaultIfOnlyCard, keepCard, savedPaymentMethod, type ChargeableMethod } from '../payment-methods/payment-methods.service.ts'
import type { Transaction } from 'kysely'
import type { CheckoutAttemptsRow, Database, OrdersRow } from '../db/schema.ts'
import { conflict, HttpError, unprocessable } from '../http/errors.ts'
import { GatewayUnavailable, type ChargeResult, type PaymentGateway } from '../payments/gateway.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { promotionsCache } from '../shared/promotions-scope.ts'
import { cartTakenElsewhere, priceCheckout } from './checkout-pricing.ts'
import { refuseVipExclusives } from './members-only.ts'
import { checkoutRefusalWords, firstOrderCodeRefusal, refuseUsedFirstOrderCode } from './first-order-codes.ts'
import { claimCode, releaseClaims } from './code-claims.ts'
import { refuseBumpsAlone } from '../offers/order-bumps.service.ts'
import type { CheckoutAddress, CheckoutInput } from './checkout-input.ts'
import { claimAttempt, finishAttempt, fingerprintOf, pauseAttempt, releaseAttempt, replay, takeOverAttempt, type StoredAnswer } from './idempotency.ts'
import { orderConfirmationEmail } from './order-email.ts'
import { moveOrder, newOrderState } from '../orders/order-states.ts'
import { assertMayTryCard, recordDecline } from './card-testing.ts'
import { emitStockChanged } from './stock-events.ts'
import { giveBackStock, takeStock, type StockWant } from './stock.ts'
import { MAX_WAITING_ORDERS, tooManyWaiting, waitingOrders, type Waiter } from './waiting-orders.ts'
import { takeTurn } from '../db/take-turn.ts'
import { JOINED_MEANWHILE, joiningOrders, refuseSecondJoin, SUPERSEDED } from './join-once.ts'
import type { TaxRates } from './tax.ts'

export interface CheckoutDeps {
  gateway: PaymentGateway
  tax: TaxRates
}

/** How long a reservation waiting for payment (3-D Secure) holds its stock. */
export const RESERVATION_MS = 30 * 60 * 1000

/** A ten-digit order number. */
const newOrderNumber = () => String(randomInt(1_000_000_000, 9_999_999_999))

/** The gateway's key for the charge of one client key: stable across retries, distinct per brand. */
export const gatewayKeyOf = (brandId: string, key: string) => `checkout:${brandId}:${key}`

class NotReserved extends Error {}
/** A joining order paid while its customer joined another way (settle): its transaction is undone. */
class JoinedMeanwhile extends Error {}

const offerIdsCache = promotionsCache<string[]>()

/** The brand's one-time offers in their order (cached like settings). */
export function oneTimeOfferIds(ctx: RequestContext): Promise<string[]> {
  const { db, brandId } = ctx.data
  return offerIdsCache(db, brandId, 'one-time-offers', async () =>
    (await db.selectFrom('one_time_offers').select('id').where('brand_id', '=', brandId).orderBy('position').orderBy('id').execute()).map((row) => row.id),
  )
}

/** After payment: the first one-time offer, else the thank-you page (SPEC §4), carrying the order number. */
export async function afterPaymentPath(ctx: RequestContext, orderNumber: string): Promise<string> {
  const path = nextOfferPath('checkout-oto', await oneTimeOfferIds(ctx), null, false)
  return `${path}?order=${encodeURIComponent(orderNumber)}`
}

export async function checkout(ctx: RequestContext, deps: CheckoutDeps, key: string, input: CheckoutInput): Promise<CheckoutResult> {
  const session = await ctx.session.current()
  const fingerprint = fingerprintOf([session?.visitorId ?? null, input])
  const claim = await claimAttempt(ctx, key, 'checkout', fingerprint, newOrderNumber())
  if (claim.kind === 'replay') return replay<CheckoutResult>(claim.answer)
  const orderNumber = claim.attempt.order_number!
  const gatewayKey = gatewayKeyOf(ctx.data.brandId, key)
  let savedCard: ChargeableMethod | null = null
  try {
    // card testing: many declines from one visitor or network stop new cards (checkout/card-testing.ts)
    if (claim.kind !== 'resume') await assertMayTryCard(ctx, session?.visitorId ?? null)
    // or one of the customer's saved cards pays; a retry finishing a payment already made at the
    // provider goes on even if that card was removed meanwhile (the money is taken: the order must stand)
    const finishing = claim.kind === 'resume' && claim.attempt.payment_id !== null
    if (input.payment_method_id) {
      savedCard = await savedCardOf(ctx, deps.gateway, input.payment_method_id).catch((error: unknown) => {
        if (finishing) return null
        throw error
      })
    }
  } catch (error) {
    if (claim.kind !== 'resume') await releaseAttempt(ctx, key)
    throw error
  }

  let reserved: Reserved | undefined
  if (claim.kind === 'resume') reserved = await findPendingOrder(ctx, orderNumber)
  if (!reserved) {
    try {
      reserved = await reserveOrder(ctx, deps, orderNumber, input, session?.visitorId ?? null, session?.cartId ?? null)
    } catch (error) {
      // nothing taken, nothing charged: the key may be used again
      await releaseAttempt(ctx, key)
      throw error
    }
  }

  let result: ChargeResult
  try {
    result =
      claim.kind === 'resume' && claim.attempt.payment_id
        ? await deps.gateway.resume(ctx.data, claim.attempt.payment_id, gatewayKey)
        : await deps.gateway.charge(ctx.data, {
            amountCents: reserved.order.total_cents,
            // the shopper is on the page: a saved card is charged on-session, so its bank may ask (requires_action)
            source: savedCard ? { kind: 'saved', reference: savedCard.reference, customerPresent: true } : { kind: 'token', token: input.payment_token },
            idempotencyKey: gatewayKey,
            // a saved card is kept already
            saveForLater: savedCard === null,
            description: `${ctx.brand.name} order ${orderNumber}`,
            metadata: { order_number: orderNumber },
          })
  } catch (error) {
    await pauseAttempt(ctx, key, 'interrupted', claim.attempt.payment_id)
    if (error instanceof GatewayUnavailable) {
      ctx.log.warn({ err: error, order: orderNumber }, 'payment gateway unavailable; the order waits for a retry with the same key')
      throw new HttpError(503, 'We could not reach the payment service. Try again in a moment: you will not be charged twice.')
    }
    throw error
  }
  // a new card is kept for later; a saved card is kept already, or was removed meanwhile and stays so
  return settle(ctx, deps, key, reserved, result, savedCard, !input.payment_method_id)
}

/** What the sweeper learnt of a charge that had no answer (settleUnanswered). */
export type UnansweredCharge =
  /** the payment went through: the order stands, paid, as the shopper's retry would have made it */
  | 'paid'
  /** no payment holds any money: the reservation may go */
  | 'unpaid'
  /** the gateway could not say: the stock stays held, and the next sweep asks again */
  | 'unknown'
  /** a retry of the key (or another sweep) is at it now: left to it */
  | 'busy'
  /** the payment went through, but its order could not stand (its customer had joined the club meanwhile): the money went back */
  | 'refunded'

/**
 * A reservation that ran out while its charge had no answer (the gateway out of reach, the
 * process gone mid-charge) and that nobody tried again. The money may have been taken all the
 * same, so before the stock goes back the gateway is asked what became of the charge made under
 * the order's key: found paid, the order is kept exactly as the shopper's retry would have kept it
 * (payment, confirmation e-mail, the key's answer); a payment that waited for the store's
 * confirmation after the shopper's bank step is confirmed, as that retry would. The attempt is
 * taken over first, like a retry, so a retry arriving meanwhile waits for the one outcome.
 */
export async function settleUnanswered(
  ctx: RequestContext,
  deps: Pick<CheckoutDeps, 'gateway'>,
  attempt: CheckoutAttemptsRow,
  /** gives the stock back when no payment holds any money: called while the attempt is held, so no retry starts on the order meanwhile */
  release: () => Promise<unknown>,
): Promise<UnansweredCharge> {
  const key = attempt.idempotency_key
  const taken = await takeOverAttempt(ctx, attempt)
  if (!taken) return 'busy'
  const reserved = attempt.order_number ? await findPendingOrder(ctx, attempt.order_number) : undefined
  if (!reserved) {
    await pauseAttempt(ctx, key, 'interrupted', attempt.payment_id)
    return 'busy'
  }
  const gatewayKey = gatewayKeyOf(ctx.data.brandId, key)
  let result: ChargeResult | null
  try {
    result = attempt.payment_id ? await deps.gateway.resume(ctx.data, attempt.payment_id, gatewayKey) : await deps.gateway.find(ctx.data, gatewayKey)
  } catch (error) {
    await pauseAttempt(ctx, key, 'interrupted', attempt.payment_id)
    if (error instanceof GatewayUnavailable) return 'unknown'
    throw error
  }
  if (result?.status !== 'succeeded') {
    // nothing taken: the stock goes back, and the key stays open, so a shopper who comes back with it
    // reserves again and starts the charge again
    await release()
    await pauseAttempt(ctx, key, 'interrupted', result?.paymentId ?? attempt.payment_id)
    return 'unpaid'
  }
  // the card that paid is kept, as a new card is at checkout (a saved card finds its own row again)
  try {
    await settle(ctx, deps, key, reserved, result, null, true)
  } catch (error) {
    // the order could not be kept (its customer joined the club meanwhile, or its reservation ran out):
    // the payment was refunded and the reservation released
    if (error instanceof HttpError && error.statusCode === 409) return 'refunded'
    // that refund found the gateway out of reach: the order waits, and the next sweep asks again
    if (error instanceof HttpError && error.statusCode === 503) return 'unknown'
    throw error
  }
  return 'paid'
}

/**
 * The saved card a customer chose at checkout: one of their own at this brand and gateway,
 * not expired. Anything else is a 422 at the card choice, before anything is reserved.
 */
async function savedCardOf(ctx: RequestContext, gateway: PaymentGateway, id: string): Promise<ChargeableMethod> {
  const { customerId } = await ctx.shopper()
  const card = customerId ? await savedPaymentMethod(ctx.data, customerId, gateway.name, id) : null
  if (!card) throw unprocessable('Choose one of your saved cards, or enter a new card.', 'payment_method_id')
  if (!validateExpiry(card.exp_month, card.exp_year, ctx.now()).valid)
    throw unprocessable(`Your ${savedCardName(card.card_brand, card.last4)} has expired. Choose another card or enter a new one.`, 'payment_method_id')
  return card
}

/**
 * The cart goes back to open after a decline, unless the shopper already started
 * another open cart meanwhile (one open cart per session, migration 006).
 */
export async function reopenCart(trx: Transaction<Database>, cartId: string, now: string): Promise<void> {
  await trx
    .updateTable('carts')
    .set({ status: 'open', updated_at: now })
    .where('id', '=', cartId)
    .where('status', '=', 'checking_out')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('carts as other')
            .select('other.id')
            .whereRef('other.brand_id', '=', 'carts.brand_id')
            .whereRef('other.session_key', '=', 'carts.session_key')
            .where('other.status', '=', 'open'),
        ),
      ),
    )
    .execute()
}

/** An order holding its stock, waiting for its payment, and its lines. */
interface Reserved {
  order: OrdersRow
  lines: ReservedLine[]
}
type ReservedLine = { item_id: number; size: string; qty: number; name: string; color: string; price_cents: number; total_cents: number }

async function findPendingOrder(ctx: RequestContext, orderNumber: string): Promise<Reserved | undefined> {
  const order = await ctx.data.db
    .selectFrom('orders')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .where('brand_id', '=', ctx.data.brandId)
    .where('status', '=', 'pending_payment')
    .executeTakeFirst()
  if (!order) return undefined
  const lines = await ctx.data.db
    .selectFrom('order_lines')
    .select(['item_id', 'size', 'qty', 'name', 'color', 'price_cents', 'total_cents'])
    .where('order_number', '=', orderNumber)
    .where('brand_id', '=', ctx.data.brandId)
    .execute()
  return { order, lines }
}

async function reserveOrder(
  ctx: RequestContext,
  deps: CheckoutDeps,
  orderNumber: string,
  input: CheckoutInput,
  visitorId: string | null,
  sessionCartId: string | null,
): Promise<Reserved> {
  const { db, brandId } = ctx.data
  // a join started again supersedes the customer's earlier join left at the bank's step (join-once.ts):
  // before the cart is chosen, so that join's cart, open again, is the one this join checks out
  const joinsByForm = isJoinFlow(input.checkout_flow)
  if (joinsByForm) await supersedeJoinsAtTheBank(ctx, deps, (await ctx.shopper()).customerId)
  // joining the club needs no cart lines (membership/club-join.ts): a joining form may come with no cart yet, or
  // with the session still naming the cart of an order just placed; it joins with the open cart, made if need be
  const cartId = joinsByForm ? await ensureCart(ctx) : sessionCartId
  const priced = await priceCheckout(ctx, deps.tax, cartId, {
    country: input.shipping.country,
    state: input.shipping.state,
    method: input.shipping_method,
    flow: input.checkout_flow,
  })
  const { cart, shopper, lines, unitCents } = priced
  // a join by the cart's own flow: its cart is the session's open one already
  if (priced.joins && !joinsByForm) await supersedeJoinsAtTheBank(ctx, deps, shopper.customerId)
  refuseBumpsAlone(lines)
  await refuseVipExclusives(ctx.data, priced)
  await refuseUsedFirstOrderCode(ctx.data, {
    code: priced.code,
    email: input.email,
    customerId: shopper.customerId,
  })
  // the amount on the button the shopper pressed is the amount charged, or nothing is: a price, the
  // shipping method or the state's tax changed since the page last quoted (docs/checkout.md)
  if (input.expected_total_cents !== undefined && input.expected_total_cents !== priced.totalCents) {
    throw conflict(
      `Your total is now ${formatPrice(fromCents(priced.totalCents), { keepZeroCents: true })}, not ${formatPrice(fromCents(input.expected_total_cents), { keepZeroCents: true })}: check your order and place it again.`,
      'expected_total',
    )
  }

  const now = ctx.now()
  const waiter: Waiter = { visitorId, customerId: shopper.customerId }
  const billing: CheckoutAddress = input.billing ?? input.shipping
  const order: OrdersRow = {
    order_number: orderNumber,
    brand_id: brandId,
    customer_id: shopper.customerId,
    cart_id: cart.id,
    email: input.email,
    ...newOrderState('pending_payment', shopper.customerId ? `shopper:${shopper.customerId}` : 'shopper', now.toISOString()),
    subtotal_cents: priced.subtotalCents,
    discount_cents: priced.discountCents,
    shipping_cents: priced.shippingCents,
    tax_cents: priced.taxCents,
    total_cents: priced.totalCents,
    shipping_method: input.shipping_method,
    ...prefixed('shipping', input.shipping),
    ...prefixed('billing', billing),
    payment_method_id: null,
    idempotency_key: null,
    created_at: now.toISOString(),
    placed_by_visitor_id: visitorId,
    reserved_until: new Date(now.getTime() + RESERVATION_MS).toISOString(),
    checkout_flow: priced.flow,
    membership_id: null,
    club_period: null,
    club_fee_cents: priced.clubFeeCents,
    bundle_discount_cents: priced.bundleDiscountCents,
    // the code this order used, when it took something off (its uses and sales are counted from here)
    discount_code_id: priced.code && priced.discountCents > priced.bundleDiscountCents ? priced.code.id : null,
  }
  const wants: StockWant[] = lines.map((line) => ({ itemId: line.item_id, size: line.size, qty: line.qty }))
  const orderLines = lines.map((line, i) => {
    const discount = priced.lineDiscountCents[i] ?? 0
    return {
      id: randomUUID(),
      order_number: orderNumber,
      item_id: line.item_id,
      name: line.name,
      color: line.color,
      size: line.size,
      qty: line.qty,
      price_cents: unitCents[i]!,
      discount_cents: discount,
      total_cents: unitCents[i]! * line.qty - discount,
      discount_class: line.discount_class,
      image1: line.image,
      cancelled: 0,
      offer_id: null,
    }
  })
  try {
    await db.transaction().execute(async (trx) => {
      // the cart is locked only while the shopper has fewer orders waiting for their payment than the
      // limit (waiting-orders.ts), a condition of the lock's one statement. A customer's devices each
      // lock a cart of their own, so on PostgreSQL they take turns first: else two counting at once
      // would both pass the limit's last place
      if (waiter.customerId) await takeTurn(trx, 'customer', waiter.customerId)
      // and a customer joins once, whatever their carts: a member by now, or another join of theirs
      // waiting for its payment, is refused before anything is charged (join-once.ts)
      if (priced.joins && waiter.customerId) await refuseSecondJoin(trx, brandId, waiter.customerId, now)
      const locked = await trx
        .updateTable('carts')
        .set({ status: 'checking_out', checkout_flow: priced.flow, updated_at: now.toISOString() })
        .where('id', '=', cart.id)
        .where('status', '=', 'open')
        .where((eb) => eb(waitingOrders(eb, brandId, waiter, now), '<', MAX_WAITING_ORDERS))
        .executeTakeFirst()
      if (Number(locked.numUpdatedRows) !== 1) {
        const { n } = await trx.selectNoFrom(waitingOrders(trx, brandId, waiter, now).as('n')).executeTakeFirstOrThrow()
        if (Number(n) >= MAX_WAITING_ORDERS) throw tooManyWaiting()
        throw cartTakenElsewhere()
      }
      if (!(await takeStock(trx, brandId, wants))) throw new NotReserved()
      await trx.insertInto('orders').values(order).execute()
      if (orderLines.length > 0) await trx.insertInto('order_lines').values(orderLines).execute()
      // one use per customer: the code's claim, or a 409 undoing all of this (code-claims.ts)
      await claimCode(trx, { brandId, code: priced.code, email: input.email, customerId: shopper.customerId, orderNumber, now: now.toISOString() })
    })
  } catch (error) {
    if (error instanceof NotReserved) throw await shortageError(ctx, wants)
    throw error
  }
  emitStockChanged({ brandId, itemIds: wants.map((want) => want.itemId) }, ctx.log)
  return { order, lines: orderLines }
}

function prefixed<P extends 'shipping' | 'billing'>(prefix: P, address: CheckoutAddress) {
  return {
    [`${prefix}_name`]: address.name,
    [`${prefix}_company`]: address.company,
    [`${prefix}_country`]: address.country,
    [`${prefix}_address`]: address.address,
    [`${prefix}_address_2`]: address.address_2,
    [`${prefix}_city`]: address.city,
    [`${prefix}_state`]: address.state,
    [`${prefix}_zip`]: address.zip,
    [`${prefix}_phone`]: address.phone,
  } as Record<`${P}_${'name' | 'company' | 'country' | 'address' | 'address_2' | 'city' | 'state' | 'zip' | 'phone'}`, string>
}

/** Which size ran short, in words: 'X in size M is sold out.' or 'Only 2 left of X in size M.' */
async function shortageError(ctx: RequestContext, wants: readonly StockWant[]): Promise<HttpError> {
  const rows = await ctx.data.db
    .selectFrom('item_sizes')
    .innerJoin('items', 'items.id', 'item_sizes.item_id')
    .select(['items.id', 'items.name', 'items.active', 'item_sizes.size', 'item_sizes.stock'])
    .where('items.brand_id', '=', ctx.data.brandId)
    .where(
      'items.id',
      'in',
      wants.map((want) => want.itemId),
    )
    .execute()
  const totals = new Map<string, number>()
  for (const want of wants) totals.set(`${want.itemId}|${want.size}`, (totals.get(`${want.itemId}|${want.size}`) ?? 0) + want.qty)
  for (const row of rows) {
    const wanted = totals.get(`${row.id}|${row.size}`)
    if (wanted === undefined) continue
    if (row.active !== 1) return conflict(`${row.name} is no longer sold. Remove it from your cart to check out.`, 'cart')
    if (row.stock >= wanted) continue
    const message =
      row.stock <= 0
        ? `${row.name} in size ${row.size} is sold out. Remove it from your cart to check out.`
        : `Only ${row.stock} left of ${row.name} in size ${row.size}. Lower the quantity in your cart to check out.`
    return conflict(message, 'cart')
  }
  return conflict('Something in your cart has just sold out. Check your cart and try again.', 'cart')
}

/**
 * An order that is not paid gives back what it held, in one transaction with the key's answer: the
 * order and its lines go, the stock comes back, the cart is open again. A reservation that already
 * expired gave its stock back itself.
 */
async function releaseUnpaid(ctx: RequestContext, key: string, reserved: Reserved, answer: StoredAnswer): Promise<void> {
  const { brandId } = ctx.data
  const { order, lines } = reserved
  const now = ctx.now().toISOString()
  await ctx.data.db.transaction().execute(async (trx) => {
    const mine = await moveOrder(trx, { brandId, orderNumber: order.order_number, from: 'pending_payment' }, 'decline', 'store', { at: now })
    if (mine.ok) {
      await trx.deleteFrom('order_lines').where('order_number', '=', order.order_number).execute()
      await trx.deleteFrom('orders').where('order_number', '=', order.order_number).execute()
      await releaseClaims(trx, order.order_number)
    }
    await finishAttempt(ctx, key, answer, trx)
    if (!mine.ok) return
    await giveBackStock(
      trx,
      brandId,
      lines.map((line) => ({ itemId: line.item_id, size: line.size, qty: line.qty })),
    )
    await reopenCart(trx, order.cart_id!, now)
  })
  emitStockChanged({ brandId, itemIds: lines.map((line) => line.item_id) }, ctx.log)
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
  for (const attempt of atTheBank) {
    const key = attempt.idempotency_key
    const paymentId = attempt.payment_id!
    if (!(await takeOverAttempt(ctx, attempt))) continue
    const reserved = await findPendingOrder(ctx, attempt.order_number!)
    let cancelled = false
    try {
      cancelled = reserved !== undefined && (await deps.gateway.cancel(ctx.data, paymentId, gatewayKeyOf(brandId, key)))
    } catch (error) {
      await pauseAttempt(ctx, key, 'requires_action', paymentId)
      if (error instanceof GatewayUnavailable) {
        ctx.log.warn(
          { err: error, order: attempt.order_number, payment: paymentId },
          "a join at the bank's step could not be cancelled for a newer one: the gateway was out of reach",
        )
        continue
      }
      throw error
    }
    if (!cancelled || !reserved) {
      await pauseAttempt(ctx, key, 'requires_action', paymentId)
      continue
    }
    await releaseUnpaid(ctx, key, reserved, { status: 409, error: { message: SUPERSEDED, field: 'checkout_flow' } })
    ctx.log.info(
      { order: attempt.order_number, payment: paymentId },
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
  const key = attempt.idempotency_key
  const paymentId = attempt.payment_id
  if (!paymentId || !(await takeOverAttempt(ctx, attempt))) return 'busy'
  const reserved = attempt.order_number ? await findPendingOrder(ctx, attempt.order_number) : undefined
  if (!reserved) {
    await pauseAttempt(ctx, key, 'requires_action', paymentId)
    return 'busy'
  }
  let cancelled: boolean
  try {
    cancelled = await deps.gateway.cancel(ctx.data, paymentId, gatewayKeyOf(ctx.data.brandId, key))
  } catch (error) {
    await pauseAttempt(ctx, key, 'requires_action', paymentId)
    if (error instanceof GatewayUnavailable) return 'busy'
    throw error
  }
  if (!cancelled) {
    // the step was finished and the payment went on: asked about by the next sweeps, as a charge without an answer
    await pauseAttempt(ctx, key, 'interrupted', paymentId)
    return 'kept'
  }
  await releaseUnpaid(ctx, key, reserved, { status: 409, error: { message: DROPPED_AT_THE_BANK, field: 'payment_token' } })
  return 'dropped'
}

/**
 * The safety net of join-once.ts: a joining order whose first month was paid while its customer
 * became a member another way (its charge had no answer, its reservation ran out, and the customer
 * joined again before the sweeper found the charge paid). The store does not keep that money: the
 * payment is refunded first, then the reservation released, and the key answers a 409 saying so.
 * A refund that cannot reach the gateway leaves the order waiting, so the same key, or the sweeper,
 * comes back here and refunds it (the refund's own key makes it once).
 */
async function refundJoinedMeanwhile(ctx: RequestContext, deps: Pick<CheckoutDeps, 'gateway'>, key: string, reserved: Reserved, paymentId: string): Promise<StoredAnswer> {
  const { order } = reserved
  try {
    await deps.gateway.refund(ctx.data, paymentId, gatewayKeyOf(ctx.data.brandId, key))
  } catch (error) {
    await pauseAttempt(ctx, key, 'interrupted', paymentId)
    if (error instanceof GatewayUnavailable) {
      ctx.log.error(
        { err: error, order: order.order_number, payment: paymentId },
        'a joining order paid after its customer had joined: the refund could not reach the gateway, and is tried again',
      )
      throw new HttpError(503, 'We could not reach the payment service. Try again in a moment: you will not be charged twice.')
    }
    throw error
  }
  const answer: StoredAnswer = { status: 409, error: { message: JOINED_MEANWHILE, field: 'checkout_flow' } }
  await releaseUnpaid(ctx, key, reserved, answer)
  ctx.log.warn(
    { order: order.order_number, amount_cents: order.total_cents, payment: paymentId },
    'a joining order was paid after its customer had already joined the club: the payment is refunded and the order not kept',
  )
  return answer
}

async function settle(
  ctx: RequestContext,
  deps: Pick<CheckoutDeps, 'gateway'>,
  key: string,
  reserved: Reserved,
  result: ChargeResult,
  savedCard: ChargeableMethod | null,
  keepsNewCard: boolean,
): Promise<CheckoutResult> {
  const { db, brandId } = ctx.data
  const { order, lines } = reserved
  const now = ctx.now().toISOString()
  if (result.status === 'requires_action') {
    await pauseAttempt(ctx, key, 'requires_action', result.paymentId)
    return { status: 'requires_action', order_number: order.order_number, next: null, payment_id: result.paymentId, client_secret: result.clientSecret }
  }

  if (result.status === 'declined') {
    const answer: StoredAnswer = { status: 402, error: { message: result.message, field: 'payment_token' } }
    await releaseUnpaid(ctx, key, reserved, answer)
    await recordDecline(ctx, (await ctx.session.current())?.visitorId ?? null)
    ctx.log.info({ order: order.order_number, decline: result.code }, 'checkout declined')
    return replay<CheckoutResult>(answer)
  }

  const next = await afterPaymentPath(ctx, order.order_number)
  const answer: StoredAnswer = { status: 200, data: { status: 'succeeded', order_number: order.order_number, next } satisfies CheckoutResult }
  const clubName = order.club_fee_cents > 0 ? ((await getSettingsBundle(db, brandId))?.row.club_name ?? null) : null
  // the card the confirmation names: the one the gateway charged, else the saved card that paid (brand and last four only)
  const paidWith = result.card ?? (savedCard ? { brand: savedCard.card_brand, last4: savedCard.last4 } : null)
  let cardKept = false
  // a logged-in customer's card is kept for later (club billing, the payment methods page): the gateway's reference only
  // the saved card that paid, or the new card kept for later
  let savedMethodId: string | null = savedCard?.id ?? null
  // a join's first box takes its items from stock: told to the catalogue's caches once committed
  const boxItems: number[] = []
  const kept = await db
    .transaction()
    .execute(async (trx) => {
      if (keepsNewCard && order.customer_id && result.savedMethod && result.card) {
        const keptCard = await keepCard(trx, { brandId, customerId: order.customer_id, gateway: deps.gateway.name, reference: result.savedMethod, card: result.card, now })
        savedMethodId = keptCard.id
        cardKept = keptCard.added
        await defaultIfOnlyCard(trx, { brandId, customerId: order.customer_id, gateway: deps.gateway.name, id: savedMethodId })
      }
      const paid = await moveOrder(trx, { brandId, orderNumber: order.order_number, from: 'pending_payment' }, 'pay', `payment:${deps.gateway.name}`, {
        at: now,
        detail: { amount_cents: order.total_cents },
        set: { reserved_until: null, payment_method_id: savedMethodId },
      })
      if (!paid.ok) return false
      // and the addresses typed here go to the address book, so the next checkout starts from them
      if (order.customer_id) await keepCheckoutAddresses(trx, brandId, order.customer_id, order)
      await trx
        .insertInto('payments')
        .values({
          id: randomUUID(),
          brand_id: brandId,
          order_number: order.order_number,
          offer_id: null,
          gateway: deps.gateway.name,
          gateway_payment_id: result.paymentId,
          idempotency_key: key,
          amount_cents: order.total_cents,
          status: 'succeeded',
          decline_reason: null,
          card_brand: result.card?.brand ?? null,
          last4: result.card?.last4 ?? null,
          exp_month: result.card?.expMonth ?? null,
          exp_year: result.card?.expYear ?? null,
          // what a one-time offer charges again: the new card kept, or the saved card that paid; not a
          // saved card the customer removed while paying
          saved_method: keepsNewCard ? result.savedMethod : (savedCard?.reference ?? null),
          offer_line: null,
          created_at: now,
          updated_at: now,
        })
        .execute()
      await trx.updateTable('carts').set({ status: 'ordered', updated_at: now }).where('id', '=', order.cart_id!).execute()
      // the club hook: a joining order's membership is written with the order's payment, once
      if (isJoinFlow(order.checkout_flow)) {
        const joined = await joinInTransaction(trx, ctx, { order, result, paymentMethodId: savedMethodId, gatewayKey: gatewayKeyOf(brandId, key), boxItems })
        // a first month paid for a membership the customer has by now is not kept (join-once.ts): nothing of this is written
        if (joined === 'member already' && order.club_fee_cents > 0) throw new JoinedMeanwhile()
      }
      // the tracker's first line (docs/tracking.md)
      await recordStoreEvent(trx, {
        brandId,
        orderNumber: order.order_number,
        key: `store:placed:${order.order_number}`,
        description: 'Order placed',
        occurredAt: order.created_at,
        status: 'paid',
      })
      const email = orderConfirmationEmail(
        ctx.brand.name,
        ctx.origin,
        order,
        lines,
        clubName,
        paidWith ? { brand: paidWith.brand, last4: paidWith.last4, keptForLater: cardKept } : null,
      )
      await queueEmails(trx, brandId, now, [{ to: order.email, subject: email.subject, body: email.body, orderNumber: order.order_number }])
      await finishAttempt(ctx, key, answer, trx)
      return true
    })
    .catch((error: unknown) => {
      if (error instanceof JoinedMeanwhile) return 'joined meanwhile' as const
      throw error
    })
  if (kept === 'joined meanwhile') return replay<CheckoutResult>(await refundJoinedMeanwhile(ctx, deps, key, reserved, result.paymentId))
  if (!kept) {
    // the reservation ran out while the shopper authenticated: the stock went back, so the money does too
    await deps.gateway.refund(ctx.data, result.paymentId, gatewayKeyOf(brandId, key))
    const expired: StoredAnswer = {
      status: 409,
      error: { message: 'Your checkout took too long and the items were released. You have not been charged: please check out again.', field: 'cart' },
    }
    await finishAttempt(ctx, key, expired)
    return replay<CheckoutResult>(expired)
  }
  if (boxItems.length > 0) emitStockChanged({ brandId, itemIds: boxItems }, ctx.log)
  // the session lists what it placed (the cart's session_orders); the order stands without it
  await ctx.session.addOrder(order.order_number).catch((error: unknown) => ctx.log.warn({ err: error, order: order.order_number }, 'could not note the order on the session'))
  ctx.log.info({ order: order.order_number, total: fromCents(order.total_cents) }, 'order placed')
  return replay<CheckoutResult>(answer)
}

/** What POST /checkout would charge, before the shopper places the order (the checkout page's summary). */
export async function quoteCheckout(
  ctx: RequestContext,
  deps: Pick<CheckoutDeps, 'tax'>,
  /** flow: a joining flow (checkout_club_flow, vip_flow) quotes the join with this cart, as POST /checkout charges it */
  destination: { country: string; state: string; method: ShippingMethod; flow?: string; email?: string },
): Promise<CheckoutQuote> {
  const cartId = (await ctx.session.current())?.cartId ?? null
  let priced = await priceCheckout(ctx, deps.tax, cartId, destination)
  // a code for a first order that this shopper (logged in, or the e-mail typed) has used: said here, and not counted
  const email = destination.email?.includes('@') ? destination.email : priced.shopper.email
  const refused = await firstOrderCodeRefusal(ctx.data, priced.code, { email, customerId: priced.shopper.customerId })
  const codeRefusal = refused && priced.code ? checkoutRefusalWords(priced.code.name, refused) : null
  if (refused) priced = await priceCheckout(ctx, deps.tax, cartId, { ...destination, withoutCode: true })
  return {
    subtotal: fromCents(priced.subtotalCents),
    discount: fromCents(priced.discountCents),
    bundle_discount: fromCents(priced.bundleDiscountCents),
    shipping_method: destination.method,
    shipping: fromCents(priced.shippingCents),
    tax: fromCents(priced.taxCents),
    total: fromCents(priced.totalCents),
    club_fee: fromCents(priced.clubFeeCents),
    shipping_options: priced.shippingOptions.map((option) => ({ method: option.method, label: option.label, price: fromCents(option.cents), free: option.free })),
    code_refusal: codeRefusal,
  }
}
