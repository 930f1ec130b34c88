/**
 * Reviews changed (a buyer wrote one): the brand's cached catalogue answers and
 * anonymous pages are dropped, so the review shows at once (app.ts wires it).
 */
type Listener = (brandId: string) => void
const listeners = new Set<Listener>()

export function onReviewsChanged(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function emitReviewsChanged(brandId: string): void {
  for (const listener of listeners) {
    try {
      listener(brandId)
    } catch {
      // a cache that cannot be dropped expires by itself within 30 s
    }
  }
}
