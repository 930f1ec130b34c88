import {
  MAX_CUSTOMER_IMAGES,
  sortSizes,
  type Bullet,
  type CatalogImage,
  type Category,
  type CategoryGroup,
  type CategoryInfo,
  type ItemDetail,
  type ItemSummary,
  type ItemVariant,
  type Review,
} from '@store/core'
import type { Kysely } from 'kysely'
import { byPosition, readJsonColumn } from '../db/json-aggregate.ts'
import { flag, readJson, readList } from '../db/json.ts'
import type { Database } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { sharedAnswer } from '../http/serializer.ts'
import { BrandScope, CATALOG_TTL_MS } from '../shared/ttl-cache.ts'
import {
  findCategory,
  findCategoryGroupWithCategories,
  findItemPage,
  listCategoryCards,
  listItemNeighbours,
  listReviews,
  type BulletSectionJson,
  type CategoryCardsCursor,
  type ImageJson,
  type ItemCategoryJson,
  type SizeJson,
} from './catalog.queries.ts'
import { listFeaturedItems } from '../cart/cart.queries.ts'
import { readVariants, sourcesOf } from '../media/responsive-photos.ts'
import { priceFields } from './pricing.ts'
import { writeCategoryCursor } from './category-cursor.ts'

type Db = Kysely<Database>
type ItemRow = Omit<Awaited<ReturnType<typeof listCategoryCards>>[number], 'category_position'>
type CategoryRow = NonNullable<Awaited<ReturnType<typeof findCategory>>>

/** The images of a grid card: front and a second look for hover. */
const CARD_IMAGE_KINDS = ['image1', 'image2']
/** image1..image4 drawn for the demo; an operator's uploads are image1..image12 (catalog-admin/item-photos.service.ts) */
const UPLOADED_IMAGE_KINDS = Array.from({ length: 12 }, (_, i) => `image${i + 1}`)
const ORDERED_IMAGE_KINDS = [...UPLOADED_IMAGE_KINDS.slice(0, 4), 'model_plus', 'model_straight', ...UPLOADED_IMAGE_KINDS.slice(4)]
const ADDITIONAL_IMAGE_KINDS = ['customer', 'instagram', 'model', 'pocket']

/**
 * Catalogue reads are cached per brand for CATALOG_TTL_MS (docs/performance.md):
 * a category, a category group, an item page (per club price list). Each is a
 * shared answer (http/serializer.ts): its JSON is written once per cached value. So what
 * a page shows of stock (`availableSizes`) may be up to that old; the cart and
 * checkout read stock from the database themselves and are the authority on
 * it. Whoever changes items, prices, categories or stock calls
 * `invalidateCatalog(brandId)` to drop the brand's entries at once (on this
 * instance; others catch up within the TTL).
 */
const catalogScope = new BrandScope()
const categoryCache = catalogScope.cache<Category>({ ttlMs: CATALOG_TTL_MS, maxEntries: 200 })
/** pages of categories (`?limit=&after=`), apart: any cursor is a key, and none may push a whole category out */
const categoryPageCache = catalogScope.cache<Category>({ ttlMs: CATALOG_TTL_MS, maxEntries: 500 })
const categoryGroupCache = catalogScope.cache<CategoryGroup>({ ttlMs: CATALOG_TTL_MS, maxEntries: 100 })
const itemCache = catalogScope.cache<ItemDetail>({ ttlMs: CATALOG_TTL_MS, maxEntries: 1000 })
const featuredCache = catalogScope.cache<FeaturedRow[]>({ ttlMs: CATALOG_TTL_MS, maxEntries: 50 })
const reviewsCache = catalogScope.cache<Review[]>({ ttlMs: CATALOG_TTL_MS, maxEntries: 1000 })

type FeaturedRow = Awaited<ReturnType<typeof listFeaturedItems>>[number]

/** The first items of a category, as the cart drawer suggests them (cached with the catalogue). */
export function getFeaturedItems(db: Db, brandId: string, categoryName: string, limit: number): Promise<FeaturedRow[]> {
  return featuredCache(db, brandId, `${categoryName}\u0000${limit}`, () => listFeaturedItems(db, brandId, categoryName, limit))
}

/** Drops every cached category, category group and item page of the brand (after a stock, price or catalogue change). */
export function invalidateCatalog(brandId: string): void {
  catalogScope.invalidate(brandId)
}

/** An image as the storefront shows it; an uploaded photo with its responsive files and focal point. */
function imageData(row: ImageJson): CatalogImage {
  const image: CatalogImage = { url: row.url, width: row.width, height: row.height, alt: row.alt }
  const variants = readVariants(row.variants)
  if (variants.length > 0) image.sources = sourcesOf(variants)
  if (row.focal_x !== null && row.focal_x !== undefined && row.focal_y !== null && row.focal_y !== undefined) image.focus = `${row.focal_x}% ${row.focal_y}%`
  return image
}

/** Sizes and images of a row, from their JSON columns, in position order. */
function childrenOf(row: { sizes: unknown; images: unknown }) {
  return {
    sizes: byPosition(readJsonColumn<SizeJson[]>(row.sizes, [])),
    images: byPosition(readJsonColumn<ImageJson[]>(row.images, [])),
  }
}

/** A card in a grid (SPEC §3 Item). */
function itemSummary(row: ItemRow, sizes: SizeJson[], images: ImageJson[], hasClub: boolean): ItemSummary {
  const allSizes = sortSizes(sizes.map((entry) => entry.size))
  const inStock = new Set(sizes.filter((entry) => entry.stock > 0).map((entry) => entry.size))
  const imageMap: Record<string, CatalogImage> = {}
  for (const image of images) if (!imageMap[image.kind]) imageMap[image.kind] = imageData(image)
  return {
    id: row.id,
    link: `/item/${row.id}`,
    name: row.name,
    itemTypeName: row.item_type_name,
    description: row.description,
    color: row.color,
    swatch: row.swatch,
    baseColors: readList(row.base_colors),
    aspectClass: row.aspect_class,
    images: imageMap,
    sizes: allSizes,
    availableSizes: allSizes.filter((size) => inStock.has(size)),
    categoryPageAttributes: readJson<Record<string, unknown>>(row.category_page_attributes, {}),
    itemGroupIds: readList(row.item_group_ids),
    discount_class: row.discount_class,
    vip_exclusive: flag(row.vip_exclusive),
    imageMaxHeight: row.image_max_height,
    created_at: row.created_at,
    ...priceFields(row, hasClub),
  }
}

function cardOf(row: ItemRow, hasClub: boolean): ItemSummary {
  const { sizes, images } = childrenOf(row)
  return itemSummary(row, sizes, images, hasClub)
}

function categoryFields(row: CategoryRow): CategoryInfo {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    link: `/category/${row.name}`,
    layout: row.layout,
    icon: row.icon,
    icon_2: row.icon_2,
    images: readJson<CatalogImage[]>(row.images, []),
    short_description: row.short_description,
    long_description: row.long_description,
    bullets: readJson<string[]>(row.bullets, []),
    base_category_name: row.base_category_name,
    banner: row.banner,
  }
}

export function getCategory(db: Db, brandId: string, name: string, hasClub: boolean): Promise<Category> {
  return categoryCache(db, brandId, `${name}\u0000${hasClub ? 'club' : 'visitor'}`, () => loadCategory(db, brandId, name, hasClub).then(sharedAnswer))
}

/** Two statements, side by side: the category, and its cards with their sizes and images. */
async function loadCategory(db: Db, brandId: string, name: string, hasClub: boolean): Promise<Category> {
  const [category, rows] = await Promise.all([findCategory(db, brandId, name), listCategoryCards(db, brandId, name, CARD_IMAGE_KINDS)])
  if (!category) throw notFound(`We couldn't find the category '${name}'.`)
  return { ...categoryFields(category), items: rows.map((row) => cardOf(row, hasClub)) }
}

/** A page of a category's cards: `limit` of them after the card `after` names (from the first without it). */
export interface CategoryPageAsked {
  limit: number
  after: CategoryCardsCursor | null
}

/**
 * A page of a category (the category's fields, `limit` cards in its order, and `next`, the
 * cursor of the page after or null on the last). Two statements, as the whole category, but
 * reading only the page's rows (the index of migration 051); cached apart from whole categories.
 */
export function getCategoryPage(db: Db, brandId: string, name: string, hasClub: boolean, page: CategoryPageAsked): Promise<Category> {
  const from = page.after ? `${page.after.position}:${page.after.itemId}` : ''
  const key = `${name}\u0000${hasClub ? 'club' : 'visitor'}\u0000${page.limit}\u0000${from}`
  return categoryPageCache(db, brandId, key, () => loadCategoryPage(db, brandId, name, hasClub, page).then(sharedAnswer))
}

async function loadCategoryPage(db: Db, brandId: string, name: string, hasClub: boolean, page: CategoryPageAsked): Promise<Category> {
  // one card more than asked: whether there is a page after this one
  const [category, rows] = await Promise.all([
    findCategory(db, brandId, name),
    listCategoryCards(db, brandId, name, CARD_IMAGE_KINDS, { limit: page.limit + 1, after: page.after }),
  ])
  if (!category) throw notFound(`We couldn't find the category '${name}'.`)
  const cards = rows.slice(0, page.limit)
  const last = cards.at(-1)
  const next = rows.length > page.limit && last ? writeCategoryCursor({ position: last.category_position, itemId: last.id }) : null
  return { ...categoryFields(category), items: cards.map((row) => cardOf(row, hasClub)), next }
}

export function getCategoryGroup(db: Db, brandId: string, name: string): Promise<CategoryGroup> {
  return categoryGroupCache(db, brandId, name, () => loadCategoryGroup(db, brandId, name).then(sharedAnswer))
}

/** One statement: the group with its categories and their item counts. */
async function loadCategoryGroup(db: Db, brandId: string, name: string): Promise<CategoryGroup> {
  const group = await findCategoryGroupWithCategories(db, brandId, name)
  if (!group) throw notFound(`We couldn't find the collection '${name}'.`)
  const categories = readJsonColumn<(CategoryRow & { member_position: number; item_count: number })[]>(group.categories, [])
  categories.sort((a, b) => a.member_position - b.member_position)
  return {
    id: group.id,
    name: group.name,
    title: group.title,
    description: group.description,
    link: `/category-group/${group.name}`,
    categories: categories.map((category) => ({ ...categoryFields(category), item_count: Number(category.item_count) })),
  }
}

export function getItemDetail(db: Db, brandId: string, id: number, hasClub: boolean): Promise<ItemDetail> {
  return itemCache(db, brandId, `${id}\u0000${hasClub ? 'club' : 'visitor'}`, () => loadItemDetail(db, brandId, id, hasClub).then(sharedAnswer))
}

/** Two statements, side by side: the item with its own children, and its variants and matching items with theirs. */
async function loadItemDetail(db: Db, brandId: string, id: number, hasClub: boolean): Promise<ItemDetail> {
  const [item, neighbours] = await Promise.all([findItemPage(db, brandId, id), listItemNeighbours(db, brandId, id)])
  if (!item) throw notFound(`We couldn't find item ${id}. It may no longer be sold.`)
  const { sizes, images: allImages } = childrenOf(item)
  const variants = neighbours.filter((row) => row.style_id === item.style_id)
  const matches = neighbours
    .filter((row): row is typeof row & { match_position: number } => row.match_position !== null && row.match_position !== undefined)
    .sort((a, b) => a.match_position - b.match_position)
  const summary = itemSummary(item, sizes, allImages, hasClub)
  const customerImages = allImages.filter((image) => image.kind === 'customer').slice(0, MAX_CUSTOMER_IMAGES)
  const sections = byPosition(readJsonColumn<BulletSectionJson[]>(item.bullet_sections, []))
  const categories = byPosition(readJsonColumn<ItemCategoryJson[]>(item.categories, []))
  const count = Number(item.review_count ?? 0)
  return {
    ...summary,
    orderedImageKeys: ORDERED_IMAGE_KINDS.filter((kind) => summary.images[kind]),
    additionalImages: allImages
      .filter((image) => ADDITIONAL_IMAGE_KINDS.includes(image.kind) && image.kind !== 'customer')
      .map((image) => ({ type: image.kind, ...imageData(image) })),
    customerImages: customerImages.map(imageData),
    bulletSections: sections.map((section) => ({
      header: section.header,
      icon: section.icon,
      bullets: readJson<Bullet[]>(section.bullets, []),
    })),
    variants: variants.map((variant): ItemVariant => {
      const own = childrenOf(variant)
      const front = own.images[0]
      return {
        id: variant.id,
        link: `/item/${variant.id}`,
        color: variant.color,
        swatch: variant.swatch,
        image: front ? imageData(front) : (summary.images.image1 ?? null),
        availableSizes: sortSizes(own.sizes.filter((s) => s.stock > 0).map((s) => s.size)),
        itemGroupIds: readList(variant.item_group_ids),
      }
    }),
    matchingItems: matches.map((match) => cardOf(match, hasClub)),
    categories: categories.map((category) => ({ name: category.name, title: category.title, link: `/category/${category.name}` })),
    reviewSummary: { count, average: count ? Math.round(Number(item.review_average) * 10) / 10 : null },
  }
}

/**
 * A page of shown reviews, of an item or of the whole brand, newest first. Cached with the
 * catalogue (the item's review count and average are in its cached page): a buyer's new
 * review drops the brand's entries at once (reviews/review-events.ts); a review hidden from the
 * command line leaves within 30 s, with the item's count (reviews/hide-review.ts).
 */
export function getReviews(db: Db, brandId: string, itemId: number | null, page: number, perPage: number): Promise<Review[]> {
  return reviewsCache(db, brandId, `${itemId ?? 'all'}\u0000${page}\u0000${perPage}`, () => loadReviews(db, brandId, itemId, page, perPage).then(sharedAnswer))
}

async function loadReviews(db: Db, brandId: string, itemId: number | null, page: number, perPage: number): Promise<Review[]> {
  const rows = await listReviews(db, brandId, itemId, perPage, (page - 1) * perPage)
  return rows.map(
    (row): Review => ({
      id: row.id,
      item_id: row.item_id,
      first_name: row.first_name,
      last_initial: row.last_initial,
      instagram: row.instagram,
      rating: row.rating,
      would_you_recommend_us: flag(row.would_you_recommend_us),
      images: [row.photo_1, row.photo_2, row.photo_3].filter((photo): photo is string => Boolean(photo)),
      about_your_product: row.about_your_product,
      sizing_fit: row.sizing_fit,
      how_do_you_style: row.how_do_you_style,
      where_travel: row.where_travel,
      how_was_your_first_order: row.how_was_your_first_order,
      created_at: row.created_at,
      verified_buyer: row.verified_buyer === 1,
    }),
  )
}
