/**
 * What the reports count, in SQL that reads the same on SQLite and PostgreSQL: timestamps are ISO
 * text, so a day is its first ten characters and a period is a range of text. Counts come back
 * per group; reports.service.ts puts them together.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/** An order row that is not an order: an attempt that was never paid. */
export const NOT_AN_ORDER = ['pending_payment', 'declined', 'expired']

/** The period as ISO bounds: [start, end). */
export interface Bounds {
  start: string
  end: string
}

const day = sql<string>`substr(orders.created_at, 1, 10)`

export interface OrderSums {
  key: string
  orders: number
  gross_cents: number
}

/** Orders and what they sold (after discounts, before shipping and tax), by day or by brand. */
export async function orderSums(db: Kysely<Database>, brandIds: string[], bounds: Bounds, by: 'day' | 'brand'): Promise<OrderSums[]> {
  const key = by === 'day' ? day : sql<string>`orders.brand_id`
  const rows = await db
    .selectFrom('orders')
    .select([key.as('key'), (eb) => eb.fn.countAll<number>().as('orders'), sql<number>`sum(orders.subtotal_cents - orders.discount_cents)`.as('gross_cents')])
    .where('orders.brand_id', 'in', brandIds)
    .where('orders.created_at', '>=', bounds.start)
    .where('orders.created_at', '<', bounds.end)
    .where('orders.status', 'not in', NOT_AN_ORDER)
    .groupBy(key)
    .execute()
  return rows.map((row) => ({ key: row.key, orders: Number(row.orders), gross_cents: Number(row.gross_cents ?? 0) }))
}

/** Pieces sold, by day or by brand (lines the order kept: an offer's line taken back is not one). */
export async function unitSums(db: Kysely<Database>, brandIds: string[], bounds: Bounds, by: 'day' | 'brand'): Promise<Map<string, number>> {
  const key = by === 'day' ? day : sql<string>`orders.brand_id`
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', (join) => join.onRef('orders.order_number', '=', 'order_lines.order_number').onRef('orders.brand_id', '=', 'order_lines.brand_id'))
    .select([key.as('key'), sql<number>`sum(order_lines.qty)`.as('units')])
    .where('orders.brand_id', 'in', brandIds)
    .where('orders.created_at', '>=', bounds.start)
    .where('orders.created_at', '<', bounds.end)
    .where('orders.status', 'not in', NOT_AN_ORDER)
    .where('order_lines.cancelled', '=', 0)
    .groupBy(key)
    .execute()
  return new Map(rows.map((row) => [row.key, Number(row.units ?? 0)]))
}

/** Money given back by refunds made in the period, by the day of the refund or by brand. */
export async function refundSums(db: Kysely<Database>, brandIds: string[], bounds: Bounds, by: 'day' | 'brand'): Promise<Map<string, number>> {
  const key = by === 'day' ? sql<string>`substr(payments.created_at, 1, 10)` : sql<string>`payments.brand_id`
  const rows = await db
    .selectFrom('payments')
    .select([key.as('key'), sql<number>`sum(payments.amount_cents)`.as('cents')])
    .where('payments.brand_id', 'in', brandIds)
    .where('payments.kind', '=', 'refund')
    .where('payments.status', '=', 'succeeded')
    .where('payments.created_at', '>=', bounds.start)
    .where('payments.created_at', '<', bounds.end)
    .groupBy(key)
    .execute()
  return new Map(rows.map((row) => [row.key, Number(row.cents ?? 0)]))
}

export interface ItemSums {
  item_id: number
  name: string
  color: string
  orders: number
  units: number
  gross_cents: number
}

/** What each item sold in the period: orders it was in, pieces, money after the line's discount. */
export async function itemSums(db: Kysely<Database>, brandId: string, bounds: Bounds): Promise<ItemSums[]> {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', (join) => join.onRef('orders.order_number', '=', 'order_lines.order_number').onRef('orders.brand_id', '=', 'order_lines.brand_id'))
    .innerJoin('items', 'items.id', 'order_lines.item_id')
    .select([
      'order_lines.item_id',
      'items.name',
      'items.color',
      sql<number>`count(distinct order_lines.order_number)`.as('orders'),
      sql<number>`sum(order_lines.qty)`.as('units'),
      sql<number>`sum(order_lines.total_cents - order_lines.discount_cents)`.as('gross_cents'),
    ])
    .where('orders.brand_id', '=', brandId)
    .where('orders.created_at', '>=', bounds.start)
    .where('orders.created_at', '<', bounds.end)
    .where('orders.status', 'not in', NOT_AN_ORDER)
    .where('order_lines.cancelled', '=', 0)
    .groupBy(['order_lines.item_id', 'items.name', 'items.color'])
    .execute()
  return rows.map((row) => ({
    item_id: row.item_id,
    name: row.name,
    color: row.color,
    orders: Number(row.orders),
    units: Number(row.units ?? 0),
    gross_cents: Number(row.gross_cents ?? 0),
  }))
}

/** Refunded money per item, of the refunds made in the period that named their lines. */
export async function itemRefunds(db: Kysely<Database>, brandId: string, bounds: Bounds): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('refund_lines')
    .innerJoin('payments', 'payments.id', 'refund_lines.payment_id')
    .innerJoin('order_lines', 'order_lines.id', 'refund_lines.order_line_id')
    .select(['order_lines.item_id', sql<number>`sum(refund_lines.amount_cents)`.as('cents')])
    .where('refund_lines.brand_id', '=', brandId)
    .where('payments.status', '=', 'succeeded')
    .where('payments.created_at', '>=', bounds.start)
    .where('payments.created_at', '<', bounds.end)
    .groupBy('order_lines.item_id')
    .execute()
  return new Map(rows.map((row) => [row.item_id, Number(row.cents ?? 0)]))
}

/**
 * The category each item that sold in the period is reported under: the first of the brand's
 * categories it is filed in (the store's menu order), so each sale counts once and the categories
 * add up to the whole.
 */
export async function mainCategories(db: Kysely<Database>, brandId: string, bounds: Bounds): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('item_categories')
    .innerJoin('categories', 'categories.id', 'item_categories.category_id')
    .select(['item_categories.item_id', 'categories.title', 'categories.position', 'categories.id'])
    .where('item_categories.brand_id', '=', brandId)
    .where('item_categories.item_id', 'in', (eb) =>
      eb
        .selectFrom('order_lines')
        .innerJoin('orders', (join) => join.onRef('orders.order_number', '=', 'order_lines.order_number').onRef('orders.brand_id', '=', 'order_lines.brand_id'))
        .select('order_lines.item_id')
        .where('orders.brand_id', '=', brandId)
        .where('orders.created_at', '>=', bounds.start)
        .where('orders.created_at', '<', bounds.end),
    )
    .orderBy('categories.position')
    .orderBy('categories.id')
    .execute()
  const main = new Map<number, string>()
  for (const row of rows) if (!main.has(row.item_id)) main.set(row.item_id, row.title)
  return main
}

export interface FunnelCounts {
  checkout_started: number
  paid: number
  gross_cents: number
  bump_taken: number
  offer_taken: number
}

/**
 * The checkout funnel of the period: visitors who started a checkout (the storefront's
 * 'Checkout Started' event, kept by the embedded analytics sink), orders paid through the
 * checkout (not the club's monthly boxes), and of those, the ones with an order bump's line (the
 * bump's item at the bump's price) and the ones with a one-time offer's line.
 */
export async function funnelCounts(db: Kysely<Database>, brandId: string, bounds: Bounds): Promise<FunnelCounts> {
  const paidOrders = db
    .selectFrom('orders')
    .where('orders.brand_id', '=', brandId)
    .where('orders.created_at', '>=', bounds.start)
    .where('orders.created_at', '<', bounds.end)
    .where('orders.status', 'not in', NOT_AN_ORDER)
    .where('orders.membership_id', 'is', null)
  const [started, paid, bumps, offers] = await Promise.all([
    db
      .selectFrom('analytics_events')
      .select(sql<number>`count(distinct visitor_id)`.as('n'))
      .where('brand_id', '=', brandId)
      .where('name', '=', 'Checkout Started')
      .where('created_at', '>=', bounds.start)
      .where('created_at', '<', bounds.end)
      .executeTakeFirst(),
    paidOrders.select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(orders.subtotal_cents - orders.discount_cents)`.as('gross_cents')]).executeTakeFirst(),
    paidOrders
      .innerJoin('order_lines', (join) => join.onRef('order_lines.order_number', '=', 'orders.order_number').onRef('order_lines.brand_id', '=', 'orders.brand_id'))
      .innerJoin('order_bumps', (join) =>
        join
          .onRef('order_bumps.brand_id', '=', 'orders.brand_id')
          .onRef('order_bumps.item_id', '=', 'order_lines.item_id')
          .onRef('order_bumps.price_cents', '=', 'order_lines.price_cents'),
      )
      .select(sql<number>`count(distinct orders.order_number)`.as('n'))
      .executeTakeFirst(),
    paidOrders
      .innerJoin('order_lines', (join) => join.onRef('order_lines.order_number', '=', 'orders.order_number').onRef('order_lines.brand_id', '=', 'orders.brand_id'))
      .select(sql<number>`count(distinct orders.order_number)`.as('n'))
      .where('order_lines.offer_id', 'is not', null)
      .where('order_lines.cancelled', '=', 0)
      .executeTakeFirst(),
  ])
  return {
    checkout_started: Number(started?.n ?? 0),
    paid: Number(paid?.n ?? 0),
    gross_cents: Number(paid?.gross_cents ?? 0),
    bump_taken: Number(bumps?.n ?? 0),
    offer_taken: Number(offers?.n ?? 0),
  }
}

export interface LowSize {
  item_id: number
  name: string
  color: string
  size: string
  stock: number
}

/** The sizes of published items with `threshold` pieces or fewer, fewest first (at most `limit`). */
export async function lowSizes(db: Kysely<Database>, brandId: string, threshold: number, limit: number): Promise<LowSize[]> {
  return db
    .selectFrom('item_sizes')
    .innerJoin('items', 'items.id', 'item_sizes.item_id')
    .select(['item_sizes.item_id', 'items.name', 'items.color', 'item_sizes.size', 'item_sizes.stock'])
    .where('item_sizes.brand_id', '=', brandId)
    .where('item_sizes.stock', '<=', threshold)
    .where('items.active', '=', 1)
    .orderBy('item_sizes.stock')
    .orderBy('item_sizes.item_id')
    .orderBy('item_sizes.position')
    .limit(limit)
    .execute()
}

/** Pieces of these items sold since `since`, per item and size ('12:M'). */
export async function soldSince(db: Kysely<Database>, brandId: string, itemIds: number[], since: string): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', (join) => join.onRef('orders.order_number', '=', 'order_lines.order_number').onRef('orders.brand_id', '=', 'order_lines.brand_id'))
    .select(['order_lines.item_id', 'order_lines.size', sql<number>`sum(order_lines.qty)`.as('units')])
    .where('orders.brand_id', '=', brandId)
    .where('order_lines.item_id', 'in', itemIds)
    .where('orders.created_at', '>=', since)
    .where('orders.status', 'not in', NOT_AN_ORDER)
    .where('order_lines.cancelled', '=', 0)
    .groupBy(['order_lines.item_id', 'order_lines.size'])
    .execute()
  return new Map(rows.map((row) => [`${row.item_id}:${row.size}`, Number(row.units ?? 0)]))
}

/** The brands where this member of staff may read reports (a role there that is not suspended). */
export async function reportBrands(db: Kysely<Database>, staffId: string): Promise<{ id: string; name: string; role: string }[]> {
  return db
    .selectFrom('staff_brand_roles')
    .innerJoin('brands', 'brands.id', 'staff_brand_roles.brand_id')
    .select(['brands.id', 'brands.name', 'staff_brand_roles.role'])
    .where('staff_brand_roles.staff_id', '=', staffId)
    .where('staff_brand_roles.suspended', '=', 0)
    .orderBy('brands.id')
    .execute()
}
