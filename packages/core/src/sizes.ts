/** Sizes (SPEC §3 product images, §5 sizes). */

export const ONE_SIZE = 'One Size'

/** The brand whose stored XXXXXL really is an XXXXL (SPEC §5). */
export const XXXXXL_AS_XXXXL_BRAND = 'popfitclothing'

const DISPLAY: Record<string, string> = {
  XXXXXL: '5XL',
  XXXXL: '4XL',
  XXXL: '3XL',
  XXL: '2XL',
}

/**
 * The size as stored for a brand: for popfitclothing a stored XXXXXL is read as
 * XXXXL. Other sizes and brands are returned trimmed, otherwise unchanged.
 */
export function readStoredSize(size: string, brandId?: string): string {
  const s = size.trim()
  if (brandId === XXXXXL_AS_XXXXL_BRAND && s.toUpperCase() === 'XXXXXL') return 'XXXXL'
  return s
}

/** The size as shown: XXXXXL -> 5XL, XXXXL -> 4XL, XXXL -> 3XL, XXL -> 2XL; others unchanged. */
export function displaySize(size: string, brandId?: string): string {
  const stored = readStoredSize(size, brandId)
  return DISPLAY[stored.toUpperCase()] ?? size
}

/**
 * A line's size as its detail line says it ('Size M · Plum · Qty 1'): "Size M", and for a piece made in one
 * size only "One Size" ("Size One Size" said size twice). `shown` is the size as displayed (displaySize).
 */
export function sizeCaption(shown: string): string {
  const s = shown.trim()
  return s.toLowerCase() === ONE_SIZE.toLowerCase() ? ONE_SIZE : `Size ${s}`
}

/**
 * Sort rank per size name (upper-cased). Groups of SPEC §5: One Size, XS-S, M-L,
 * XL-2X, 3X-4X; 5X (XXXXXL, shown as 5XL) follows 4X; unknown sizes come last.
 */
const RANK: Record<string, number> = {
  'ONE SIZE': 0,
  XS: 1,
  S: 2,
  M: 3,
  L: 4,
  XL: 5,
  '2X': 6,
  XXL: 6,
  '2XL': 6,
  '3X': 7,
  XXXL: 7,
  '3XL': 7,
  '4X': 8,
  XXXXL: 8,
  '4XL': 8,
  '5X': 9,
  XXXXXL: 9,
  '5XL': 9,
}

/** Between the two parts of a paired size label: 'XS-S', 'XL - 2X', 'M/L', 'M–L'. */
const PAIR_SEPARATOR = /^([^\s/\-\u2013]+)\s*[-/\u2013]\s*([^\s/\-\u2013]+)$/

/**
 * Sort rank of a size, or undefined for a size the store does not know (§8: log it).
 * A paired label (SPEC §5: XS-S, M-L, XL-2X, 3X-4X) of two known sizes, smaller
 * first, ranks between its two sizes, so XS < XS-S < S and the pairs sort in their
 * own order: XS-S, M-L, XL-2X, 3X-4X. Any spelling of the parts works ('XL-XXL',
 * '3XL/4XL').
 */
export function sizeRank(size: string): number | undefined {
  const name = size.trim().toUpperCase()
  const single = RANK[name]
  if (single !== undefined) return single
  const pair = PAIR_SEPARATOR.exec(name)
  if (!pair) return undefined
  const low = RANK[pair[1]!]
  const high = RANK[pair[2]!]
  if (low === undefined || high === undefined || low >= high || low === RANK['ONE SIZE']) return undefined
  return (low + high) / 2
}

export function isKnownSize(size: string): boolean {
  return sizeRank(size) !== undefined
}

/** Two sizes in store order (XS before S before M), unknown sizes after known ones, then by their text. For Array.prototype.sort. */
export function compareSizes(a: string, b: string): number {
  return orderOf(a) - orderOf(b) || (a < b ? -1 : a > b ? 1 : 0)
}

/** A size's place in store order, unknown sizes after every known one. */
const orderOf = (size: string): number => sizeRank(size) ?? Number.MAX_SAFE_INTEGER

/** Sizes in store order; unknown sizes last, in their original order. Returns a new array. */
export function sortSizes(sizes: readonly string[]): string[] {
  return sizes
    .map((size, i) => ({ size, i, rank: orderOf(size) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.size)
}

/**
 * Reads a size list: comma lists (a string, or an array whose items may be comma
 * lists), trimmed, empties and repeats dropped. If 'One Size' appears, only
 * ['One Size'] is used.
 */
export function normalizeSizes(list: string | readonly string[] | null | undefined): string[] {
  if (list == null) return []
  const parts = (typeof list === 'string' ? [list] : list).flatMap((s) => s.split(','))
  const out: string[] = []
  for (const part of parts) {
    const s = part.trim()
    if (!s) continue
    if (s.toLowerCase() === ONE_SIZE.toLowerCase()) return [ONE_SIZE]
    if (!out.includes(s)) out.push(s)
  }
  return out
}
