/** What a buyer's review takes, checked alike for the API and the pages. */
import { parseBoolean, type ReviewableItem } from '@store/core'
import { z } from 'zod'
import { itemIdSchema } from '../catalog/catalog.schemas.ts'

const answer = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep it under ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null))

export const reviewBody = z.object({
  item_id: itemIdSchema,
  rating: z.coerce
    .number({ message: 'Choose a rating from 1 to 5 stars.' })
    .int('Choose a rating from 1 to 5 stars.')
    .min(1, 'Choose a rating from 1 to 5 stars.')
    .max(5, 'Choose a rating from 1 to 5 stars.'),
  would_you_recommend_us: z.union([z.string(), z.boolean(), z.number()], { message: 'Say whether you would recommend us.' }).transform((value, issue) => {
    try {
      return parseBoolean(value === 'yes' ? true : value === 'no' ? false : value)
    } catch {
      issue.addIssue({ code: 'custom', message: 'Say whether you would recommend us.' })
      return z.NEVER
    }
  }),
  instagram: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(z.string().regex(/^[A-Za-z0-9._]{0,30}$/, 'An Instagram handle has up to 30 letters, digits, dots and underscores.'))
    .optional()
    .transform((value) => (value ? value : null)),
  about_your_product: z.string({ message: 'Tell us about the product.' }).trim().min(3, 'Tell us about the product.').max(2000, 'Keep it under 2000 characters.'),
  sizing_fit: answer(1000),
  how_do_you_style: answer(1000),
  where_travel: answer(1000),
  how_was_your_first_order: answer(1000),
})
export type ReviewInput = z.output<typeof reviewBody>

export const reviewableItemSchema = z.object({
  item_id: z.int(),
  order_number: z.string(),
  name: z.string(),
}) satisfies z.ZodType<ReviewableItem>
