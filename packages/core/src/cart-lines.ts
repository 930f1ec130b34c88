/** Cart lines (SPEC §3): bundle folding, colours, original total, discount classes. */
import { roundHalfAwayFromZero, toCents } from './prices.ts'

/** The fields of a cart line that bundle folding reads; lines may carry any others. */
export interface BundlableLine {
  cartId: string
  name: string
  bundled_with?: string | null
  social_media_special?: boolean | number | string | null
  qty: number
}

export interface BundleItem {
  name: string
  count: number
}

/** A line after folding; parents that received bundled lines carry bundle_items and bundle_count. */
export type FoldedLine<T> = T & { bundle_items?: BundleItem[]; bundle_count?: number }

function isSocialMediaSpecial(line: BundlableLine): boolean {
  const v = line.social_media_special
  return v === true || v === 1 || v === '1' || v === 'true'
}

/** A product name for bundle counting: the word POP removed, spaces collapsed and trimmed. */
export function bundleItemName(name: string): string {
  return name
    .replace(/\bPOP\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function quantity(line: BundlableLine): number {
  return Number.isFinite(line.qty) ? line.qty : 1
}

/**
 * Folds bundled lines into their parent: a line whose bundled_with names another
 * line's cartId leaves the list and is counted in the parent's bundle_items
 * (grouped by name with POP stripped, counted by quantity) and bundle_count (total
 * quantity). Lines marked social_media_special are never folded; lines whose
 * parent is absent stay. A bundle of a bundled line goes to the top parent; lines
 * bundled in a cycle stay. The input is not modified; order is kept.
 */
export function foldBundles<T extends BundlableLine>(lines: readonly T[]): FoldedLine<T>[] {
  const byId = new Map<string, T>()
  for (const line of lines) if (!byId.has(line.cartId)) byId.set(line.cartId, line)

  const parentOf = (line: T): T | undefined => {
    if (isSocialMediaSpecial(line)) return undefined
    const ref = line.bundled_with == null ? '' : String(line.bundled_with)
    if (!ref || ref === line.cartId) return undefined
    return byId.get(ref)
  }

  /** The line that a folded line ends up in, or undefined when it stays. */
  const rootOf = (line: T): T | undefined => {
    const seen = new Set<T>([line])
    let current = line
    for (;;) {
      const parent = parentOf(current)
      if (!parent) return current === line ? undefined : current
      if (seen.has(parent)) return undefined
      seen.add(parent)
      current = parent
    }
  }

  const folded = new Map<T, { items: Map<string, number>; count: number }>()
  const kept: T[] = []
  for (const line of lines) {
    const root = rootOf(line)
    if (!root) {
      kept.push(line)
      continue
    }
    let entry = folded.get(root)
    // biome-ignore lint/suspicious/noAssignInExpressions: get-or-make idiom: the value is made once, kept and used in the same expression
    if (!entry) folded.set(root, (entry = { items: new Map(), count: 0 }))
    const qty = quantity(line)
    const name = bundleItemName(line.name)
    entry.items.set(name, (entry.items.get(name) ?? 0) + qty)
    entry.count += qty
  }

  return kept.map((line) => {
    const entry = folded.get(line)
    if (!entry) return { ...line }
    return {
      ...line,
      bundle_items: [...entry.items].map(([name, count]) => ({ name, count })),
      bundle_count: entry.count,
    }
  })
}

/** A line's colours: the colour string split on '-' or '/', trimmed, empties dropped. */
export function cartLineColors(color: string | null | undefined): string[] {
  if (!color) return []
  return color
    .split(/[-/]/)
    .map((c) => c.trim())
    .filter(Boolean)
}

/** Original price times quantity, in whole cents; null when there is no original price. */
export function originalTotal(original_price: number | null | undefined, qty: number): number | null {
  if (original_price == null || !Number.isFinite(original_price)) return null
  return roundHalfAwayFromZero(toCents(original_price) * qty) / 100
}

/** A discount_class comma list as an array: 'a, b' -> ['a', 'b']. */
export function parseDiscountClasses(list: string | null | undefined): string[] {
  if (!list) return []
  return list
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
}
