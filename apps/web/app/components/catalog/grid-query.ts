/**
 * Filter and sort of a product grid, read from the page's URL search params
 * (`?size=M&sort=price-asc`), so the same GET form works before JavaScript and
 * after hydration. Pure: the category loader and the tests call these.
 */
import { normalizeSizes, sortSizes } from '@store/core'
import { sameSize, sizeKey } from './same-size'
import { keptForKey } from '../../lib/kept-value'

export const SORT_OPTIONS = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'newest', label: 'Newest' },
] as const

export type SortKey = (typeof SORT_OPTIONS)[number]['value']
export const DEFAULT_SORT: SortKey = 'featured'

export interface GridQuery {
  /** a size as the shopper chose it (stored or shown name: 'XXL' and '2XL' are one size), or null for all */
  size: string | null
  sort: SortKey
}

/** What a grid item needs for filtering and sorting. */
export interface GridItemLike {
  id: string | number
  price: number
  /** sizes in stock */
  availableSizes?: readonly string[] | null
  created_at?: string | null
}

function isSortKey(value: string): value is SortKey {
  return SORT_OPTIONS.some((option) => option.value === value)
}

/** `?size=M&sort=newest` -> {size: 'M', sort: 'newest'}; unknown values fall back to the defaults. */
export function readGridQuery(params: URLSearchParams): GridQuery {
  const size = params.get('size')?.trim() || null
  const sort = params.get('sort')?.trim() ?? ''
  return { size: size && size.length <= 20 ? size : null, sort: isSortKey(sort) ? sort : DEFAULT_SORT }
}

/** The sizes a shopper can filter by: every size in stock on some item, in store order, each once. */
export function sizeFilterOptions(items: readonly GridItemLike[], brandId?: string): string[] {
  const out: string[] = []
  // each name's key worked out once, not once per pair (a 44-item grid of 8 sizes made thousands)
  const seen = new Set<string>()
  const keyOf = new Map<string, string>()
  for (const item of items) {
    for (const size of normalizeSizes(item.availableSizes ?? [])) {
      let key = keyOf.get(size)
      // biome-ignore lint/suspicious/noAssignInExpressions: get-or-make idiom: the value is made once, kept and used in the same expression
      if (key === undefined) keyOf.set(size, (key = sizeKey(size, brandId)))
      if (seen.has(key)) continue
      seen.add(key)
      out.push(size)
    }
  }
  return sortSizes(out)
}

/** The size options of a cached (frozen) list of items, worked out once per list and brand. */
const keptSizeOptions = new WeakMap<readonly GridItemLike[], Map<string, readonly string[]>>()

/** sizeFilterOptions, kept for a frozen list (a cached category's cards): the same for every shopper. */
export function sizeFilterOptionsOf(items: readonly GridItemLike[], brandId?: string): readonly string[] {
  return keptForKey(keptSizeOptions, items, brandId ?? '', () => sizeFilterOptions(items, brandId))
}

/** Items with the size in stock; all items when size is null. */
export function filterBySize<T extends GridItemLike>(items: readonly T[], size: string | null, brandId?: string): T[] {
  if (!size) return [...items]
  return items.filter((item) => normalizeSizes(item.availableSizes ?? []).some((s) => sameSize(s, size, brandId)))
}

function time(value: string | null | undefined): number {
  const t = value ? Date.parse(value) : NaN
  return Number.isNaN(t) ? 0 : t
}

function idNumber(id: string | number): number {
  const n = Number(id)
  return Number.isFinite(n) ? n : 0
}

/**
 * Items in the chosen order; stable, so equal prices keep the category's own order.
 * featured: the category's order; newest: created_at descending, then higher id first.
 */
export function sortGridItems<T extends GridItemLike>(items: readonly T[], sort: SortKey): T[] {
  const indexed = items.map((item, index) => ({ item, index }))
  const compare: Record<SortKey, (a: (typeof indexed)[number], b: (typeof indexed)[number]) => number> = {
    featured: (a, b) => a.index - b.index,
    'price-asc': (a, b) => a.item.price - b.item.price || a.index - b.index,
    'price-desc': (a, b) => b.item.price - a.item.price || a.index - b.index,
    newest: (a, b) => time(b.item.created_at) - time(a.item.created_at) || idNumber(b.item.id) - idNumber(a.item.id) || a.index - b.index,
  }
  return indexed.sort(compare[sort]).map((x) => x.item)
}

/** Filter, then sort. */
export function applyGridQuery<T extends GridItemLike>(items: readonly T[], query: GridQuery, brandId?: string): T[] {
  return sortGridItems(filterBySize(items, query.size, brandId), query.sort)
}

/** The search string of a grid query, defaults left out: '?size=M' or ''. */
export function gridSearch(query: GridQuery): string {
  const params = new URLSearchParams()
  if (query.size) params.set('size', query.size)
  if (query.sort !== DEFAULT_SORT) params.set('sort', query.sort)
  const s = params.toString()
  return s ? `?${s}` : ''
}
