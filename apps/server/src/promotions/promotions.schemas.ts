/** What the operator's promotions calls take and answer (docs/admin-promotions.md): /api/admin/promotions/... */
import type { AdminBundleOffer, AdminDiscountCode, AdminOneTimeOffer, AdminOrderBump, AdminSocialMediaSpecial, PromotionSales } from '@store/core'
import { z } from 'zod'
import { dollars, text } from '../catalog-admin/catalog-admin.schemas.ts'
import { contract } from '../http/response-schemas.ts'
import { optionalFlag } from '../staff/staff.schemas.ts'

/** A comma list or a list of names (discount classes): trimmed, lower-case, no empties. */
const classList = (field: string) =>
  z
    .union([z.string().max(500, `The ${field} are too long`), z.array(z.string().max(60)).max(30, `Too many ${field}`)])
    .describe('a comma list, such as leggings,capris')
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((name) => name.trim().toLowerCase()).filter(Boolean))
    .refine((names) => names.every((name) => /^[a-z0-9][a-z0-9 _-]*$/.test(name)), `The ${field} are names of letters, digits, spaces, - or _`)

/** Bullets: a list, or one per line. */
const bulletList = z
  .union([z.string().max(2000, 'The bullets are too long'), z.array(z.string().max(200, 'A bullet is at most 200 characters')).max(10, 'At most 10 bullets')])
  .describe('one bullet per line, or a list')
  .transform((value) => (Array.isArray(value) ? value : value.split('\n')).map((line) => line.trim()).filter(Boolean))
  .refine((lines) => lines.length <= 10, 'At most 10 bullets')
  .refine((lines) => lines.every((line) => line.length <= 200), 'A bullet is at most 200 characters')

/** A date and time (ISO 8601, or YYYY-MM-DD for the start of that day UTC); '' or null for none. */
const moment = (field: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string()
      .max(40)
      .refine((value) => !Number.isNaN(Date.parse(value)), `${field} is a date, like 2026-12-01 or 2026-12-01T09:00:00Z`)
      .transform((value) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value).toISOString())
      .nullable()
      .optional(),
  )

const codeFields = {
  code: z
    .string({ message: 'Enter the code shoppers type' })
    .trim()
    .min(3, 'A code is at least 3 characters')
    .max(30, 'A code is at most 30 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'A code is letters, digits, - or _ (no spaces)'),
  name: text('name shoppers see', 60).optional(),
  info: z.string().trim().max(200, 'The line shoppers read is at most 200 characters').optional(),
  bullets: bulletList.optional(),
  details: z.string().trim().max(2000, 'The details are at most 2000 characters').optional(),
  kind: z.enum(['percentage', 'amount'], { message: 'A code takes a percentage or an amount off' }).optional(),
  percentage: z.coerce
    .number({ message: 'The percentage is a whole number' })
    .int('The percentage is a whole number')
    .min(0, 'The percentage cannot be below 0')
    .max(100, 'The percentage is at most 100')
    .optional(),
  amount: dollars('The amount off').optional(),
  included_classes: classList('included classes').optional(),
  excluded_classes: classList('excluded classes').optional(),
  minimum_order: dollars('The minimum order').optional(),
  club_only: optionalFlag('club_only'),
  first_order_only: optionalFlag('first_order_only'),
  one_per_customer: optionalFlag('one_per_customer'),
  starts_at: moment('The start'),
  ends_at: moment('The end'),
  max_uses: z.preprocess(
    (value) => (value === '' ? null : value),
    z.coerce
      .number({ message: 'The uses in all is a whole number' })
      .int('The uses in all is a whole number')
      .min(1, 'Allow at least 1 use, or leave it empty for no cap')
      .max(10_000_000, 'That is too many uses')
      .nullable()
      .optional(),
  ),
}

export const newDiscountCodeBody = z.object(codeFields)
export const discountCodePatchBody = z.object(codeFields).partial()
export type DiscountCodeInput = z.output<typeof discountCodePatchBody>

export const promotionIdParams = z.object({ id: z.string().trim().min(1).max(100) })

export const discountCodesQuery = z.object({
  query: z.string().trim().max(60).optional(),
  status: z.enum(['running', 'scheduled', 'ended'], { message: 'Status is running, scheduled or ended' }).optional(),
  sort: z.enum(['code', '-code'], { message: 'Sort by code or -code' }).optional(),
  cursor: z.string().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
})

const salesSchema = contract<PromotionSales>('PromotionSales')(z.object({ shown: z.number().int().nullable(), taken: z.number().int(), revenue: z.number() }))

const discountCodeSchema = contract<AdminDiscountCode>('AdminDiscountCode')(
  z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    info: z.string().nullable(),
    bullets: z.array(z.string()),
    details: z.string().nullable(),
    kind: z.enum(['percentage', 'amount']),
    percentage: z.number().int(),
    amount: z.number(),
    included_classes: z.array(z.string()),
    excluded_classes: z.array(z.string()),
    minimum_order: z.number(),
    club_only: z.boolean(),
    first_order_only: z.boolean(),
    one_per_customer: z.boolean(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    max_uses: z.number().int().nullable(),
    uses: z.number().int(),
    status: z.enum(['running', 'scheduled', 'ended']),
    sales: salesSchema,
  }),
)

export const discountCodeAnswer = z.object({ discount_code: discountCodeSchema })
export const discountCodesPage = z.object({ discount_codes: z.array(discountCodeSchema), next_cursor: z.string().nullable() })

const orderBumpSchema = contract<AdminOrderBump>('AdminOrderBump')(
  z.object({
    id: z.string(),
    item_id: z.number().int(),
    item_name: z.string(),
    headline: z.string(),
    text_copy: z.string(),
    short_item_name: z.string(),
    price: z.number(),
    position: z.number().int(),
    sales: salesSchema,
  }),
)

export const orderBumpsAnswer = z.object({ order_bumps: z.array(orderBumpSchema) })
export const orderBumpAnswer = z.object({ order_bump: orderBumpSchema })

export const orderBumpPatchBody = z
  .object({
    item_id: z.coerce
      .number({ message: 'Choose an item by its id' })
      .int()
      .positive('Choose an item by its id')
      .max(2 ** 31 - 1),
    headline: text('headline', 160),
    text_copy: text('text', 1000),
    short_item_name: text('short item name', 60),
    price: dollars('The price'),
    position: z.coerce.number().int('The position is a whole number').min(0).max(1000),
  })
  .partial()
export const newOrderBumpBody = orderBumpPatchBody.required({ item_id: true, headline: true, text_copy: true, short_item_name: true, price: true })

const optionalText = (field: string, max: number) =>
  z.preprocess((value) => (value === '' ? null : value), z.string().trim().max(max, `The ${field} is at most ${max} characters`).nullable().optional())

/** An image of the offer: an address on this store (/media/..., /uploads/...) or https. */
const imageAddress = (field: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/[^/]|https:\/\/)/, `${field} is an address on this store (/media/...) or an https:// one`)
      .nullable()
      .optional(),
  )

export const oneTimeOfferPatchBody = z
  .object({
    categories: classList('categories'),
    banner: optionalText('banner', 200),
    headline: text('headline', 160),
    text_copy: text('text', 2000),
    extended_copy_1: optionalText('first extended copy', 2000),
    extended_copy_2: optionalText('second extended copy', 2000),
    extended_copy_3: optionalText('third extended copy', 2000),
    image_1: imageAddress('Image 1'),
    image_2: imageAddress('Image 2'),
    image_3: imageAddress('Image 3'),
    image_4: imageAddress('Image 4'),
    no_thanks_button_copy: text('"no thanks" button', 120),
    how_many: z.coerce.number({ message: 'How many is a whole number' }).int('How many is a whole number').min(1, 'At least 1 piece').max(12, 'At most 12 pieces'),
    short_item_name: text('short item name', 60),
    show_product_picker: optionalFlag('show_product_picker'),
    show_full_product_picker: optionalFlag('show_full_product_picker'),
    show_category_picker: optionalFlag('show_category_picker'),
    show_sizepicker: optionalFlag('show_sizepicker'),
    digital_product: optionalFlag('digital_product'),
    price: dollars('The price'),
    position: z.coerce.number().int('The position is a whole number').min(0).max(1000),
  })
  .partial()
export const newOneTimeOfferBody = oneTimeOfferPatchBody.required({
  categories: true,
  headline: true,
  text_copy: true,
  no_thanks_button_copy: true,
  short_item_name: true,
  price: true,
})
export type OneTimeOfferInput = z.output<typeof oneTimeOfferPatchBody>

const oneTimeOfferSchema = contract<AdminOneTimeOffer>('AdminOneTimeOffer')(
  z.object({
    id: z.string(),
    categories: z.array(z.string()),
    banner: z.string().nullable(),
    headline: z.string(),
    text_copy: z.string(),
    extended_copy_1: z.string().nullable(),
    extended_copy_2: z.string().nullable(),
    extended_copy_3: z.string().nullable(),
    image_1: z.string().nullable(),
    image_2: z.string().nullable(),
    image_3: z.string().nullable(),
    image_4: z.string().nullable(),
    no_thanks_button_copy: z.string(),
    how_many: z.number().int(),
    short_item_name: z.string(),
    show_product_picker: z.boolean(),
    show_full_product_picker: z.boolean(),
    show_category_picker: z.boolean(),
    show_sizepicker: z.boolean(),
    digital_product: z.boolean(),
    price: z.number(),
    position: z.number().int(),
    sales: salesSchema,
  }),
)
export const oneTimeOffersAnswer = z.object({ one_time_offers: z.array(oneTimeOfferSchema) })
export const oneTimeOfferAnswer = z.object({ one_time_offer: oneTimeOfferSchema })

export const bundleOfferPatchBody = z
  .object({
    offer_id: text('bundle name', 60).regex(/^[A-Za-z0-9][A-Za-z0-9 _-]*$/, 'A bundle name is letters, digits, spaces, - or _'),
    categories: classList('categories').refine((names) => names.length > 0, 'Name at least one category'),
    how_many: z.coerce.number({ message: 'How many is a whole number' }).int('How many is a whole number').min(2, 'A bundle is at least 2 pieces').max(12, 'At most 12 pieces'),
    price: dollars('The bundle price').refine((value) => value > 0, 'The bundle price is above 0'),
  })
  .partial()
export const newBundleOfferBody = bundleOfferPatchBody.required()
const bundleOfferSchema = contract<AdminBundleOffer>('AdminBundleOffer')(
  z.object({ id: z.string(), offer_id: z.string(), categories: z.array(z.string()), how_many: z.number().int(), price: z.number(), sales: salesSchema }),
)
export const bundleOffersAnswer = z.object({ bundle_offers: z.array(bundleOfferSchema) })
export const bundleOfferAnswer = z.object({ bundle_offer: bundleOfferSchema })

const landerSchema = z.object({
  id: z
    .string({ message: 'Give the lander an id' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'A lander id is lower-case letters, digits and -'),
  headline: text('lander headline', 160),
  image: z
    .string({ message: "Give the lander's image" })
    .trim()
    .max(500)
    .regex(/^(\/[^/]|https:\/\/)/, 'The image is an address on this store (/media/...) or an https:// one'),
})
export const specialPatchBody = z
  .object({
    landing_page_headline: text('headline', 160),
    free_shipping: optionalFlag('free_shipping'),
    main_item_description: text('description', 2000),
    item_id: z.preprocess(
      (value) => (value === '' ? null : value),
      z.coerce
        .number({ message: 'Choose an item by its id' })
        .int()
        .positive('Choose an item by its id')
        .max(2 ** 31 - 1)
        .nullable(),
    ),
    price: dollars('The price'),
    split_test_no_lander: optionalFlag('split_test_no_lander'),
    split_test_landers: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean)
          : value,
      z.array(z.string().max(60)).max(10, 'At most 10 landers in the test'),
    ),
    landers: z.preprocess(
      (value) => {
        if (typeof value !== 'string') return value
        try {
          return JSON.parse(value)
        } catch {
          return value
        }
      },
      z.array(landerSchema, { message: 'The landers are a list of {id, headline, image}' }).max(10, 'At most 10 landers'),
    ),
  })
  .partial()
export const newSpecialBody = specialPatchBody.extend({
  id: z
    .string({ message: 'Give the special its address' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{2,59}$/, 'The address is 3 to 60 lower-case letters, digits and - (it goes after /social_media_specials/)'),
  landing_page_headline: text('headline', 160),
  main_item_description: text('description', 2000),
  item_id: z.coerce
    .number({ message: 'Choose an item by its id' })
    .int()
    .positive('Choose an item by its id')
    .max(2 ** 31 - 1),
  price: dollars('The price'),
})
const specialSchema = contract<AdminSocialMediaSpecial>('AdminSocialMediaSpecial')(
  z.object({
    id: z.string(),
    permalink: z.string(),
    landing_page_headline: z.string(),
    free_shipping: z.boolean(),
    main_item_description: z.string(),
    item_id: z.number().int().nullable(),
    item_name: z.string().nullable(),
    price: z.number(),
    free_gift: z.boolean(),
    split_test_no_lander: z.boolean(),
    split_test_landers: z.array(z.string()),
    landers: z.array(z.object({ id: z.string(), headline: z.string(), image: z.string() })),
    sales: salesSchema,
  }),
)
export const specialsAnswer = z.object({ social_media_specials: z.array(specialSchema) })
export const specialAnswer = z.object({ social_media_special: specialSchema })
