/** What the operator's catalogue calls take and answer (DESIGN §8: /items, /stock). */
import type { AdminItem, AdminItemPhoto, CatalogCsvChange, CatalogCsvError, StockAdjustment } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'
import { optionalFlag } from '../staff/staff.schemas.ts'

/** Dollars as a shopper reads them (39.99), at most two decimals, 0 to 100,000. */
export const dollars = (field: string) =>
  z.coerce
    .number({ message: `${field} is a number of dollars, like 39.99` })
    .min(0, `${field} cannot be below 0`)
    .max(100_000, `${field} is too high`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${field} has at most two decimals (cents)`)

/** An optional price: left out, or '' / null for none. */
const optionalDollars = (field: string) => z.preprocess((value) => (value === '' ? null : value), dollars(field).nullable().optional())

export const text = (field: string, max: number) =>
  z
    .string({ message: `Enter the ${field}` })
    .trim()
    .min(1, `Enter the ${field}`)
    .max(max, `The ${field} is too long`)

const itemFields = {
  name: text('name', 120),
  category: text('category', 80).describe("a category's name, such as leggings"),
  price: dollars('Price'),
  member_price: optionalDollars('Member price'),
  compare_at_price: optionalDollars('Compare-at price'),
  color: text('colour', 60),
  sizes: z
    .union([z.string(), z.array(z.string())])
    .describe('a comma list, such as XS,S,M,L')
    .transform((value) => (Array.isArray(value) ? value.join(',') : value)),
  description: z.string().trim().max(5000, 'The description is too long').optional(),
  published: optionalFlag('published'),
  vip_exclusive: optionalFlag('vip_exclusive'),
}

export const newItemBody = z.object(itemFields)
export const itemPatchBody = z.object(itemFields).partial()

export const itemIdParams = z.object({
  id: z.coerce
    .number({ message: 'An item id is a number' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
})

export const itemsQuery = z.object({
  query: z.string().trim().max(120).optional(),
  cursor: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
})

export const stockBody = z.object({
  item_id: z.coerce
    .number({ message: 'Choose an item' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
  size: text('size', 40),
  quantity: z.coerce
    .number({ message: 'The count is a whole number' })
    .int('The count is a whole number')
    .min(0, 'The count cannot be below 0')
    .max(1_000_000, 'That count is too high'),
  reason: text('reason', 300),
})

const sizeSchema = z.object({ size: z.string(), stock: z.number().int() })

const adminItemSchema = contract<AdminItem>('AdminItem')(
  z.object({
    id: z.number().int(),
    style_id: z.string(),
    name: z.string(),
    category: z.string().nullable(),
    categories: z.array(z.string()),
    color: z.string(),
    price: z.number(),
    member_price: z.number().nullable(),
    compare_at_price: z.number().nullable(),
    description: z.string(),
    published: z.boolean(),
    vip_exclusive: z.boolean(),
    sizes: z.array(sizeSchema),
    image: z.string().nullable().describe('the front image, for lists'),
  }),
)

const adjustmentSchema = contract<StockAdjustment>('StockAdjustment')(
  z.object({
    at: z.string(),
    size: z.string(),
    from: z.number().int(),
    to: z.number().int(),
    reason: z.string(),
    by: z.string().nullable(),
  }),
)

export const itemPageSchema = z.object({ item: adminItemSchema.extend({ adjustments: z.array(adjustmentSchema) }) })
export const itemAnswerSchema = z.object({ item: adminItemSchema })
export const itemsPageSchema = z.object({ items: z.array(adminItemSchema), next_cursor: z.string().nullable() })
export const stockAnswerSchema = z.object({ stock: z.object({ item_id: z.number().int(), size: z.string(), quantity: z.number().int() }) })
export const categoriesSchema = z.object({ categories: z.array(z.object({ name: z.string(), title: z.string() })) })

// ---------------------------------------------------------------- photos (POST /items/{id}/images ...)

export const photoParams = itemIdParams.extend({ photo: z.string().min(1).max(64) })

const percent = (field: string) =>
  z.coerce
    .number({ message: `The focal point's ${field} is a percentage, 0 to 100` })
    .int(`The focal point's ${field} is a whole percentage`)
    .min(0, `The focal point's ${field} is 0 to 100`)
    .max(100, `The focal point's ${field} is 0 to 100`)

export const photoPatchBody = z.object({
  alt: z.string().trim().max(300, 'The alt text is at most 300 characters').optional().describe('what the photo shows, for people who cannot see it'),
  focal_x: percent('left').optional().describe('percent from the left'),
  focal_y: percent('top').optional().describe('percent from the top'),
})

export const photoOrderBody = z.object({ ids: z.array(z.string().max(64)).max(50).describe("every photo's id once, the front photo first") })

export const photoUploadBody = z.object({
  file: z.unknown().optional().describe('one or more image files (multipart/form-data, the field repeated): JPEG, PNG, WebP or AVIF'),
})

const photoSchema = contract<AdminItemPhoto>('AdminItemPhoto')(
  z.object({
    id: z.string(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    alt: z.string(),
    position: z.number().int(),
    focal_x: z.number().int(),
    focal_y: z.number().int(),
    variants: z.array(z.object({ format: z.enum(['avif', 'webp', 'jpeg']), width: z.number().int(), url: z.string() })),
  }),
)

export const photosAnswerSchema = z.object({ images: z.array(photoSchema) })
export const photoAnswerSchema = z.object({ image: photoSchema })

// ---------------------------------------------------------------- CSV import report (POST /items.csv)

const csvChangeSchema = contract<CatalogCsvChange>('CatalogCsvChange')(
  z.object({ line: z.number().int(), item_id: z.number().int().nullable(), field: z.string(), from: z.string(), to: z.string() }),
)
const csvErrorSchema = contract<CatalogCsvError>('CatalogCsvError')(z.object({ line: z.number().int(), field: z.string().nullable(), message: z.string() }))

export const csvImportQuery = z.object({ dry_run: optionalFlag('dry_run') })
export const csvReportSchema = z.object({
  dry_run: z.boolean(),
  applied: z.boolean().describe('true: the changes were made (a real import without errors)'),
  items: z.number().int().describe('items read'),
  changes: z.array(csvChangeSchema),
  errors: z.array(csvErrorSchema),
})
