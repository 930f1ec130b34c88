/**
 * Reservations that ran out: an order still 'pending_payment' past its
 * reserved_until (a shopper who never finished 3-D Secure, a process that died
 * between reserving and charging) gives its stock back and its cart is open
 * again. The order row goes, so the same Idempotency-Key can reserve afresh
 * under the same order number; its charge, if one was made, is found again by
 * the gateway's idempotency key, never made twice. An order left at the bank's step
 * has its payment cancelled at the gateway first, and its key answers that it was
 * dropped (order-door.ts dropAtTheBank; /orders said when, docs/checkout-money.md).
 *
 * An order whose charge had no answer (the payment service out of reach: the
 * shopper was told to try again; or the process gone mid-charge) and that nobody
 * tried again may have been paid all the same. Before its stock goes back, the
 * gateway is asked what became of that charge (order-door.ts settleUnansweredOrder, through the payment engine):
 * paid, the order stands as the shopper's retry would have kept it; not paid, it
 * is released; the gateway unable to say, the stock stays held and the next sweep
 * asks again, for a day at most. Then it is released and logged as a warning
 * naming the order, the amount and the key the provider knows the payment by
 * (Stripe: metadata store_key), for the operator to look it up.
 */
import { moveOrder, type OrderActor } from '../orders/order-states.ts'
import { completePendingRefunds } from '../orders/pending-refunds.ts'
import { brandsWithOrigins } from '../brands/registry.ts'
import { systemContext, type ContextDeps, type RequestContext } from '../context/request-context.ts'
import type { StoreDb } from '../db/connection.ts'
import type { CheckoutAttemptsRow } from '../db/schema.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { dropAtTheBank, gatewayKeyOf, settleUnansweredOrder } from './order-door.ts'
import { reopenCart } from './keep-order.ts'
import { RESERVATION_MS } from './reserve-order.ts'
import { abandonUnansweredOffer, expireWaitingOffer, offerGatewayKey, settleUnansweredOffer } from '../offers/one-time-offers.service.ts'
import { STALE_ATTEMPT_MS } from '../payments/attempts.ts'
import { emitStockChanged } from './stock-events.ts'
import { giveBackStock } from './stock.ts'
import { releaseClaims } from './code-claims.ts'
import { startJobLoop } from '../jobs/job-loop.ts'

const BATCH = 50
const MAX_PAGES = 20
const SWEEP_MS = 60_000
/**
 * The gateway is asked about a charge only once its attempt has been still this long: Stripe's
 * search, which finds a payment by the store's key, may lag a minute behind the payment.
 */
export const ASK_AFTER_MS = 10 * 60_000
/** While the gateway cannot say what became of a charge, its stock stays held this long past the reservation. */
export const GIVE_UP_MS = 24 * 60 * 60_000

export interface SweeperLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface SweepOptions {
  log?: SweeperLog
  /** asks the gateway about a charge that had no answer before its stock goes back; without it, such an order is released and logged */
  settle?: { gateway: PaymentGateway; context: ContextDeps }
}

type ExpiredOrder = { order_number: string; brand_id: string; cart_id: string | null; total_cents: number; reserved_until: string; checkout_flow: string }

export async function releaseExpiredReservations(store: StoreDb, now: Date = new Date(), options: SweepOptions = {}): Promise<number> {
  const { db } = store
  const { log, settle } = options
  const contextOf = contextsOf(options, now)
  let released = 0
  for await (const order of expiredOrders(store, now)) {
    const attempt = await db
      .selectFrom('checkout_attempts')
      .selectAll()
      .where('brand_id', '=', order.brand_id)
      .where('scope', '=', 'checkout')
      .where('order_number', '=', order.order_number)
      .executeTakeFirst()
    const unanswered = attempt !== undefined && isUnanswered(attempt, now)
    // a retry of the key is at work on it right now: its own outcome decides
    if (attempt?.state === 'in_progress' && !unanswered) continue
    const ctx = contextOf(order.brand_id)
    if (unanswered && settle && ctx && !pastGivingUp(order, now)) {
      // too soon to ask: the provider's search may not show a payment made a moment ago
      if (attempt.updated_at > new Date(now.getTime() - ASK_AFTER_MS).toISOString()) continue
      let gone = false
      const outcome = await settleUnansweredOrder(ctx, { gateway: settle.gateway }, attempt, async () => {
        gone = await release(store, order, now)
      })
      if (outcome === 'paid') {
        log?.warn(
          { order: order.order_number, brand: order.brand_id, amount_cents: order.total_cents },
          'a charge that had no answer was found paid at the provider: the order stands, and its confirmation e-mail is on its way',
        )
      } else if (outcome === 'refunded') {
        log?.warn(
          { order: order.order_number, brand: order.brand_id, amount_cents: order.total_cents },
          'a charge that had no answer was found paid, but its order could not stand (its customer had joined the club another way meanwhile): the payment is refunded and the reservation released',
        )
      } else if (gone) {
        released += 1
        log?.info({ order: order.order_number, brand: order.brand_id }, 'a charge that had no answer took no money: its reservation is released')
      }
      continue
    }
    // left at the bank's step: its payment is cancelled at the gateway before the order goes (order-door.ts dropAtTheBank)
    if (attempt?.state === 'requires_action' && attempt.payment_id && settle && ctx && !pastGivingUp(order, now)) {
      const outcome = await dropAtTheBank(ctx, { gateway: settle.gateway }, attempt)
      if (outcome === 'dropped') {
        released += 1
        log?.info({ order: order.order_number, brand: order.brand_id }, "an order left at the bank's step is dropped: its payment is cancelled, its stock and code given back")
      } else if (outcome === 'kept') {
        log?.warn(
          { order: order.order_number, brand: order.brand_id, amount_cents: order.total_cents },
          "an order left at the bank's step could not be cancelled at the gateway: it is asked about as a charge without an answer",
        )
      }
      continue
    }
    if (!(await release(store, order, now))) continue
    released += 1
    if (unanswered) {
      log?.warn(
        { order: order.order_number, brand: order.brand_id, amount_cents: order.total_cents, store_key: gatewayKeyOf(order.brand_id, attempt.idempotency_key) },
        'a reservation ran out after its charge had no answer: look for a payment with this store_key at the provider, and refund it if it was taken',
      )
    }
  }
  await settleUnansweredOffers(store, now, options, contextOf)
  // and refunds whose provider did not answer, or whose process died before recording them (orders/refunds.ts)
  if (settle) await completePendingRefunds(store.db, now, contextOf, settle.gateway)
  return released
}

/**
 * One-time offers whose charge had no answer (offers/one-time-offers.service): their pending
 * payment holds a piece. The same questions as for an order, once the attempt has been still for
 * ASK_AFTER_MS; after GIVE_UP_MS the piece goes back and the operator is told.
 */
async function settleUnansweredOffers(store: StoreDb, now: Date, { log, settle }: SweepOptions, contextOf: (brandId: string) => RequestContext | null): Promise<void> {
  if (!settle) return
  const askBefore = new Date(now.getTime() - ASK_AFTER_MS).toISOString()
  const waiting = await store.db
    .selectFrom('payments')
    .innerJoin('checkout_attempts', (join) =>
      join.onRef('checkout_attempts.brand_id', '=', 'payments.brand_id').onRef('checkout_attempts.idempotency_key', '=', 'payments.idempotency_key'),
    )
    .selectAll('checkout_attempts')
    .select(['payments.amount_cents', 'payments.created_at as reserved_at'])
    .where('payments.status', '=', 'pending')
    .where('payments.offer_id', 'is not', null)
    .where('checkout_attempts.updated_at', '<', askBefore)
    .orderBy('payments.created_at')
    .limit(BATCH * MAX_PAGES)
    .execute()
  for (const { amount_cents, reserved_at, ...attempt } of waiting) {
    const ctx = contextOf(attempt.brand_id)
    if (!ctx) continue
    const details = { order: attempt.order_number, brand: attempt.brand_id, amount_cents }
    // left at the bank's step as long as a checkout's reservation holds: let go, nothing charged
    if (attempt.state === 'requires_action') {
      if (attempt.updated_at < new Date(now.getTime() - RESERVATION_MS).toISOString() && (await expireWaitingOffer(ctx, attempt))) {
        log?.info(details, "a one-time offer left at the bank's step is let go: its piece is back")
      }
      continue
    }
    if (!isUnanswered(attempt, now)) continue
    const outcome = await settleUnansweredOffer(ctx, { gateway: settle.gateway }, attempt)
    if (outcome === 'paid') {
      // the order may have moved on meanwhile (packed, shipped): then the piece ships on its own
      const order = await store.db
        .selectFrom('orders')
        .select('status')
        .where('order_number', '=', attempt.order_number ?? '')
        .executeTakeFirst()
      log?.warn(
        { ...details, order_status: order?.status },
        order?.status === 'paid'
          ? 'a one-time offer whose charge had no answer was found paid at the provider: it is added to the order, and the shopper e-mailed'
          : `a one-time offer whose charge had no answer was found paid at the provider: it is added to the order, which is ${order?.status ?? 'gone'} already: send the piece on its own`,
      )
    } else if (outcome === 'unpaid') log?.info(details, "a one-time offer's charge that had no answer took no money: its piece is released")
    else if (outcome === 'unknown' && reserved_at < new Date(now.getTime() - GIVE_UP_MS).toISOString()) {
      const current = await store.db
        .selectFrom('checkout_attempts')
        .selectAll()
        .where('brand_id', '=', attempt.brand_id)
        .where('idempotency_key', '=', attempt.idempotency_key)
        .executeTakeFirst()
      if (current && (await abandonUnansweredOffer(ctx, current))) {
        log?.warn(
          { ...details, store_key: offerGatewayKey(attempt.brand_id, attempt.idempotency_key) },
          "a one-time offer's charge had no answer for a day: its piece is released; look for a payment with this store_key at the provider, and refund it if it was taken",
        )
      }
    }
  }
}

/** A sweep's context per brand (its public origin, the sweep's time), made once; null for a brand this deployment does not serve, or without `settle`. */
function contextsOf({ log, settle }: SweepOptions, now: Date): (brandId: string) => RequestContext | null {
  if (!settle) return () => null
  const contexts = new Map(brandsWithOrigins(settle.context.env.publicOrigins).map((brand) => [brand.id as string, systemContext(settle.context, brand, log ?? silent, () => now)]))
  return (brandId) => contexts.get(brandId) ?? null
}

/**
 * The orders whose reservation ran out, oldest first, page after page (up to MAX_PAGES a sweep):
 * orders kept waiting for the gateway do not stop the ones after them from going.
 */
async function* expiredOrders(store: StoreDb, now: Date): AsyncGenerator<ExpiredOrder> {
  let after: ExpiredOrder | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const from = after
    const rows: ExpiredOrder[] = await store.db
      .selectFrom('orders')
      .select(['order_number', 'brand_id', 'cart_id', 'total_cents', 'reserved_until', 'checkout_flow'])
      .where('status', '=', 'pending_payment')
      .where('reserved_until', '<', now.toISOString())
      .$if(from !== undefined, (query) =>
        query.where((eb) =>
          eb.or([eb('reserved_until', '>', from!.reserved_until), eb.and([eb('reserved_until', '=', from!.reserved_until), eb('order_number', '>', from!.order_number)])]),
        ),
      )
      .orderBy('reserved_until')
      .orderBy('order_number')
      .limit(BATCH)
      // compared with a time above, so never null
      .$narrowType<{ reserved_until: string }>()
      .execute()
    yield* rows
    if (rows.length < BATCH) return
    after = rows[rows.length - 1]
  }
}

/** The charge went out and no answer came back: the gateway was out of reach, or the process died mid-charge. */
function isUnanswered(attempt: CheckoutAttemptsRow, now: Date): boolean {
  return attempt.state === 'interrupted' || (attempt.state === 'in_progress' && attempt.updated_at < new Date(now.getTime() - STALE_ATTEMPT_MS).toISOString())
}

function pastGivingUp(order: ExpiredOrder, now: Date): boolean {
  return order.reserved_until < new Date(now.getTime() - GIVE_UP_MS).toISOString()
}

/**
 * Stock back, order gone, cart open again: once, whoever else sweeps. A member's exchange reserved
 * in the cart and not checked out (docs/decisions/223) goes the same way, and its line leaves the cart.
 */
async function release(store: Pick<StoreDb, 'db'>, order: ExpiredOrder, now: Date, actor: OrderActor = 'job:reservation-sweeper'): Promise<boolean> {
  const itemIds = await store.db.transaction().execute(async (trx) => {
    const mine = await moveOrder(trx, { brandId: order.brand_id, orderNumber: order.order_number, from: 'pending_payment' }, 'expire', actor, {
      at: now.toISOString(),
    })
    if (!mine.ok) return null
    const lines = await trx.selectFrom('order_lines').select(['item_id', 'size', 'qty']).where('order_number', '=', order.order_number).execute()
    await giveBackStock(
      trx,
      order.brand_id,
      lines.map((line) => ({ itemId: line.item_id, size: line.size, qty: line.qty })),
    )
    await trx.deleteFrom('order_lines').where('order_number', '=', order.order_number).execute()
    await trx.deleteFrom('payments').where('order_number', '=', order.order_number).execute()
    await trx.deleteFrom('orders').where('order_number', '=', order.order_number).execute()
    // a code used once per customer is theirs again (code-claims.ts)
    await releaseClaims(trx, order.order_number)
    if (order.cart_id && order.checkout_flow === 'exchange')
      await trx.deleteFrom('cart_lines').where('cart_id', '=', order.cart_id).where('exchange_order', '=', order.order_number).execute()
    else if (order.cart_id) await reopenCart(trx, order.cart_id, now.toISOString())
    return lines.map((line) => line.item_id)
  })
  if (!itemIds) return false
  emitStockChanged({ brandId: order.brand_id, itemIds })
  return true
}

/**
 * A member's exchange taken out of the cart before it was checked out (cart.service.ts): its
 * reservation goes as an expired one would, at once: the piece back in stock, the replacement's order gone.
 */
export async function releaseExchange(ctx: RequestContext, orderNumber: string, actor: OrderActor): Promise<boolean> {
  const { db, brandId } = ctx.data
  const order = await db
    .selectFrom('orders')
    .select(['order_number', 'brand_id', 'cart_id', 'total_cents', 'reserved_until', 'checkout_flow'])
    .where('brand_id', '=', brandId)
    .where('order_number', '=', orderNumber)
    .where('checkout_flow', '=', 'exchange')
    .executeTakeFirst()
  if (!order) return false
  return release({ db }, { ...order, reserved_until: order.reserved_until ?? '' }, ctx.now(), actor)
}

const silent: SweeperLog = { info: () => {}, warn: () => {}, error: () => {} }

/** Sweeps every minute in this process on the one job loop (any number of instances may: each order is released or kept once); returns stop(). */
export function startReservationSweeper(store: StoreDb, log: SweeperLog, settle: SweepOptions['settle']): () => Promise<void> {
  // a sweep waiting on the gateway may outlast the minute: the next starts after it
  const loop = startJobLoop({ job: 'reservations', intervalMs: SWEEP_MS, log, failure: 'releasing expired reservations failed' }, () =>
    releaseExpiredReservations(store, new Date(), { log, settle }),
  )
  return loop.stop
}
