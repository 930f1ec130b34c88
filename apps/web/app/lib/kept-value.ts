/**
 * Values made once per cached catalogue value, on the server. The catalogue's
 * caches hand every request the same deep-frozen object until they load again
 * (apps/server/src/shared/ttl-cache.ts); what a page makes of such an object
 * alone (its grid cards, its size options, its structured data) is the same for
 * every shopper, so it is made once, frozen, and kept as long as the object
 * lives (a WeakMap). In the browser (loader data is never frozen) or for a value
 * that is not frozen, it is made afresh: the keeping is the server's, and the
 * browser's bundle reduces it to `make(source)`.
 */

/** Freezes a value and everything in it (what is frozen already is left as it is). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/** `make(source)`, made once per frozen source and kept, frozen. */
export function keptFor<S extends object, R>(kept: WeakMap<S, R>, source: S, make: (source: S) => R): R {
  if (!import.meta.env.SSR || !Object.isFrozen(source)) return make(source)
  let value = kept.get(source)
  // biome-ignore lint/suspicious/noAssignInExpressions: get-or-make idiom: the value is made once, kept and used in the same expression
  if (value === undefined) kept.set(source, (value = deepFreeze(make(source))))
  return value
}

/**
 * `make(source)` for a source and something else named by `key` (a page's
 * address, a brand), made once per frozen source and key; at most `most` keys a
 * source (the first are dropped when more come).
 */
export function keptForKey<S extends object, R>(kept: WeakMap<S, Map<string, R>>, source: S, key: string, make: (source: S) => R, most = Infinity): R {
  if (!import.meta.env.SSR || !Object.isFrozen(source)) return make(source)
  let byKey = kept.get(source)
  // biome-ignore lint/suspicious/noAssignInExpressions: get-or-make idiom: the value is made once, kept and used in the same expression
  if (!byKey) kept.set(source, (byKey = new Map()))
  let value = byKey.get(key)
  if (value === undefined) {
    if (byKey.size >= most) byKey.clear()
    // biome-ignore lint/suspicious/noAssignInExpressions: get-or-make idiom: the value is made once, kept and used in the same expression
    byKey.set(key, (value = deepFreeze(make(source))))
  }
  return value
}
