/**
 * What pages and catalogue answers show of stock follows checkout: when a
 * checkout takes pieces or gives them back (checkout/stock-events.ts), the
 * brand's cached catalogue answers and anonymous pages are dropped, so a size
 * that sold out stops being offered within moments instead of the caches' 30 s.
 * A busy store would drop them on every order; at most one drop per brand per
 * STOCK_INVALIDATION_GAP_MS keeps the caches useful (the cart and checkout read
 * stock from the database themselves and stay the authority).
 */
import { onStockChanged } from '../checkout/stock-events.ts'

export const STOCK_INVALIDATION_GAP_MS = 5_000

export interface StockInvalidationTargets {
  /** drops the brand's cached catalogue answers and anonymous pages */
  clear(brandId: string): void
  now?(): number
}

/** Subscribes the caches to stock changes; returns the unsubscribe function. */
export function invalidateOnStockChange(targets: StockInvalidationTargets): () => void {
  const now = targets.now ?? Date.now
  const lastDrop = new Map<string, number>()
  const pending = new Map<string, ReturnType<typeof setTimeout>>()

  const drop = (brandId: string) => {
    lastDrop.set(brandId, now())
    targets.clear(brandId)
  }

  const unsubscribe = onStockChanged(({ brandId }) => {
    const since = now() - (lastDrop.get(brandId) ?? -Infinity)
    if (since >= STOCK_INVALIDATION_GAP_MS) {
      drop(brandId)
      return
    }
    // within the gap: one drop at its end covers every change until then
    if (!pending.has(brandId)) {
      const timer = setTimeout(() => {
        pending.delete(brandId)
        drop(brandId)
      }, STOCK_INVALIDATION_GAP_MS - since)
      timer.unref()
      pending.set(brandId, timer)
    }
  })
  return () => {
    unsubscribe()
    for (const timer of pending.values()) clearTimeout(timer)
    pending.clear()
  }
}
