/**
 * The category a category page's loader hands the page: the category as the
 * catalogue answers it, its items as grid cards. For a cached (frozen) category it
 * is made once and frozen, so every shopper's page of it renders from the same
 * cards (their markup kept: product-card.tsx) and the same size options
 * (grid-query.ts, sizeFilterOptionsOf).
 */
import type { Category } from '../../lib/api/types'
import { keptFor } from '../../lib/kept-value'
import { gridItem, type GridItem } from './grid-item'

export type CategoryPageCategory = Omit<Category, 'items'> & { items: GridItem[] }

const pages = new WeakMap<Category, CategoryPageCategory>()

export function categoryPageCategory(category: Category): CategoryPageCategory {
  return keptFor(pages, category, (source) => ({ ...source, items: source.items.map(gridItem) }))
}
