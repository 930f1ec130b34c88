/**
 * What a product card shows, and nothing more: loaders hand grids these, so the
 * data serialised into every page for hydration stays small (a category of 44
 * items would otherwise carry each item's description, every image and more).
 */
import type { CatalogImage, ItemSummary } from '../../lib/api/types'
import { keptFor } from '../../lib/kept-value'

export interface GridItem {
  id: number
  link: string
  name: string
  color: string
  aspectClass: ItemSummary['aspectClass']
  images: { image1?: CatalogImage }
  price: number
  original_price: number | null
  availableSizes: string[]
  created_at: string
  vip_exclusive: boolean
  categoryPageAttributes: { badge?: string }
}

/** The card of each cached item (frozen, shared by every request until its cache drops it). */
const cards = new WeakMap<ItemSummary, GridItem>()

/**
 * The card of an item. For a cached (frozen) item it is made once and frozen, so
 * every page showing the item hands its grid the same card, whose markup is
 * kept (product-card.tsx, lib/kept-part.ts).
 */
export function gridItem(item: ItemSummary): GridItem {
  return keptFor(cards, item, cardOf)
}

function cardOf(item: ItemSummary): GridItem {
  const badge = item.categoryPageAttributes?.badge
  return {
    id: item.id,
    link: item.link,
    name: item.name,
    color: item.color,
    aspectClass: item.aspectClass,
    images: item.images.image1 ? { image1: item.images.image1 } : {},
    price: item.price,
    original_price: item.original_price,
    availableSizes: item.availableSizes,
    created_at: item.created_at,
    vip_exclusive: item.vip_exclusive,
    categoryPageAttributes: typeof badge === 'string' && badge ? { badge } : {},
  }
}
