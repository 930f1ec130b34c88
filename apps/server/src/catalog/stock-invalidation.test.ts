import { afterEach, describe, expect, it, vi } from 'vitest'
import { emitStockChanged } from '../checkout/stock-events.ts'
import { invalidateOnStockChange, STOCK_INVALIDATION_GAP_MS } from './stock-invalidation.ts'

describe('caches follow stock changes', () => {
  afterEach(() => vi.useRealTimers())

  it("drops the brand's pages and catalogue at once, then at most once per gap", () => {
    vi.useFakeTimers()
    const dropped: string[] = []
    const stop = invalidateOnStockChange({
      clearPages: (brand) => dropped.push(`pages:${brand}`),
      clearCatalog: (brand) => dropped.push(`catalog:${brand}`),
      now: () => Date.now(),
    })
    emitStockChanged({ brandId: 'ckb', itemIds: [2001] })
    expect(dropped).toEqual(['catalog:ckb', 'pages:ckb'])
    // a burst of orders within the gap: one more drop at its end
    emitStockChanged({ brandId: 'ckb', itemIds: [2001] })
    emitStockChanged({ brandId: 'ckb', itemIds: [2002] })
    expect(dropped).toHaveLength(2)
    vi.advanceTimersByTime(STOCK_INVALIDATION_GAP_MS)
    expect(dropped).toEqual(['catalog:ckb', 'pages:ckb', 'catalog:ckb', 'pages:ckb'])
    // another brand is its own
    emitStockChanged({ brandId: 'glow', itemIds: [3001] })
    expect(dropped.slice(-2)).toEqual(['catalog:glow', 'pages:glow'])
    stop()
    vi.advanceTimersByTime(STOCK_INVALIDATION_GAP_MS * 2)
    emitStockChanged({ brandId: 'ckb', itemIds: [2001] })
    expect(dropped).toHaveLength(6)
  })
})
