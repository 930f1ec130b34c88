import { describe, it, expect } from 'vitest'
import {
  ANALYTICS_DEFAULTS,
  API_TIMEOUT_MS,
  DISCOUNT_CODES,
  DO_NOT_SELL_COOKIE_DAYS,
  ERROR_TRACE_SAMPLE_RATE,
  FLOW_TYPES,
  FREE_GIFT_TYPES,
  GET_RETRIES,
  GRID_BREAKPOINTS,
  GRID_COLUMNS,
  HISTORY_SIZE,
  IGNORED_ERROR_MESSAGE,
  MAX_CUSTOMER_IMAGES,
  OFFER_CODES,
  OFFER_PRICES,
  PIXEL_TIMEOUT_MS,
  SCROLL_CHECKPOINTS,
  SCROLL_RESET_DELAY_MS,
  SESSION_RECORDING_RATE,
  SMOOTH_SCROLL_MS,
  SPLIT_TESTS,
  gridColumns,
} from './constants.ts'

describe('constants of SPEC §9', () => {
  it('offers', () => {
    expect(OFFER_PRICES).toEqual({ clearance: 29.99, main: 39.99, club: 24.99 })
    expect(DISCOUNT_CODES).toEqual({ clearance: '10First', main: 'First15', club: 'Lock5' })
    expect(FLOW_TYPES).toEqual(['free_flow', 'vip_flow', 'checkout_club_flow'])
    expect(OFFER_CODES).toEqual(['csr', 'ms', 'cb', 'cbv2'])
    expect(FREE_GIFT_TYPES).toEqual(['free-leggings', 'free-underwear'])
  })
  it('limits and timings', () => {
    expect(MAX_CUSTOMER_IMAGES).toBe(42)
    expect(HISTORY_SIZE).toBe(5)
    expect(DO_NOT_SELL_COOKIE_DAYS).toBe(3650)
    expect(PIXEL_TIMEOUT_MS).toBe(12000)
    expect(API_TIMEOUT_MS).toBe(60000)
    expect(GET_RETRIES).toBe(2)
    expect(SCROLL_RESET_DELAY_MS).toBe(100)
    expect(SMOOTH_SCROLL_MS).toBe(500)
    expect(SCROLL_CHECKPOINTS).toEqual([25, 50, 75, 100])
    expect(ERROR_TRACE_SAMPLE_RATE).toBe(0.05)
    expect(SESSION_RECORDING_RATE).toBe(0.02)
  })
  it('split test and analytics', () => {
    expect(SPLIT_TESTS.Vip4sh).toEqual({ variants: ['Control', '4sh'], brands: ['popfitclothing', 'ckb'] })
    expect(ANALYTICS_DEFAULTS).toEqual({
      batchSize: 50,
      flushIntervalMs: 5000,
      batchTimeoutMs: 90000,
      cookieDays: 365,
      linkTrackingTimeoutMs: 300,
      idleTimeoutMs: 1800000,
    })
    expect(IGNORED_ERROR_MESSAGE).toBe('Non-Error promise rejection captured with value: Object Not Found Matching Id')
  })
})

describe('product grid', () => {
  it('has 1-4 columns on 1x1 and 2-5 on catch-all at 0, 640, 768, 1024', () => {
    expect(GRID_BREAKPOINTS).toEqual([0, 640, 768, 1024])
    expect(GRID_COLUMNS).toEqual({ '1x1': [1, 2, 3, 4], 'catch-all': [2, 3, 4, 5] })
    expect([0, 639, 640, 767, 768, 1023, 1024, 1920].map((w) => gridColumns('1x1', w))).toEqual([1, 1, 2, 2, 3, 3, 4, 4])
    expect([320, 700, 800, 1280].map((w) => gridColumns('catch-all', w))).toEqual([2, 3, 4, 5])
  })
})
