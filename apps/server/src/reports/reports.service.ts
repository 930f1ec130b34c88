/**
 * The operator's reports (issue 36 item 6, docs/admin-reports.md): sales by day, category, item
 * and brand; the checkout funnel with its take rates; sizes running out. Each is also a CSV.
 * Figures are of the request's brand (by brand: of every brand where the member of staff reads
 * reports), in dollars.
 */
import {
  averageOrderCents,
  dayAfter,
  daysOf,
  daysOfCover,
  fromCents,
  isStaffRole,
  reportPeriod,
  staffMay,
  takeRate,
  type FunnelReport,
  type LowStockReport,
  type ReportPeriod,
  type SalesReport,
  type SalesRow,
} from '@store/core'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { badRequest } from '../http/errors.ts'
import { funnelCounts, itemRefunds, itemSums, lowSizes, mainCategories, orderSums, refundSums, reportBrands, soldSince, unitSums, type Bounds } from './reports.queries.ts'

const DAY_MS = 86_400_000

export interface ReportScope {
  db: Kysely<Database>
  brandId: string
  staffId: string
  now: Date
}

/** The period asked for (the last 30 days without dates), or a 400 that names the field. */
function periodOf(query: { from?: string; to?: string }, now: Date): { period: ReportPeriod; bounds: Bounds } {
  const period = reportPeriod(query.from, query.to, now)
  if (!period.ok) throw badRequest(period.message, period.field)
  return { period: { from: period.from, to: period.to }, bounds: { start: `${period.from}T00:00:00.000Z`, end: dayAfter(period.to) } }
}

interface Sums {
  orders: number
  units: number
  gross_cents: number
  refunds_cents: number
}

function row(key: string, label: string, sums: Sums): SalesRow {
  return {
    key,
    label,
    orders: sums.orders,
    units: sums.units,
    gross: fromCents(sums.gross_cents),
    refunds: fromCents(sums.refunds_cents),
    net: fromCents(sums.gross_cents - sums.refunds_cents),
    average_order_value: fromCents(averageOrderCents(sums.gross_cents, sums.orders)),
  }
}

function totalsOf(rows: Sums[]): SalesReport['totals'] {
  const sum = rows.reduce<Sums>(
    (total, r) => ({
      orders: total.orders + r.orders,
      units: total.units + r.units,
      gross_cents: total.gross_cents + r.gross_cents,
      refunds_cents: total.refunds_cents + r.refunds_cents,
    }),
    { orders: 0, units: 0, gross_cents: 0, refunds_cents: 0 },
  )
  const { key: _key, label: _label, ...totals } = row('', '', sum)
  return totals
}

export async function salesReport(scope: ReportScope, query: { from?: string; to?: string; by: SalesReport['by'] }): Promise<SalesReport> {
  const { period, bounds } = periodOf(query, scope.now)
  const sums = query.by === 'day' || query.by === 'brand' ? await sumsByDayOrBrand(scope, bounds, query.by, period) : await sumsByItemOrCategory(scope, bounds, query.by)
  return { period, by: query.by, rows: sums.map(({ key, label, ...s }) => row(key, label, s)), totals: totalsOf(sums) }
}

type LabelledSums = Sums & { key: string; label: string }

async function sumsByDayOrBrand(scope: ReportScope, bounds: Bounds, by: 'day' | 'brand', period: ReportPeriod): Promise<LabelledSums[]> {
  const brands = by === 'brand' ? (await reportBrands(scope.db, scope.staffId)).filter((brand) => isStaffRole(brand.role) && staffMay(brand.role, 'reports.view')) : []
  const brandIds = by === 'brand' ? brands.map((brand) => brand.id) : [scope.brandId]
  if (brandIds.length === 0) return []
  const [orders, units, refunds] = await Promise.all([
    orderSums(scope.db, brandIds, bounds, by),
    unitSums(scope.db, brandIds, bounds, by),
    refundSums(scope.db, brandIds, bounds, by),
  ])
  const byKey = new Map(orders.map((o) => [o.key, o]))
  // every day of the period (a day without sales is a row of zeros), every brand granted
  const keys = by === 'day' ? daysOf(period.from, period.to) : brandIds
  const names = new Map(brands.map((brand) => [brand.id, brand.name]))
  return keys.map((key) => ({
    key,
    label: by === 'day' ? key : (names.get(key) ?? key),
    orders: byKey.get(key)?.orders ?? 0,
    units: units.get(key) ?? 0,
    gross_cents: byKey.get(key)?.gross_cents ?? 0,
    refunds_cents: refunds.get(key) ?? 0,
  }))
}

async function sumsByItemOrCategory(scope: ReportScope, bounds: Bounds, by: 'item' | 'category'): Promise<LabelledSums[]> {
  const [items, refunds, categories] = await Promise.all([
    itemSums(scope.db, scope.brandId, bounds),
    itemRefunds(scope.db, scope.brandId, bounds),
    by === 'category' ? mainCategories(scope.db, scope.brandId, bounds) : Promise.resolve(new Map<number, string>()),
  ])
  const rows: LabelledSums[] =
    by === 'item'
      ? items.map((item) => ({
          key: String(item.item_id),
          label: `${item.name} (${item.color})`,
          orders: item.orders,
          units: item.units,
          gross_cents: item.gross_cents,
          refunds_cents: refunds.get(item.item_id) ?? 0,
        }))
      : groupByCategory(items, refunds, categories)
  return rows.sort((a, b) => b.gross_cents - a.gross_cents || a.label.localeCompare(b.label))
}

/** Items summed under their main category; an order with pieces of two items of one category counts once per item (orders are per item here, as Shopify's are per product). */
function groupByCategory(items: Awaited<ReturnType<typeof itemSums>>, refunds: Map<number, number>, categories: Map<number, string>): LabelledSums[] {
  const groups = new Map<string, LabelledSums>()
  for (const item of items) {
    const name = categories.get(item.item_id) ?? 'Not in a category'
    const group = groups.get(name) ?? { key: name, label: name, orders: 0, units: 0, gross_cents: 0, refunds_cents: 0 }
    group.orders += item.orders
    group.units += item.units
    group.gross_cents += item.gross_cents
    group.refunds_cents += refunds.get(item.item_id) ?? 0
    groups.set(name, group)
  }
  return [...groups.values()]
}

export async function funnelReport(scope: ReportScope, query: { from?: string; to?: string }): Promise<FunnelReport> {
  const { period, bounds } = periodOf(query, scope.now)
  const counts = await funnelCounts(scope.db, scope.brandId, bounds)
  return {
    period,
    checkout_started: counts.checkout_started,
    paid: counts.paid,
    bump_taken: counts.bump_taken,
    offer_taken: counts.offer_taken,
    paid_rate: takeRate(counts.paid, counts.checkout_started),
    bump_rate: takeRate(counts.bump_taken, counts.paid),
    offer_rate: takeRate(counts.offer_taken, counts.paid),
    average_order_value: fromCents(averageOrderCents(counts.gross_cents, counts.paid)),
  }
}

/** Sizes with `threshold` pieces or fewer, the ones that run out soonest at the last 30 days' pace first. */
export async function lowStockReport(scope: ReportScope, query: { threshold: number; limit: number }): Promise<LowStockReport> {
  const low = await lowSizes(scope.db, scope.brandId, query.threshold, query.limit)
  const since = new Date(scope.now.getTime() - 30 * DAY_MS).toISOString()
  const sold = await soldSince(scope.db, scope.brandId, [...new Set(low.map((size) => size.item_id))], since)
  const rows = low.map((size) => {
    const sold30 = sold.get(`${size.item_id}:${size.size}`) ?? 0
    return {
      item_id: size.item_id,
      name: size.name,
      color: size.color,
      size: size.size,
      stock: size.stock,
      sold_30_days: sold30,
      days_of_cover: size.stock === 0 ? 0 : daysOfCover(size.stock, sold30),
    }
  })
  // soonest out first; what does not sell (no pace) last
  rows.sort((a, b) => (a.days_of_cover ?? Number.POSITIVE_INFINITY) - (b.days_of_cover ?? Number.POSITIVE_INFINITY) || a.stock - b.stock || a.item_id - b.item_id)
  return { threshold: query.threshold, rows }
}
