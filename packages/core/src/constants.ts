/** Business constants and limits (SPEC §4 flow types, §9). */

export const FLOW_TYPES = ['free_flow', 'vip_flow', 'checkout_club_flow'] as const
export type FlowType = (typeof FLOW_TYPES)[number]

/** Offer codes: csr (clearance), ms (main site), cb (club), cbv2 (club, second version). */
export const OFFER_CODES = ['csr', 'ms', 'cb', 'cbv2'] as const
export type OfferCode = (typeof OFFER_CODES)[number]

export const FREE_GIFT_TYPES = ['free-leggings', 'free-underwear'] as const
export type FreeGiftType = (typeof FREE_GIFT_TYPES)[number]

/** Offer prices in dollars: clearance (CSR), main site, club. */
export const OFFER_PRICES = { clearance: 29.99, main: 39.99, club: 24.99 } as const
export type OfferKind = keyof typeof OFFER_PRICES

/** Discount code per offer: 10First (CSR), First15 (main site), Lock5 (club). */
export const DISCOUNT_CODES = { clearance: '10First', main: 'First15', club: 'Lock5' } as const satisfies Record<OfferKind, string>

export const MAX_CUSTOMER_IMAGES = 42
export const HISTORY_SIZE = 5
/** The cookie of a shopper who opted out of data sale ('1'): no third-party analytics or pixel data (SPEC §9). */
export const DO_NOT_SELL_COOKIE = 'do_not_sell'
/** Do-not-sell cookie lifetime: 10 years. */
export const DO_NOT_SELL_COOKIE_DAYS = 3650
export const PIXEL_TIMEOUT_MS = 12000
export const API_TIMEOUT_MS = 60000
export const GET_RETRIES = 2
export const SCROLL_RESET_DELAY_MS = 100
export const SMOOTH_SCROLL_MS = 500
/** Scroll depth checkpoints, in percent. */
export const SCROLL_CHECKPOINTS = [25, 50, 75, 100] as const
/** On a form error, scroll to the first named field with this offset (SPEC §5). */
export const FORM_ERROR_SCROLL_OFFSET_PX = 60

export const ERROR_TRACE_SAMPLE_RATE = 0.05
export const SESSION_RECORDING_RATE = 0.02
export const HEATMAP_ENABLED = true
export const AUTOMATIC_PAGE_VIEWS = false

export interface SplitTestDefinition {
  variants: readonly string[]
  brands: readonly string[]
}

export const SPLIT_TESTS = {
  Vip4sh: { variants: ['Control', '4sh'], brands: ['popfitclothing', 'ckb'] },
} as const satisfies Record<string, SplitTestDefinition>
export type SplitTestName = keyof typeof SPLIT_TESTS

export const ANALYTICS_DEFAULTS = {
  batchSize: 50,
  flushIntervalMs: 5000,
  batchTimeoutMs: 90000,
  cookieDays: 365,
  linkTrackingTimeoutMs: 300,
  idleTimeoutMs: 30 * 60 * 1000,
} as const

/** Product grid: widths (px) where the column count changes. */
export const GRID_BREAKPOINTS = [0, 640, 768, 1024] as const
/** Product grid: columns at each breakpoint, per layout. */
export const GRID_COLUMNS = {
  '1x1': [1, 2, 3, 4],
  'catch-all': [2, 3, 4, 5],
} as const
export type GridLayout = keyof typeof GRID_COLUMNS

/** Columns of a product grid at a viewport width. */
export function gridColumns(layout: GridLayout, width: number): number {
  const columns = GRID_COLUMNS[layout]
  let result: number = columns[0]
  GRID_BREAKPOINTS.forEach((bp, i) => {
    const c = columns[i]
    if (width >= bp && c !== undefined) result = c
  })
  return result
}

/** Error reporting ignores this message (SPEC §8). */
export const IGNORED_ERROR_MESSAGE = 'Non-Error promise rejection captured with value: Object Not Found Matching Id'
