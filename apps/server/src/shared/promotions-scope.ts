/**
 * The brand's promotions as the storefront caches them (the order bumps' and one-time offers'
 * order, the bundle offers): one scope, so an operator's change (promotions/) clears them at once,
 * on every instance, through the cache bus (caches/cache-bus.ts, scope 'promotions').
 */
import { BrandScope, SETTINGS_TTL_MS } from './ttl-cache.ts'

const promotionsScope = new BrandScope()

/** A cache of the brand's promotions, cleared by invalidatePromotions. */
export const promotionsCache = <V>() => promotionsScope.cache<V>({ ttlMs: SETTINGS_TTL_MS, maxEntries: 100 })

export function invalidatePromotions(brandId: string): void {
  promotionsScope.invalidate(brandId)
}
