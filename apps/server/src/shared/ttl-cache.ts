/**
 * A small read-through cache for data every page reads and operators rarely
 * change (store settings, menus, banners). Entries live SETTINGS_TTL_MS, so
 * an edit shows everywhere within that time on every instance; nothing here
 * is state another instance needs (DESIGN §1). Concurrent misses share one load.
 */
export const SETTINGS_TTL_MS = 30_000

export class TtlCache<V> {
  private entries = new Map<string, { value: Promise<V>; expires: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100,
  ) {}

  get(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) return hit.value
    if (this.entries.size >= this.maxEntries) this.entries.clear()
    const value = load()
    this.entries.set(key, { value, expires: now + this.ttlMs })
    // a failed load is not remembered
    value.catch(() => this.entries.delete(key))
    return value
  }

  clear(): void {
    this.entries.clear()
  }
}

/** One cache per database (tests and tools open several), keyed within it. */
export function cachePerDatabase<V>(ttlMs = SETTINGS_TTL_MS) {
  const caches = new WeakMap<object, TtlCache<V>>()
  return (db: object, key: string, load: () => Promise<V>): Promise<V> => {
    let cache = caches.get(db)
    if (!cache) {
      cache = new TtlCache<V>(ttlMs)
      caches.set(db, cache)
    }
    return cache.get(key, load)
  }
}
