/**
 * The catalogue as the API answers it: GET /categories/{name}, /category-groups/{name},
 * /items/{id} and /reviews (SPEC §3 Item, Category). Item fields are camelCase where
 * SPEC §3 writes them so, the rest snake_case. Money is decimal dollars.
 */

/** A catalogue image with its pixel size. */
export interface CatalogImage {
  url: string
  width: number
  height: number
  alt: string
  /**
   * An uploaded photo's responsive files, best format first (AVIF, WebP, then the JPEG
   * of `url`): each a type and a srcset of widths. Absent for the demo's drawn images.
   */
  sources?: ImageSource[]
  /** an uploaded photo's focal point as CSS object-position ('40% 30%'), kept in view by a crop */
  focus?: string
}

/** Files of one image type by width, for <picture><source type srcset>. */
export interface ImageSource {
  type: 'image/avif' | 'image/webp' | 'image/jpeg'
  /** '/uploads/a-400.avif 400w, /uploads/a-800.avif 800w' */
  srcset: string
}

/** double1x1 (square), double (portrait 4:5), aspect2x5 (tall, 2:5); other values read as double. */
export type AspectClass = 'double1x1' | 'double' | 'aspect2x5' | (string & {})

/** A card in a grid (SPEC §3 Item). */
export interface ItemSummary {
  id: number
  /** '/item/{id}' */
  link: string
  name: string
  itemTypeName: string
  description: string
  color: string
  /** CSS colour of the swatch */
  swatch: string
  baseColors: string[]
  aspectClass: AspectClass
  /**
   * Images keyed by kind: image1..image4, model_plus, model_straight, and on the
   * item page customer, instagram, model, pocket. A grid card has image1 and image2.
   */
  images: Record<string, CatalogImage>
  /** every size the item is made in, sorted */
  sizes: string[]
  /** sizes in stock, sorted */
  availableSizes: string[]
  /** free-form card attributes: badge, fabric, fit ... */
  categoryPageAttributes: Record<string, unknown>
  itemGroupIds: string[]
  /** comma list of discount classes */
  discount_class: string
  vip_exclusive: boolean
  imageMaxHeight: number | null
  created_at: string
  /** what this shopper pays (the member price for a club member) */
  price: number
  /** the struck-through price beside it, or null */
  original_price: number | null
  member_price: number | null
}

export interface Bullet {
  value: string
  value_for_category_page?: string
  description?: string
  /** a store icon name */
  icon?: string
}

export interface BulletSection {
  header: string
  /** a store icon name */
  icon: string | null
  bullets: Bullet[]
}

/** Another colour of the same style. */
export interface ItemVariant {
  id: number
  link: string
  color: string
  swatch: string
  image: CatalogImage | null
  availableSizes: string[]
  itemGroupIds: string[]
}

/** A model, pocket or Instagram shot of an item. */
export interface AdditionalImage extends CatalogImage {
  type: 'instagram' | 'model' | 'pocket' | (string & {})
}

/** A category an item is in, for breadcrumbs. */
export interface CategoryLink {
  name: string
  title: string
  link: string
}

export interface ReviewSummary {
  count: number
  /** to one decimal; null without reviews */
  average: number | null
}

/** GET /items/{id}. */
export interface ItemDetail extends ItemSummary {
  /** kinds of `images` to show, in order */
  orderedImageKeys: string[]
  additionalImages: AdditionalImage[]
  /** at most MAX_CUSTOMER_IMAGES */
  customerImages: CatalogImage[]
  bulletSections: BulletSection[]
  variants: ItemVariant[]
  matchingItems: ItemSummary[]
  categories: CategoryLink[]
  reviewSummary: ReviewSummary
}

/** The fields every category carries, with or without its items. */
export interface CategoryInfo {
  id: number
  name: string
  title: string
  /** '/category/{name}' */
  link: string
  /** '1x1' (1-4 columns) or 'catch-all' (2-5 columns) */
  layout: string
  /** icon image addresses */
  icon: string | null
  icon_2: string | null
  images: CatalogImage[]
  short_description: string | null
  long_description: string | null
  bullets: string[]
  base_category_name: string | null
  /** promotional text shown above the category */
  banner: string | null
}

/** GET /categories/{name}: a category with its items (all of them, or a page with `limit`/`after`). */
export interface Category extends CategoryInfo {
  items: ItemSummary[]
  /** asked for a page: the `after` of the next page, null on the last; absent with the whole category */
  next?: string | null
}

/** A category as a group lists it: without items, with their number. */
export interface GroupCategory extends CategoryInfo {
  item_count: number
}

/** GET /category-groups/{name}. */
export interface CategoryGroup {
  id: number
  name: string
  title: string
  description: string | null
  /** '/category-group/{name}' */
  link: string
  categories: GroupCategory[]
}

/** GET /reviews: one customer review. */
export interface Review {
  id: string
  item_id: number | null
  first_name: string
  last_initial: string
  instagram: string | null
  rating: number
  would_you_recommend_us: boolean
  /** addresses of photo_1..photo_3 that exist */
  images: string[]
  about_your_product: string | null
  sizing_fit: string | null
  how_do_you_style: string | null
  where_travel: string | null
  how_was_your_first_order: string | null
  created_at: string
  /** written by a customer whose order of the item the store saw (docs/reviews.md) */
  verified_buyer: boolean
}

/** An item the logged-in customer may review now (GET /reviews/reviewable; docs/reviews.md). */
export interface ReviewableItem {
  item_id: number
  /** the order it was bought with */
  order_number: string
  name: string
}
