/**
 * Small read-through caches for data every page reads and operators or
 * checkout rarely change (store settings, menus, banners; categories and item
 * pages). Entries live a fixed time (30 s), so an edit shows everywhere within
 * that time on every instance, and at once on the instance that calls the
 * scope's `invalidate(brandId)`; nothing here is state another instance needs
 * (DESIGN §1). Concurrent misses share one load; a failed load is not
 * remembered; the number of entries is bounded (least recently used go first).
 */
export const SETTINGS_TTL_MS = 30_000
/** How long a category, category group or item page may be served from memory (docs/performance.md). */
export const CATALOG_TTL_MS = 30_000

interface Entry<V> {
  value: Promise<V>
  expires: number
  generation: number
}

export class TtlCache<V> {
  private entries = new Map<string, Entry<V>>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100,
  ) {}

  /**
   * The value under `key`, loading it when missing, expired, or loaded in an
   * older `generation` (an invalidation since).
   */
  get(key: string, load: () => Promise<V>, now = Date.now(), generation = 0): Promise<V> {
    const hit = this.entries.get(key)
    if (hit && hit.expires > now && hit.generation === generation) {
      // most recently used last
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit.value
    }
    const value = load()
    this.entries.delete(key)
    this.entries.set(key, { value, expires: now + this.ttlMs, generation })
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string)
    // a failed load is not remembered (unless a newer load took its place already)
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    return value
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}

/** One cache per database (tests and tools open several), keyed within it. */
export function cachePerDatabase<V>(ttlMs = SETTINGS_TTL_MS, maxEntries = 100) {
  const caches = new WeakMap<object, TtlCache<V>>()
  return (db: object, key: string, load: () => Promise<V>, generation = 0): Promise<V> => {
    let cache = caches.get(db)
    if (!cache) {
      cache = new TtlCache<V>(ttlMs, maxEntries)
      caches.set(db, cache)
    }
    return cache.get(key, load, Date.now(), generation)
  }
}

/**
 * What one `invalidate(brandId)` empties: every cache made by `cache()` on
 * this scope, for that brand, on every database. Invalidation bumps the
 * brand's generation (O(1)); entries of an older generation read as misses
 * and are replaced or pushed out by newer ones.
 */
export class BrandScope {
  private generations = new Map<string, number>()

  generation(brandId: string): number {
    return this.generations.get(brandId) ?? 0
  }

  invalidate(brandId: string): void {
    this.generations.set(brandId, this.generation(brandId) + 1)
  }

  /**
   * A read-through cache whose entries belong to a brand: the key always
   * holds the brand, so one brand's entry is never served to another. Values
   * are frozen, deeply: every request shares them.
   */
  cache<V>(options: { ttlMs: number; maxEntries: number }) {
    const perDatabase = cachePerDatabase<V>(options.ttlMs, options.maxEntries)
    return (db: object, brandId: string, key: string, load: () => Promise<V>): Promise<V> =>
      perDatabase(db, `${brandId}\u0000${key}`, () => load().then(deepFreeze), this.generation(brandId))
  }
}

/** Freezes a value and everything it holds, so a shared cached value cannot be changed by one reader. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value
  Object.freeze(value)
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  return value
}
