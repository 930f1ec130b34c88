/**
 * Checkout's reservation (docs/checkout.md steps 2-3), the first step of its payment
 * (payments/payment-engine.ts): the cart priced again, then one transaction that locks the cart,
 * takes the stock by a conditional update and writes the order 'pending_payment' with its lines
 * at the prices paid and a reservation expiry. Refused (sold out, the total changed, too many
 * orders waiting), nothing is taken.
 */
import { randomUUID } from 'node:crypto'
import { formatPrice, fromCents } from '@store/core'
import { ensureCart } from '../cart/cart.service.ts'
import type { RequestContext } from '../context/request-context.ts'
import type { OrdersRow } from '../db/schema.ts'
import { takeTurn } from '../db/take-turn.ts'
import { conflict, type HttpError } from '../http/errors.ts'
import { isJoinFlow } from '../membership/club-join.ts'
import { refuseBumpsAlone } from '../offers/order-bumps.service.ts'
import { newOrderState } from '../orders/order-states.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { cartTakenElsewhere, priceCheckout } from './checkout-pricing.ts'
import type { CheckoutAddress, CheckoutInput } from './checkout-input.ts'
import { claimCode } from './code-claims.ts'
import { refuseUsedFirstOrderCode } from './first-order-codes.ts'
import { refuseSecondJoin } from './join-once.ts'
import { refuseVipExclusives } from './members-only.ts'
import { emitStockChanged } from './stock-events.ts'
import { takeStock, type StockWant } from './stock.ts'
import type { TaxRates } from './tax.ts'
import { MAX_WAITING_ORDERS, tooManyWaiting, waitingOrders, type Waiter } from './waiting-orders.ts'

export interface CheckoutDeps {
  gateway: PaymentGateway
  tax: TaxRates
}

/** How long a reservation waiting for payment (3-D Secure) holds its stock. */
export const RESERVATION_MS = 30 * 60 * 1000

class NotReserved extends Error {}

/** An order holding its stock, waiting for its payment, and its lines. */
export interface Reserved {
  order: OrdersRow
  lines: ReservedLine[]
}
type ReservedLine = { item_id: number; size: string; qty: number; name: string; color: string; price_cents: number; total_cents: number }

/** The order an attempt reserved, while it still waits for its payment. */
export async function findPendingOrder(ctx: RequestContext, orderNumber: string): Promise<Reserved | undefined> {
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

/** What a checkout reserves: the shopper's order, the session's visitor and cart. */
export interface Placing {
  orderNumber: string
  input: CheckoutInput
  visitorId: string | null
  sessionCartId: string | null
}

/**
 * Reserves the order. `supersede`: a join started again first lets go of the customer's earlier join
 * left at the bank's step (bank-step.ts), before the cart is chosen.
 */
export async function reserveOrder(
  ctx: RequestContext,
  deps: CheckoutDeps,
  { orderNumber, input, visitorId, sessionCartId }: Placing,
  supersede: (customerId: string | null) => Promise<void>,
): Promise<Reserved> {
  const { db, brandId } = ctx.data
  // a join started again supersedes the customer's earlier join left at the bank's step (join-once.ts):
  // before the cart is chosen, so that join's cart, open again, is the one this join checks out
  const joinsByForm = isJoinFlow(input.checkout_flow)
  if (joinsByForm) await supersede((await ctx.shopper()).customerId)
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
  if (priced.joins && !joinsByForm) await supersede(shopper.customerId)
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
      brand_id: brandId,
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

/** An address of the form as an order's shipping_ or billing_ columns. */
export function prefixed<P extends 'shipping' | 'billing'>(prefix: P, address: CheckoutAddress) {
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
