/**
 * The category a category page's loader hands the page: the category as the
 * catalogue answers it, its items as grid cards. For a cached (frozen) category it
 * is made once and frozen, so every shopper's page of it renders from the same
 * cards (their markup kept: product-card.tsx) and the same size options
 * (grid-query.ts, sizeFilterOptionsOf).
 */
import type { Category } from '../../lib/api/types'
import { gridItem, type GridItem } from './grid-item'

export type CategoryPageCategory = Omit<Category, 'items'> & { items: GridItem[] }

const pages = new WeakMap<Category, CategoryPageCategory>()

export function categoryPageCategory(category: Category): CategoryPageCategory {
  if (!import.meta.env.SSR || !Object.isFrozen(category)) return { ...category, items: category.items.map(gridItem) }
  const kept = pages.get(category)
  if (kept) return kept
  const page: CategoryPageCategory = { ...category, items: category.items.map(gridItem) }
  Object.freeze(page.items)
  Object.freeze(page)
  pages.set(category, page)
  return page
}
