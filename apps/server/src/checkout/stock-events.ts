/**
 * Stock changed: a checkout took pieces, or gave them back. Whoever caches
 * pages or catalogue answers with stock in them listens here and drops what
 * is stale (the wiring lives with the cache, not here). Listeners run after
 * the change is committed; one that throws is logged by the caller's
 * try/catch, never failing the checkout.
 */
export interface StockChange {
  brandId: string
  /** the item ids whose sizes changed */
  itemIds: number[]
}

type Listener = (change: StockChange) => void

const listeners = new Set<Listener>()

/** Subscribes to stock changes; returns the unsubscribe function. */
export function onStockChanged(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function emitStockChanged(change: StockChange, log?: { error(details: object, message: string): void }): void {
  for (const listener of listeners) {
    try {
      listener(change)
    } catch (error) {
      log?.error({ err: error, brand: change.brandId }, 'stock-changed listener failed')
    }
  }
}
