/**
 * Orders as the thank-you page and the order history read them. An order is
 * shown to the session that placed it (its visitor id, kept across login) and
 * to the logged-in customer who owns it; anyone else gets the same 404 as for
 * a number that does not exist, so order numbers reveal nothing.
 */
import { compareSizes, isFinalSale, VISIBLE_ORDER_STATUSES, fromCents, type Order, type OrderHeadline, type OrderItem, type OrdersPage } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import type { OrderLinesRow, OrdersRow } from '../db/schema.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { actionsOf, historyView, ledgerTotals, loadOrderDetails, refundedQuantities, shopperFacts, type OrderDetails } from './order-details.ts'
import { HttpError, notFound } from '../http/errors.ts'
import { exchangeChoices, NO_CHOICES, type ExchangeChoices } from './exchange-choices.ts'

/** Statuses a shopper sees (orders, the tracker): the core state machine's; a declined or expired attempt is not an order. */
export { VISIBLE_ORDER_STATUSES } from '@store/core'

export async function getOrder(ctx: RequestContext, orderNumber: string): Promise<Order> {
  const { db, brandId } = ctx.data
  const [session, shopper, order] = await Promise.all([
    ctx.session.current(),
    ctx.shopper(),
    db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).where('brand_id', '=', brandId).where('status', 'in', VISIBLE_ORDER_STATUSES).executeTakeFirst(),
  ])
  if (!order || !mayReadOrder(order, session?.visitorId ?? null, shopper.customerId)) throw orderNotFound(orderNumber)
  return (await withDetails(ctx, [order]))[0]!
}

export const orderNotFound = (orderNumber: string) => notFound(`We couldn't find order ${orderNumber}.`)

/** The session that placed the order (its visitor id), or the customer who owns it. */
export function mayReadOrder(order: Pick<OrdersRow, 'placed_by_visitor_id' | 'customer_id'>, visitorId: string | null, customerId: string | null): boolean {
  const placedHere = visitorId !== null && order.placed_by_visitor_id !== null && order.placed_by_visitor_id === visitorId
  const owns = customerId !== null && order.customer_id === customerId
  return placedHere || owns
}

/** The logged-in customer's orders at the brand that the history shows, newest first. */
async function customersOrders(ctx: RequestContext) {
  const { db, brandId } = ctx.data
  const shopper = await ctx.shopper()
  if (!shopper.customerId) throw new HttpError(401, 'Log in to see your orders.')
  return (
    db
      .selectFrom('orders')
      .where('brand_id', '=', brandId)
      .where('customer_id', '=', shopper.customerId)
      .where('status', 'in', VISIBLE_ORDER_STATUSES)
      // a member's exchange reserved in the cart is listed once it is placed at checkout (decision 223)
      .where((eb) => eb.not(eb.and([eb('status', '=', 'pending_payment'), eb('checkout_flow', '=', 'exchange')])))
      .orderBy('created_at', 'desc')
      // one order for orders placed in the same millisecond, so pages neither repeat nor skip one
      .orderBy('order_number', 'desc')
  )
}

/** The logged-in customer's orders, newest first (SPEC §3 order history). */
export async function listOrders(ctx: RequestContext): Promise<Order[]> {
  return withDetails(ctx, await (await customersOrders(ctx)).selectAll().limit(100).execute())
}

/** Orders shown on one page of /orders, newest first. */
const ORDERS_PER_PAGE = 10

/**
 * One page of the customer's order history (/orders?page=N, from 1): a long history was one page
 * tens of thousands of pixels tall. A page past the last is empty, with the way back.
 */
export async function listOrdersPage(ctx: RequestContext, page: number): Promise<OrdersPage> {
  const rows = await (await customersOrders(ctx))
    .selectAll()
    .limit(ORDERS_PER_PAGE + 1)
    .offset((page - 1) * ORDERS_PER_PAGE)
    .execute()
  return { orders: await withDetails(ctx, rows.slice(0, ORDERS_PER_PAGE)), page, has_older: rows.length > ORDERS_PER_PAGE }
}

/** Orders with their lines, payments ledger, tracking numbers, history and actions (order-details.ts: five statements for any number of orders). */
async function withDetails(ctx: RequestContext, orders: OrdersRow[]): Promise<Order[]> {
  const { db, brandId } = ctx.data
  if (orders.length === 0) return []
  const [details, shopper, settings] = await Promise.all([
    loadOrderDetails(
      db,
      brandId,
      orders.map((order) => order.order_number),
      { shopperOnly: true },
    ),
    ctx.shopper(),
    getSettingsBundle(db, brandId),
  ])
  const now = ctx.now()
  const judged = orders.map((order) => {
    const found = details.get(order.order_number)!
    const facts = shopperFacts(order, found.history, settings?.row ?? null, { member: shopper.hasClub }, now)
    return { order, found, actions: actionsOf(order, found, facts) }
  })
  const choices = await exchangeChoices(
    ctx,
    judged.filter((one) => one.actions.includes('request_exchange')).flatMap((one) => one.found.lines),
  )
  return judged.map(({ order, found, actions }) => orderView(order, found, actions, actions.includes('request_exchange') ? choices : NO_CHOICES))
}

/** The newest of the customer's orders, its headline only (the Members Area): one statement. */
export async function latestOrder(ctx: RequestContext): Promise<OrderHeadline | null> {
  const row = await (await customersOrders(ctx)).select(['order_number', 'created_at', 'status', 'total_cents', 'checkout_flow', 'club_period']).limit(1).executeTakeFirst()
  if (!row) return null
  return {
    order_number: row.order_number,
    date: row.created_at,
    status: row.status,
    total: fromCents(row.total_cents),
    club_box: boxOf(row),
  }
}

/** The club's month an order is the monthly box of, or null. */
const boxOf = (order: Pick<OrdersRow, 'checkout_flow' | 'club_period'>) => (order.checkout_flow === 'club_monthly' ? order.club_period : null)

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * An order's lines as the shopper reads them, the same on every database: the order's own lines
 * first, then what one-time offers added; by name, colour, then size in store order (S before M),
 * so two sizes of one legging keep their places from one look to the next.
 */
function inOrderOfLines(a: OrderLinesRow, b: OrderLinesRow): number {
  return Number(a.offer_id !== null) - Number(b.offer_id !== null) || byText(a.name, b.name) || byText(a.color, b.color) || compareSizes(a.size, b.size) || byText(a.id, b.id)
}

function orderView(order: OrdersRow, details: OrderDetails, actions: string[], choices: ExchangeChoices): Order {
  const { lines, payments, trackingNumber: tracking } = details
  const ledger = ledgerTotals(payments)
  const refunded = refundedQuantities(details.refundLines)
  return {
    order_number: order.order_number,
    date: order.created_at,
    status: order.status,
    email: order.email,
    subtotal: fromCents(order.subtotal_cents),
    discount: fromCents(order.discount_cents),
    bundle_discount: fromCents(order.bundle_discount_cents),
    shipping: fromCents(order.shipping_cents),
    tax: fromCents(order.tax_cents),
    total: fromCents(order.total_cents),
    club_fee: fromCents(order.club_fee_cents),
    club_box: boxOf(order),
    // the reservation's end: the sweeper drops an order still waiting then (checkout/reservations.ts)
    waiting_until: order.status === 'pending_payment' ? order.reserved_until : null,
    shipping_method: order.shipping_method,
    shipment_tracking_number: tracking,
    shipping_name: order.shipping_name,
    shipping_company: order.shipping_company,
    shipping_country: order.shipping_country,
    shippingAddress: order.shipping_address,
    shippingAddress2: order.shipping_address_2,
    shippingCity: order.shipping_city,
    shippingState: order.shipping_state,
    shippingZip: order.shipping_zip,
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
    items: [...lines].sort(inOrderOfLines).map(
      (line): OrderItem => ({
        id: line.item_id,
        cancelled: line.cancelled === 1,
        qty: line.qty,
        price: fromCents(line.price_cents),
        total: fromCents(line.total_cents),
        discount: fromCents(line.discount_cents),
        discount_class: line.discount_class,
        name: line.name,
        color: line.color,
        size: line.size,
        image1: line.image1,
        offer_id: line.offer_id,
        line_id: line.id,
        final_sale: isFinalSale(line.discount_class),
        refunded_qty: refunded.get(line.id) ?? 0,
        exchange_sizes: isFinalSale(line.discount_class) ? [] : (choices.sizes.get(line.item_id) ?? []).filter((size) => size !== line.size),
        exchange_colors: isFinalSale(line.discount_class) ? [] : (choices.colours.get(line.item_id) ?? []),
      }),
    ),
    payments: payments
      .filter((payment) => payment.status === 'succeeded' || payment.status === 'refunded' || (payment.kind === 'refund' && payment.status === 'pending'))
      .map((payment) => ({
        kind: payment.kind,
        card_brand: payment.card_brand,
        last4: payment.last4,
        amount: fromCents(payment.amount_cents),
        status: payment.status,
        at: payment.created_at,
      })),
    paid: fromCents(ledger.paidCents),
    refunded: fromCents(ledger.refundedCents),
    actions,
    history: historyView(details.history),
  }
}
