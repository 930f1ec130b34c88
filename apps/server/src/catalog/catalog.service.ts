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
import { flag, readJson, readList } from '../db/json.ts'
import type { CategoriesRow, Database } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import {
  countCategoryItems,
  findCategory,
  findCategoryGroup,
  findItem,
  listBulletSections,
  listCategoryItems,
  listGroupCategories,
  listImages,
  listItemCategories,
  listMatchingItems,
  listReviews,
  listSizes,
  listStyleVariants,
  reviewSummary,
} from './catalog.queries.ts'
import { priceFields } from './pricing.ts'

type Db = Kysely<Database>
type ItemRow = Awaited<ReturnType<typeof listCategoryItems>>[number]
type SizeRow = Awaited<ReturnType<typeof listSizes>>[number]
type ImageRow = Awaited<ReturnType<typeof listImages>>[number]

/** The images of a grid card: front and a second look for hover. */
const CARD_IMAGE_KINDS = ['image1', 'image2']
const ORDERED_IMAGE_KINDS = ['image1', 'image2', 'image3', 'image4', 'model_plus', 'model_straight']
const ADDITIONAL_IMAGE_KINDS = ['customer', 'instagram', 'model', 'pocket']

const byItem = <T extends { item_id: number }>(rows: T[]) => {
  const map = new Map<number, T[]>()
  for (const row of rows) {
    const list = map.get(row.item_id)
    if (list) list.push(row)
    else map.set(row.item_id, [row])
  }
  return map
}

const imageData = (row: ImageRow): CatalogImage => ({ url: row.url, width: row.width, height: row.height, alt: row.alt })

/** A card in a grid (SPEC §3 Item). */
function itemSummary(row: ItemRow, sizes: SizeRow[], images: ImageRow[], hasClub: boolean): ItemSummary {
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

/** Cards for many items in three queries whatever their number: items, sizes, images. */
async function summaries(db: Db, rows: ItemRow[], hasClub: boolean, imageKinds = CARD_IMAGE_KINDS): Promise<ItemSummary[]> {
  const ids = rows.map((row) => row.id)
  const [sizes, images] = await Promise.all([listSizes(db, ids), listImages(db, ids, imageKinds)])
  const sizesOf = byItem(sizes)
  const imagesOf = byItem(images)
  return rows.map((row) => itemSummary(row, sizesOf.get(row.id) ?? [], imagesOf.get(row.id) ?? [], hasClub))
}

function categoryFields(row: CategoriesRow): CategoryInfo {
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

export async function getCategory(db: Db, brandId: string, name: string, hasClub: boolean): Promise<Category> {
  const category = await findCategory(db, brandId, name)
  if (!category) throw notFound(`We couldn't find the category '${name}'.`)
  const rows = await listCategoryItems(db, category.id)
  return { ...categoryFields(category), items: await summaries(db, rows, hasClub) }
}

export async function getCategoryGroup(db: Db, brandId: string, name: string): Promise<CategoryGroup> {
  const group = await findCategoryGroup(db, brandId, name)
  if (!group) throw notFound(`We couldn't find the collection '${name}'.`)
  const categories = await listGroupCategories(db, group.id)
  const counts = new Map((await countCategoryItems(db, categories.map((c) => c.id))).map((c) => [c.category_id, Number(c.count)]))
  return {
    id: group.id,
    name: group.name,
    title: group.title,
    description: group.description,
    link: `/category-group/${group.name}`,
    categories: categories.map((category) => ({ ...categoryFields(category), item_count: counts.get(category.id) ?? 0 })),
  }
}

export async function getItemDetail(db: Db, brandId: string, id: number, hasClub: boolean): Promise<ItemDetail> {
  const item = await findItem(db, brandId, id)
  if (!item) throw notFound(`We couldn't find item ${id}. It may no longer be sold.`)
  const [variants, matches, sections, categories, reviews] = await Promise.all([
    listStyleVariants(db, brandId, item.style_id),
    listMatchingItems(db, id),
    listBulletSections(db, id),
    listItemCategories(db, id),
    reviewSummary(db, brandId, id),
  ])
  const related = [...variants, ...matches]
  const relatedIds = related.map((row) => row.id)
  const [sizes, allImages, cardImages] = await Promise.all([
    listSizes(db, [...new Set([id, ...relatedIds])]),
    listImages(db, [id]),
    listImages(db, relatedIds, ['image1']),
  ])
  const sizesOf = byItem(sizes)
  const cardImagesOf = byItem(cardImages)
  const summary = itemSummary(item, sizesOf.get(id) ?? [], allImages, hasClub)
  const customerImages = allImages.filter((image) => image.kind === 'customer').slice(0, MAX_CUSTOMER_IMAGES)
  const count = Number(reviews.count)
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
      const variantSizes = sizesOf.get(variant.id) ?? []
      return {
        id: variant.id,
        link: `/item/${variant.id}`,
        color: variant.color,
        swatch: variant.swatch,
        image: cardImagesOf.get(variant.id)?.[0] ? imageData(cardImagesOf.get(variant.id)![0]!) : (summary.images.image1 ?? null),
        availableSizes: sortSizes(variantSizes.filter((s) => s.stock > 0).map((s) => s.size)),
        itemGroupIds: readList(variant.item_group_ids),
      }
    }),
    matchingItems: matches.map((match) =>
      itemSummary(match, sizesOf.get(match.id) ?? [], cardImagesOf.get(match.id) ?? [], hasClub),
    ),
    categories: categories.map((category) => ({ name: category.name, title: category.title, link: `/category/${category.name}` })),
    reviewSummary: { count, average: count ? Math.round(Number(reviews.average) * 10) / 10 : null },
  }
}

export async function getReviews(db: Db, brandId: string, itemId: number | null, page: number, perPage: number): Promise<Review[]> {
  const rows = await listReviews(db, brandId, itemId, perPage, (page - 1) * perPage)
  return rows.map((row): Review => ({
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
  }))
}
