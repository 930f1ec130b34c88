/**
 * The operator's orders read (docs/admin-orders.md): the list newest first by keyset (the
 * cursor is the last order's time and number, never an OFFSET), each search on an index
 * (a number: the primary key; an e-mail: (brand_id, email); a name: (brand_id,
 * lower(shipping_name)), all as prefixes, so a search reads only what it finds), and one
 * order with its lines, ledger, whole history and customer.
 */
import {
  type AdminOrder,
  type AdminOrderAddress,
  type AdminOrderHistoryEntry,
  type AdminOrderSummary,
  describeOrderEvent,
  fromCents,
  isFinalSale,
  isOrderStatus,
  maskEmail,
  type OrderHistoryDetail,
  type OrderStatus,
  type PackingSlip,
  refundLimitCents,
  staffOrderActions,
  staffSeesEmails,
  type StaffRole,
  VISIBLE_ORDER_STATUSES,
} from '@store/core'
import { sql, type Kysely } from 'kysely'
import { readJson } from '../db/json.ts'
import type { Database, OrdersRow } from '../db/schema.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { ledgerTotals, loadOrderDetails, refundedQuantities } from '../orders/order-details.ts'
import { supportRefundLimitCents } from './refund-limit.ts'

/** Flows of an order that joined the club, and a member's monthly box. */
const CLUB_FLOWS = ['checkout_club_flow', 'vip_flow', 'club_monthly'] as const

export interface OrdersQuery {
  status?: OrderStatus[]
  query?: string
  from?: string
  to?: string
  flow?: string
  club?: boolean
  /** newest first (the default), or oldest first (the packing queue) */
  sort?: 'newest' | 'oldest'
  cursor?: string
  limit?: number
}

const PAGE_SIZE = 50

const encodeCursor = (order: { created_at: string; order_number: string }) => Buffer.from(`${order.created_at}|${order.order_number}`).toString('base64url')
function decodeCursor(cursor: string): { at: string; number: string } {
  const [at, number] = Buffer.from(cursor, 'base64url').toString().split('|')
  if (!at || !number || Number.isNaN(Date.parse(at))) throw badRequest('This page of orders is not one we gave out. Start from the first page.', 'cursor')
  return { at, number }
}

/** A date (YYYY-MM-DD, the whole day for `to`) or a date and time, as the stored ISO text compares. */
function boundary(value: string, end: boolean, field: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value)
  const parsed = Date.parse(day ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(parsed)) throw badRequest('Give a date as YYYY-MM-DD.', field)
  return new Date(day && end ? parsed + 86_400_000 - 1 : parsed).toISOString()
}

/** The first text after every text starting with `prefix` (in code-point order, as the indexes compare). */
function pastPrefix(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0
  return prefix.slice(0, prefix.length - 1) + String.fromCodePoint(last + 1)
}

type ListColumns = Pick<OrdersRow, 'order_number' | 'created_at' | 'status' | 'email' | 'shipping_name' | 'total_cents' | 'checkout_flow'>

/** The summary of an order as this role reads it. */
function summaryOf(row: ListColumns, pieces: number, role: StaffRole): AdminOrderSummary {
  return {
    order_number: row.order_number,
    placed_at: row.created_at,
    status: row.status,
    email: staffSeesEmails(role) ? row.email : maskEmail(row.email),
    name: row.shipping_name,
    total: fromCents(row.total_cents),
    pieces,
    flow: row.checkout_flow,
    club: (CLUB_FLOWS as readonly string[]).includes(row.checkout_flow),
  }
}

/** The pieces of each of these orders, in one statement. */
async function piecesOf(db: Kysely<Database>, brandId: string, numbers: string[]): Promise<Map<string, number>> {
  if (numbers.length === 0) return new Map()
  const rows = await db
    .selectFrom('order_lines')
    .select((eb) => ['order_number', eb.fn.sum<number | string>('qty').as('pieces')])
    .where('brand_id', '=', brandId)
    .where('order_number', 'in', numbers)
    .groupBy('order_number')
    .execute()
  return new Map(rows.map((row) => [row.order_number, Number(row.pieces)]))
}

/** A page of the brand's orders, newest (or oldest) first, filtered and searched. */
export async function listAdminOrders(
  db: Kysely<Database>,
  brandId: string,
  role: StaffRole,
  input: OrdersQuery,
): Promise<{ orders: AdminOrderSummary[]; next_cursor: string | null }> {
  const limit = input.limit ?? PAGE_SIZE
  let q = db
    .selectFrom('orders')
    .select(['order_number', 'created_at', 'status', 'email', 'shipping_name', 'total_cents', 'checkout_flow'])
    .where('brand_id', '=', brandId)
    .where('status', 'in', input.status && input.status.length > 0 ? input.status : VISIBLE_ORDER_STATUSES)
  if (input.from) q = q.where('created_at', '>=', boundary(input.from, false, 'from'))
  if (input.to) q = q.where('created_at', '<=', boundary(input.to, true, 'to'))
  if (input.flow) q = q.where('checkout_flow', '=', input.flow)
  if (input.club !== undefined) q = q.where('checkout_flow', input.club ? 'in' : 'not in', [...CLUB_FLOWS])
  const query = input.query?.trim().toLowerCase()
  if (query) {
    if (/^\d+$/.test(query)) {
      // an order number, or its first digits
      q = q.where('order_number', '>=', query).where('order_number', '<', pastPrefix(query))
    } else if (query.includes('@')) {
      q = q.where('email', '>=', query).where('email', '<', pastPrefix(query))
    } else {
      if (query.length < 2) throw badRequest('Search by at least two letters of a name.', 'query')
      const name = sql<string>`lower(shipping_name)`
      q = q.where((eb) => eb.or([eb.and([eb('email', '>=', query), eb('email', '<', pastPrefix(query))]), eb.and([eb(name, '>=', query), eb(name, '<', pastPrefix(query))])]))
    }
  }
  const oldest = input.sort === 'oldest'
  if (input.cursor) {
    const after = decodeCursor(input.cursor)
    const past = oldest ? '>' : '<'
    // the `<=` (`>=`) alone is what PostgreSQL reads as the index's range (the OR it only filters by)
    q = q
      .where('created_at', oldest ? '>=' : '<=', after.at)
      .where((eb) => eb.or([eb('created_at', past, after.at), eb.and([eb('created_at', '=', after.at), eb('order_number', past, after.number)])]))
  }
  const direction = oldest ? 'asc' : 'desc'
  const rows = await q
    .orderBy('created_at', direction)
    .orderBy('order_number', direction)
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  const pieces = await piecesOf(
    db,
    brandId,
    page.map((row) => row.order_number),
  )
  const last = page.at(-1)
  return {
    orders: page.map((row) => summaryOf(row, pieces.get(row.order_number) ?? 0, role)),
    next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
  }
}

const shippingAddress = (order: OrdersRow): AdminOrderAddress => ({
  name: order.shipping_name,
  company: order.shipping_company,
  address: order.shipping_address,
  address_2: order.shipping_address_2,
  city: order.shipping_city,
  state: order.shipping_state,
  zip: order.shipping_zip,
  country: order.shipping_country,
  phone: order.shipping_phone,
})

const billingAddress = (order: OrdersRow): AdminOrderAddress => ({
  name: order.billing_name,
  company: order.billing_company,
  address: order.billing_address,
  address_2: order.billing_address_2,
  city: order.billing_city,
  state: order.billing_state,
  zip: order.billing_zip,
  country: order.billing_country,
  phone: order.billing_phone,
})

/** An order of the brand, or a 404 (another brand's order is not found either). */
export async function readOrder(db: Kysely<Database>, brandId: string, orderNumber: string): Promise<OrdersRow & { status: OrderStatus }> {
  const order = await db.selectFrom('orders').selectAll().where('brand_id', '=', brandId).where('order_number', '=', orderNumber).executeTakeFirst()
  if (!order || !isOrderStatus(order.status)) throw notFound(`There is no order ${orderNumber} in this store.`)
  return { ...order, status: order.status }
}

/** Who made an entry, in words: a member of staff by their e-mail. */
function actorName(actor: string, staffEmails: Map<string, string>): string {
  if (actor.startsWith('staff:')) return staffEmails.get(actor.slice('staff:'.length)) ?? 'a member of staff'
  if (actor.startsWith('shopper')) return 'the shopper'
  if (actor.startsWith('carrier:')) return `the carrier (${actor.slice('carrier:'.length)})`
  if (actor.startsWith('payment:')) return 'the payment provider'
  if (actor.startsWith('job:')) return `the store (${actor.slice('job:'.length)})`
  return 'the store'
}

/** An entry in the operator's words: a note is its text, an internal reason is said. */
function describeForStaff(event: string, detail: OrderHistoryDetail & { text?: string; reason?: string }): string {
  if (event === 'note') return detail.text ?? ''
  const words = describeOrderEvent(event, detail)
  return detail.reason ? `${words} (reason: ${detail.reason})` : words
}

/** One order as the operator's order page shows it to this role. */
export async function getAdminOrder(db: Kysely<Database>, brandId: string, role: StaffRole, orderNumber: string): Promise<AdminOrder> {
  const order = await readOrder(db, brandId, orderNumber)
  const details = (await loadOrderDetails(db, brandId, [orderNumber], { shopperOnly: false })).get(orderNumber)!
  const staffIds = [...new Set(details.history.filter((entry) => entry.actor.startsWith('staff:')).map((entry) => entry.actor.slice('staff:'.length)))]
  const seesCustomer = role !== 'fulfilment'
  const [staff, shipment, customer, limit] = await Promise.all([
    staffIds.length > 0 ? db.selectFrom('staff').select(['id', 'email']).where('id', 'in', staffIds).execute() : Promise.resolve([]),
    db.selectFrom('shipments').select(['carrier', 'tracking_number']).where('order_number', '=', orderNumber).orderBy('shipped_at', 'desc').executeTakeFirst(),
    seesCustomer && order.customer_id
      ? db
          .selectFrom('customers')
          .select((eb) => [
            'id',
            'name',
            'email',
            eb
              .selectFrom('orders')
              .select(eb.fn.countAll<number | string>().as('n'))
              // a customer is of one brand: by the customer alone, through orders_customer (SQLite, with
              // no statistics, read every order of the brand through a brand_id index instead: 340 ms at 200,000)
              .where('orders.customer_id', '=', order.customer_id)
              .as('orders'),
          ])
          .where('brand_id', '=', brandId)
          .where('id', '=', order.customer_id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    role === 'support' ? supportRefundLimitCents(db, brandId) : Promise.resolve(undefined),
  ])
  const staffEmails = new Map(staff.map((member) => [member.id, member.email]))
  const ledger = ledgerTotals(details.payments)
  const refunded = refundedQuantities(details.refundLines)
  const email = (address: string) => (staffSeesEmails(role) ? address : maskEmail(address))
  const history: AdminOrderHistoryEntry[] = details.history.map((entry) => ({
    id: entry.id,
    at: entry.at,
    event: entry.event,
    status: entry.after_status,
    actor: staffSeesEmails(role) || !entry.actor.startsWith('staff:') ? actorName(entry.actor, staffEmails) : 'a member of staff',
    description: describeForStaff(entry.event, readJson<OrderHistoryDetail & { text?: string; reason?: string }>(entry.detail, {})),
    staff_only: entry.visible_to_shopper !== 1,
  }))
  const pieces = details.lines.reduce((sum, line) => sum + line.qty, 0)
  const limitCents = refundLimitCents(role, limit)
  return {
    ...summaryOf(order, pieces, role),
    subtotal: fromCents(order.subtotal_cents),
    discount: fromCents(order.discount_cents),
    shipping: fromCents(order.shipping_cents),
    tax: fromCents(order.tax_cents),
    paid: fromCents(ledger.paidCents),
    refunded: fromCents(ledger.refundedCents),
    shipping_method: order.shipping_method,
    shipping_address: shippingAddress(order),
    billing_address: seesCustomer ? billingAddress(order) : null,
    tracking: shipment ? { carrier: shipment.carrier, tracking_number: shipment.tracking_number } : null,
    lines: details.lines.map((line) => ({
      id: line.id,
      item_id: line.item_id,
      name: line.name,
      color: line.color,
      size: line.size,
      qty: line.qty,
      price: fromCents(line.price_cents),
      total: fromCents(line.total_cents),
      refunded_qty: refunded.get(line.id) ?? 0,
      final_sale: isFinalSale(line.discount_class),
    })),
    payments: details.payments.map((payment) => ({
      id: payment.id,
      kind: payment.kind,
      status: payment.status,
      amount: fromCents(payment.amount_cents),
      at: payment.created_at,
      card_brand: payment.card_brand,
      last4: payment.last4,
      reason: payment.reason,
      decline_reason: payment.decline_reason,
    })),
    history,
    customer: seesCustomer
      ? {
          id: customer?.id ?? null,
          email: email(customer?.email ?? order.email),
          name: customer?.name ?? order.billing_name,
          orders: customer ? Number(customer.orders) : 1,
        }
      : null,
    actions: staffOrderActions(order.status, role, ledger.paidCents - ledger.refundedCents),
    refund_limit: limitCents === null ? null : fromCents(limitCents),
  }
}

/** The packing slips of these orders of the brand, in the order asked; a number not found is a 404 naming it. */
export async function packingSlips(db: Kysely<Database>, brandId: string, numbers: string[]): Promise<PackingSlip[]> {
  const orders = await db.selectFrom('orders').selectAll().where('brand_id', '=', brandId).where('order_number', 'in', numbers).execute()
  const missing = numbers.filter((number) => !orders.some((order) => order.order_number === number))
  if (missing.length > 0) throw notFound(`There is no order ${missing.join(', ')} in this store.`)
  const lines = await db
    .selectFrom('order_lines')
    .select(['order_number', 'name', 'color', 'size', 'qty'])
    .where('brand_id', '=', brandId)
    .where('order_number', 'in', numbers)
    .where('cancelled', '=', 0)
    .orderBy('order_number')
    .orderBy('name')
    .execute()
  return numbers.map((number) => {
    const order = orders.find((candidate) => candidate.order_number === number)!
    return {
      order_number: number,
      placed_at: order.created_at,
      shipping_method: order.shipping_method,
      ship_to: shippingAddress(order),
      lines: lines.filter((line) => line.order_number === number).map(({ name, color, size, qty }) => ({ name, color, size, qty })),
    }
  })
}
