/** The operator's promotions and split tests (DESIGN §8, docs/admin-promotions.md): answers of /api/admin/promotions and /api/admin/experiments. */

import type { OneTimeOffer } from './checkout.ts'

/** How a promotion sells: shown (pages that offered it, where that is recorded), taken (orders), revenue (dollars). */
export interface PromotionSales {
  /** times it was offered (a page view of its page); null where the store does not record it (a typed code) */
  shown: number | null
  /** orders that took it */
  taken: number
  /** what those orders (or the offer's own lines) brought in, in dollars */
  revenue: number
}

/** A discount code as the operator lists and edits it: money in dollars, dates as ISO date-times. */
export interface AdminDiscountCode {
  id: string
  code: string
  name: string
  info: string | null
  bullets: string[]
  details: string | null
  kind: 'percentage' | 'amount'
  percentage: number
  amount: number
  included_classes: string[]
  excluded_classes: string[]
  minimum_order: number
  club_only: boolean
  first_order_only: boolean
  one_per_customer: boolean
  starts_at: string | null
  ends_at: string | null
  max_uses: number | null
  /** orders placed with it that count (being paid, paid or on their way) */
  uses: number
  /** 'running', 'scheduled' (starts later), 'ended' (its end passed, used up, or ended by hand) */
  status: 'running' | 'scheduled' | 'ended'
  sales: PromotionSales
}

/** An order bump as the operator edits it (SPEC §3), with its item and how it sells. */
export interface AdminOrderBump {
  id: string
  item_id: number
  item_name: string
  headline: string
  text_copy: string
  short_item_name: string
  price: number
  position: number
  sales: PromotionSales
}

/** A bundle offer as the operator edits it (SPEC §3: '3 for $75' over the pieces of its categories), with how it sells. */
export interface AdminBundleOffer {
  id: string
  /** the offer's name on the cart and the order (SPEC §3 offer_id) */
  offer_id: string
  categories: string[]
  how_many: number
  /** what how_many pieces cost together, in dollars */
  price: number
  sales: PromotionSales
}

/**
 * A social-media special as the operator edits it (SPEC §3), its landing at `permalink`. A special
 * priced $0 is a free gift (SPEC §4 free-leggings, free-underwear).
 */
export interface AdminSocialMediaSpecial {
  id: string
  permalink: string
  landing_page_headline: string
  free_shipping: boolean
  main_item_description: string
  /** null: the special has ended (its landing says so) */
  item_id: number | null
  item_name: string | null
  price: number
  free_gift: boolean
  split_test_no_lander: boolean
  split_test_landers: string[]
  landers: { id: string; headline: string; image: string }[]
  sales: PromotionSales
}

/** A split test as the operator lists it. */
export interface AdminSplitTest {
  name: string
  variants: string[]
  /** the brands where a test of this name is defined (each runs and counts on its own) */
  brands: string[]
  /** per variant, in the variants' order, adding up to 100 */
  split: number[]
  status: 'draft' | 'running' | 'stopped'
  started_at: string | null
  stopped_at: string | null
  visitors: number
}

/** One variant's results (DESIGN §8: value, visitors, orders, conversion, revenue_per_visitor, interval). */
export interface SplitTestVariantResult {
  value: string
  visitors: number
  /** visitors with at least one order */
  converted: number
  orders: number
  /** converted / visitors, 0..1 */
  conversion: number
  /** 95% interval of the conversion (Wilson score) */
  interval: { low: number; high: number }
  club_joins: number
  club_join_rate: number
  revenue: number
  revenue_per_visitor: number
  revenue_per_visitor_interval: { low: number; high: number }
  average_order_value: number
}

/** A variant against the first (the control): the difference in conversion and in revenue per visitor, and whether it is more than chance. */
export interface SplitTestComparison {
  value: string
  against: string
  conversion_difference: number
  conversion_difference_interval: { low: number; high: number }
  conversion_p_value: number
  revenue_per_visitor_difference: number
  revenue_per_visitor_p_value: number
  significant: boolean
  statement: string
}

export interface SplitTestResults {
  name: string
  status: AdminSplitTest['status']
  confidence: number
  variants: SplitTestVariantResult[]
  comparisons: SplitTestComparison[]
  /** one plain sentence: which variant leads, and whether the difference is significant */
  summary: string
}

/** A one-time offer as the operator edits it (SPEC §3, all its fields, as the shopper's page reads them), with its place and how it sells. */
export interface AdminOneTimeOffer extends Omit<OneTimeOffer, 'choices' | 'next'> {
  position: number
  sales: PromotionSales
}
