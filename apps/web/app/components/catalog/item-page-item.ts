/**
 * The item an item page's loader hands the page: the item as the catalogue
 * answers it, its matching items as grid cards. For a cached (frozen) item it is
 * made once and frozen, so every shopper's page of that item and price list
 * renders from the same object, and the parts of the page that depend on nothing
 * else are kept as markup (lib/kept-part.ts).
 */
import type { ItemDetail } from '../../lib/api/types'
import { keptFor } from '../../lib/kept-value'
import { gridItem, type GridItem } from './grid-item'

export type ItemPageItem = Omit<ItemDetail, 'matchingItems'> & { matchingItems: GridItem[] }

const pages = new WeakMap<ItemDetail, ItemPageItem>()

export function itemPageItem(item: ItemDetail): ItemPageItem {
  return keptFor(pages, item, (source) => ({ ...source, matchingItems: source.matchingItems.map(gridItem) }))
}
