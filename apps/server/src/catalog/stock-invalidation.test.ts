import { afterEach, describe, expect, it, vi } from 'vitest'
import { emitStockChanged } from '../checkout/stock-events.ts'
import { invalidateOnStockChange, STOCK_INVALIDATION_GAP_MS } from './stock-invalidation.ts'

describe('caches follow stock changes', () => {
  afterEach(() => vi.useRealTimers())

  it("drops the brand's pages and catalogue at once, then at most once per gap", () => {
    vi.useFakeTimers()
    const dropped: string[] = []
    const stop = invalidateOnStockChange({
      clear: (brand) => dropped.push(brand),
      now: () => Date.now(),
    })
    emitStockChanged({ brandId: 'ckb', itemIds: [2001] })
    expect(dropped).toEqual(['ckb'])
    // a burst of orders within the gap: one more drop at its end
    emitStockChanged({ brandId: 'ckb', itemIds: [2001] })
    emitStockChanged({ brandId: 'ckb', itemIds: [2002] })
    expect(dropped).toHaveLength(1)
    vi.advanceTimersByTime(STOCK_INVALIDATION_GAP_MS)
    expect(dropped).toEqual(['ckb', 'ckb'])
    // another brand is its own
    emitStockChanged({ brandId: 'glow', itemIds: [3001] })
    expect(dropped.slice(-1)).toEqual(['glow'])
    stop()
    vi.advanceTimersByTime(STOCK_INVALIDATION_GAP_MS * 2)
    emitStockChanged({ brandId: 'ckb', itemIds: [2001] })
    expect(dropped).toHaveLength(3)
  })
})
