/**
 * The item an item page's loader hands the page: the item as the catalogue
 * answers it, its matching items as grid cards. For a cached (frozen) item it is
 * made once and frozen, so every shopper's page of that item and price list
 * renders from the same object, and the parts of the page that depend on nothing
 * else are kept as markup (lib/kept-part.ts).
 */
import type { ItemDetail } from '../../lib/api/types'
import { gridItem, type GridItem } from './grid-item'

export type ItemPageItem = Omit<ItemDetail, 'matchingItems'> & { matchingItems: GridItem[] }

const pages = new WeakMap<ItemDetail, ItemPageItem>()

export function itemPageItem(item: ItemDetail): ItemPageItem {
  if (!import.meta.env.SSR || !Object.isFrozen(item)) return { ...item, matchingItems: item.matchingItems.map(gridItem) }
  const kept = pages.get(item)
  if (kept) return kept
  // frozen like the item it is made of (grid cards of frozen items are frozen too)
  const page: ItemPageItem = { ...item, matchingItems: item.matchingItems.map(gridItem) }
  Object.freeze(page.matchingItems)
  Object.freeze(page)
  pages.set(item, page)
  return page
}
