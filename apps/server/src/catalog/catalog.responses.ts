/**
 * What the catalogue answers: GET /categories/{name}, /category-groups/{name}, /items/{id}
 * and /reviews, as the contract types of packages/core/src/contract/catalog.ts (tsc checks
 * each schema against its type).
 */
import type {
  AdditionalImage,
  AspectClass,
  Bullet,
  BulletSection,
  CatalogImage,
  Category,
  CategoryGroup,
  CategoryLink,
  GroupCategory,
  ImageSource,
  ItemDetail,
  ItemSummary,
  ItemVariant,
  Review,
  ReviewSummary,
} from '@store/core'
import { z } from 'zod'
import { contract, openString } from '../http/response-schemas.ts'

const imageSourceSchema = contract<ImageSource>('ImageSource')(
  z.object({ type: z.enum(['image/avif', 'image/webp', 'image/jpeg']), srcset: z.string().describe("'/uploads/a-400.avif 400w, /uploads/a-800.avif 800w'") }),
)

const catalogImageSchema = contract<CatalogImage>('CatalogImage')(
  z.object({
    url: z.string(),
    width: z.number(),
    height: z.number(),
    alt: z.string(),
    sources: z.array(imageSourceSchema).optional().describe("an uploaded photo's responsive files, best format first; absent for drawn images"),
    focus: z.string().optional().describe("an uploaded photo's focal point as CSS object-position, '40% 30%'"),
  }),
)

const itemSummaryShape = {
  id: z.int(),
  link: z.string().describe("'/item/{id}'"),
  name: z.string(),
  itemTypeName: z.string(),
  description: z.string(),
  color: z.string(),
  swatch: z.string().describe('CSS colour of the swatch'),
  baseColors: z.array(z.string()),
  aspectClass: openString<AspectClass>('double1x1 (square), double (portrait 4:5), aspect2x5 (tall); others read as double'),
  images: z
    .record(z.string(), catalogImageSchema)
    .describe('images keyed by kind: image1..image4, model_plus, model_straight; on the item page also customer, instagram, model, pocket'),
  sizes: z.array(z.string()),
  availableSizes: z.array(z.string()),
  categoryPageAttributes: z.record(z.string(), z.unknown()).describe('free-form card attributes: badge, fabric, fit ...'),
  itemGroupIds: z.array(z.string()),
  discount_class: z.string().describe('comma list of discount classes'),
  vip_exclusive: z.boolean(),
  imageMaxHeight: z.number().nullable(),
  created_at: z.string(),
  price: z.number().describe('what this shopper pays, in dollars (the member price for a club member)'),
  original_price: z.number().nullable().describe('the struck-through price beside it'),
  member_price: z.number().nullable(),
}

const itemSummarySchema = contract<ItemSummary>('ItemSummary')(z.object(itemSummaryShape))

const bulletSchema = contract<Bullet>('Bullet')(
  z.object({
    value: z.string(),
    value_for_category_page: z.string().optional(),
    description: z.string().optional(),
    icon: z.string().optional().describe('a store icon name'),
  }),
)

const bulletSectionSchema = contract<BulletSection>('BulletSection')(z.object({ header: z.string(), icon: z.string().nullable(), bullets: z.array(bulletSchema) }))

const itemVariantSchema = contract<ItemVariant>('ItemVariant')(
  z.object({
    id: z.int(),
    link: z.string(),
    color: z.string(),
    swatch: z.string(),
    image: catalogImageSchema.nullable(),
    availableSizes: z.array(z.string()),
    itemGroupIds: z.array(z.string()),
  }),
)

const additionalImageSchema = contract<AdditionalImage>('AdditionalImage')(catalogImageSchema.extend({ type: openString<AdditionalImage['type']>('instagram, model, pocket ...') }))

const categoryLinkSchema = contract<CategoryLink>('CategoryLink')(z.object({ name: z.string(), title: z.string(), link: z.string() }))

const reviewSummarySchema = contract<ReviewSummary>('ReviewSummary')(z.object({ count: z.int(), average: z.number().nullable().describe('to one decimal; null without reviews') }))

export const itemDetailSchema = contract<ItemDetail>('ItemDetail')(
  z
    .object({
      ...itemSummaryShape,
      orderedImageKeys: z.array(z.string()).describe('kinds of `images` to show, in order'),
      additionalImages: z.array(additionalImageSchema),
      customerImages: z.array(catalogImageSchema),
      bulletSections: z.array(bulletSectionSchema),
      variants: z.array(itemVariantSchema),
      matchingItems: z.array(itemSummarySchema),
      categories: z.array(categoryLinkSchema),
      reviewSummary: reviewSummarySchema,
    })
    .meta({ description: 'An item with its images, sizes, variants, bullet sections and matching items' }),
)

const categoryInfoShape = {
  id: z.int(),
  name: z.string(),
  title: z.string(),
  link: z.string().describe("'/category/{name}'"),
  layout: z.string().describe("'1x1' (1-4 columns) or 'catch-all' (2-5 columns)"),
  icon: z.string().nullable(),
  icon_2: z.string().nullable(),
  images: z.array(catalogImageSchema),
  short_description: z.string().nullable(),
  long_description: z.string().nullable(),
  bullets: z.array(z.string()),
  base_category_name: z.string().nullable(),
  banner: z.string().nullable().describe('promotional text shown above the category'),
}

export const categorySchema = contract<Category>('Category')(
  z
    .object({
      ...categoryInfoShape,
      items: z.array(itemSummarySchema),
      next: z
        .string()
        .nullable()
        .optional()
        .describe('asked for a page (`limit`, `after`): the `after` of the next page, null on the last page; absent when the whole category is answered'),
    })
    .meta({ description: 'A category with its items: all of them, or a page of them in the category order' }),
)

const groupCategorySchema = contract<GroupCategory>('GroupCategory')(z.object({ ...categoryInfoShape, item_count: z.int() }))

export const categoryGroupSchema = contract<CategoryGroup>('CategoryGroup')(
  z
    .object({
      id: z.int(),
      name: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      link: z.string().describe("'/category-group/{name}'"),
      categories: z.array(groupCategorySchema),
    })
    .meta({ description: 'A category group with its categories (without their items)' }),
)

export const reviewSchema = contract<Review>('Review')(
  z.object({
    id: z.string(),
    item_id: z.int().nullable(),
    first_name: z.string(),
    last_initial: z.string(),
    instagram: z.string().nullable(),
    rating: z.number(),
    would_you_recommend_us: z.boolean(),
    images: z.array(z.string()).describe('addresses of the photos'),
    about_your_product: z.string().nullable(),
    sizing_fit: z.string().nullable(),
    how_do_you_style: z.string().nullable(),
    where_travel: z.string().nullable(),
    how_was_your_first_order: z.string().nullable(),
    created_at: z.string(),
    verified_buyer: z.boolean().describe('written by a customer whose order of the item the store saw'),
  }),
)

export const reviewsSchema = z.array(reviewSchema)
