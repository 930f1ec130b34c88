/** The operator's reports (issue 36 item 6): answers of /api/admin/reports/* shared by the server and the operator's app. Money in dollars. */

/** The period a report covers: calendar days (UTC), both inclusive. */
export interface ReportPeriod {
  from: string
  to: string
}

/** Sales of one day, category, item or brand: orders placed (paid and kept or not), pieces, money. */
export interface SalesRow {
  /** the day ('2026-11-29'), the category's name, the item's id or the brand's id */
  key: string
  label: string
  orders: number
  units: number
  /** what was sold, after discounts, before shipping and tax */
  gross: number
  /** given back by refunds made in the period (by day and brand; per category and item, the refunded pieces) */
  refunds: number
  net: number
  /** gross over orders (0 without orders) */
  average_order_value: number
}

export interface SalesReport {
  period: ReportPeriod
  by: 'day' | 'category' | 'item' | 'brand'
  rows: SalesRow[]
  totals: Omit<SalesRow, 'key' | 'label'>
}

/** The checkout funnel: how many shoppers reach each step, and the take rate of each (0..1, null when nobody reached the step before). */
export interface FunnelReport {
  period: ReportPeriod
  checkout_started: number
  paid: number
  bump_taken: number
  offer_taken: number
  paid_rate: number | null
  bump_rate: number | null
  offer_rate: number | null
  average_order_value: number
}

/** One size running out: its stock, how fast it sold in the last 30 days, and how many days that lasts. */
export interface LowStockRow {
  item_id: number
  name: string
  color: string
  size: string
  stock: number
  sold_30_days: number
  /** days until it runs out at the last 30 days' pace; null when none sold (it lasts) */
  days_of_cover: number | null
}

export interface LowStockReport {
  threshold: number
  rows: LowStockRow[]
}
