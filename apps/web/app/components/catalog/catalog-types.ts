/**
 * The catalogue as the API really answers it (apps/server/src/catalog/catalog.service.ts),
 * as far as the shopping pages read it. The shell's app/lib/api/types.ts types these
 * loosely (index signatures); the routes read the answers through these views.
 */

export interface ImageData {
  url: string
  width: number
  height: number
  alt: string
}

/** double1x1 (square), double (portrait 4:5), aspect2x5 (tall, 2:5); see product-image.tsx */
export type AspectClass = 'double1x1' | 'double' | 'aspect2x5' | (string & {})

/** A card in a grid (SPEC §3 Item). */
export interface ItemSummary {
  id: number | string
  link: string
  name: string
  itemTypeName?: string | null
  description?: string | null
  color?: string | null
  swatch?: string | null
  baseColors?: string[]
  aspectClass?: AspectClass | null
  /** keyed by kind: image1..image4, model_plus, model_straight, ... */
  images: Record<string, ImageData | undefined>
  /** every size the item is made in, sorted */
  sizes?: string[]
  /** sizes in stock, sorted */
  availableSizes: string[]
  categoryPageAttributes?: Record<string, unknown> | null
  itemGroupIds?: Array<string | number>
  discount_class?: string | null
  vip_exclusive?: boolean
  imageMaxHeight?: number | null
  created_at?: string | null
  price: number
  original_price?: number | null
  member_price?: number | null
}

export interface Bullet {
  value: string
  value_for_category_page?: string
  description?: string
  icon?: string
}

export interface BulletSection {
  header: string
  icon?: string | null
  bullets: Bullet[]
}

export interface ItemVariant {
  id: number | string
  link: string
  color: string
  swatch?: string | null
  image?: ImageData | null
  availableSizes: string[]
  itemGroupIds?: Array<string | number>
}

export interface ReviewSummary {
  count: number
  average: number | null
}

export interface AdditionalImage extends ImageData {
  type: 'customer' | 'instagram' | 'model' | 'pocket' | (string & {})
}

export interface ItemDetailView extends ItemSummary {
  orderedImageKeys?: string[]
  additionalImages?: AdditionalImage[]
  customerImages?: ImageData[]
  bulletSections?: BulletSection[]
  variants?: ItemVariant[]
  matchingItems?: ItemSummary[]
  categories?: Array<{ name: string; title: string; link: string }>
  reviewSummary?: ReviewSummary
}

export interface CategoryView {
  id: number | string
  name: string
  title?: string | null
  link: string
  /** '1x1' (1-4 columns) or 'catch-all' (2-5 columns) */
  layout?: string | null
  icon?: string | null
  icon_2?: string | null
  images?: ImageData[]
  short_description?: string | null
  long_description?: string | null
  bullets?: string[]
  base_category_name?: string | null
  banner?: string | ImageData | null
  items: ItemSummary[]
  item_count?: number
}

export interface CategoryGroupView {
  id?: number | string
  name: string
  title?: string | null
  description?: string | null
  link?: string
  categories: Array<Omit<CategoryView, 'items'> & { items?: ItemSummary[]; item_count?: number }>
}

export interface Review {
  id: string | number
  item_id?: number | string | null
  first_name: string
  last_initial: string
  instagram?: string | null
  rating: number
  would_you_recommend_us?: boolean
  /** photo_1..photo_3 that exist */
  images: string[]
  about_your_product?: string | null
  sizing_fit?: string | null
  how_do_you_style?: string | null
  where_travel?: string | null
  how_was_your_first_order?: string | null
  created_at?: string | null
}
