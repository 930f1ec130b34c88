/**
 * Checkout's settle step (docs/checkout.md step 5), called by the payment engine
 * (payments/payment-engine.ts): paid, one transaction writes the order paid, its ledger row, the
 * card kept, the cart ordered, the club's membership for a joining order, the tracker's first line,
 * the confirmation e-mail and the key's answer; not paid, releaseUnpaid gives everything back.
 */
import { fromCents, type CheckoutResult } from '@store/core'
import type { Transaction } from 'kysely'
import { keepCheckoutAddresses } from '../addresses/addresses.service.ts'
import { queuePurchaseConversion } from '../analytics/purchase-conversion.ts'
import type { RequestContext } from '../context/request-context.ts'
import type { Database } from '../db/schema.ts'
import { queueEmails } from '../email/outbox.ts'
import { isJoinFlow, joinInTransaction } from '../membership/club-join.ts'
import { moveOrder } from '../orders/order-states.ts'
import { defaultIfOnlyCard, keepCard, type ChargeableMethod } from '../payment-methods/payment-methods.service.ts'
import { finishAttempt, type StoredAnswer } from '../payments/attempts.ts'
import type { ChargeResult, PaymentGateway } from '../payments/gateway.ts'
import { writeCharge } from '../payments/ledger.ts'
import type { Kept } from '../payments/payment-engine.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { recordStoreEvent } from '../tracking/tracking.service.ts'
import { afterPaymentPath } from './after-payment.ts'
import { releaseClaims } from './code-claims.ts'
import { JOINED_MEANWHILE } from './join-once.ts'
import { orderConfirmationEmail } from './order-email.ts'
import type { Reserved } from './reserve-order.ts'
import { emitStockChanged } from './stock-events.ts'
import { giveBackStock } from './stock.ts'

/** A joining order paid while its customer joined another way: its transaction is undone. */
class JoinedMeanwhile extends Error {}

/** The answer of an order whose reservation ran out while the shopper answered their bank. */
const TOO_LONG = 'Your checkout took too long and the items were released. You have not been charged: please check out again.'

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

/**
 * An order that is not paid gives back what it held, in one transaction with the key's answer: the
 * order and its lines go, the stock comes back, the cart is open again. A reservation that already
 * expired gave its stock back itself.
 */
export async function releaseUnpaid(ctx: RequestContext, key: string, reserved: Reserved, answer: StoredAnswer): Promise<void> {
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

/** How a paid order is kept: the saved card that paid, or a new card to keep for later. */
export interface PaidWith {
  savedCard: ChargeableMethod | null
  keepsNewCard: boolean
}

/**
 * Keeps a paid order. Refused (Kept.kept false) when its reservation ran out meanwhile (the stock
 * went back: the money does too), or when it is a joining order whose customer became a member
 * another way (checkout/join-once.ts: the money goes back and the reservation with it); the engine
 * refunds, then answers the key.
 */
export async function keepOrder(
  ctx: RequestContext,
  gateway: PaymentGateway,
  key: string,
  gatewayKey: string,
  reserved: Reserved,
  result: Extract<ChargeResult, { status: 'succeeded' }>,
  { savedCard, keepsNewCard }: PaidWith,
): Promise<Kept> {
  const { db, brandId } = ctx.data
  const { order, lines } = reserved
  const now = ctx.now().toISOString()
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
        const keptCard = await keepCard(trx, { brandId, customerId: order.customer_id, gateway: gateway.name, reference: result.savedMethod, card: result.card, now })
        savedMethodId = keptCard.id
        cardKept = keptCard.added
        await defaultIfOnlyCard(trx, { brandId, customerId: order.customer_id, gateway: gateway.name, id: savedMethodId })
      }
      const paid = await moveOrder(trx, { brandId, orderNumber: order.order_number, from: 'pending_payment' }, 'pay', `payment:${gateway.name}`, {
        at: now,
        detail: { amount_cents: order.total_cents },
        set: { reserved_until: null, payment_method_id: savedMethodId },
      })
      if (!paid.ok) return false
      // and the addresses typed here go to the address book, so the next checkout starts from them
      if (order.customer_id) await keepCheckoutAddresses(trx, brandId, order.customer_id, order)
      await writeCharge(trx, {
        brandId,
        orderNumber: order.order_number,
        gateway: gateway.name,
        idempotencyKey: key,
        amountCents: order.total_cents,
        now,
        paid: result,
        // what a one-time offer charges again: the new card kept, or the saved card that paid; not a
        // saved card the customer removed while paying
        savedMethod: keepsNewCard ? result.savedMethod : (savedCard?.reference ?? null),
      })
      await trx.updateTable('carts').set({ status: 'ordered', updated_at: now }).where('id', '=', order.cart_id!).execute()
      // the club hook: a joining order's membership is written with the order's payment, once
      if (isJoinFlow(order.checkout_flow)) {
        const joined = await joinInTransaction(trx, ctx, { order, result, paymentMethodId: savedMethodId, gatewayKey, boxItems })
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
      // the advertising pixel's Purchase, queued with the order paid (analytics/purchase-conversion.ts)
      await queuePurchaseConversion(trx, ctx, order, lines, ctx.now())
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
  if (kept === 'joined meanwhile') {
    ctx.log.warn(
      { order: order.order_number, amount_cents: order.total_cents, payment: result.paymentId },
      'a joining order was paid after its customer had already joined the club: the payment is refunded and the order not kept',
    )
    return { kept: false, answer: { status: 409, error: { message: JOINED_MEANWHILE, field: 'checkout_flow' } }, release: true }
  }
  // the reservation ran out while the shopper authenticated: the stock went back, so the money does too
  if (!kept) return { kept: false, answer: { status: 409, error: { message: TOO_LONG, field: 'cart' } }, release: false }
  if (boxItems.length > 0) emitStockChanged({ brandId, itemIds: boxItems }, ctx.log)
  // the session lists what it placed (the cart's session_orders); the order stands without it
  await ctx.session.addOrder(order.order_number).catch((error: unknown) => ctx.log.warn({ err: error, order: order.order_number }, 'could not note the order on the session'))
  ctx.log.info({ order: order.order_number, total: fromCents(order.total_cents) }, 'order placed')
  return { kept: true, answer }
}
