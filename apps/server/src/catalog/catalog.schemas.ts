/** What the catalogue's calls take, checked alike for the API and for the pages. */
import { z } from 'zod'

export const slug = (what: string) =>
  z
    .string()
    .min(1, `${what} is required`)
    .max(100, `${what} is too long`)
    .regex(/^[a-z0-9][a-z0-9_-]*$/i, `${what} may use letters, digits, '-' and '_' only`)

/** An item id: a whole number, written in decimal digits when it comes as text ('0x10' and '1e3' are not ids). */
export const itemIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ message: 'Item id must be a number' }).int('Item id must be a whole number').positive('Item id must be a positive number').max(2_147_483_647, 'Item id is too large'),
)

export const reviewsQuery = z.object({
  item_id: itemIdSchema.optional(),
  // each check says its own rule: without one, zod 4 answers the schema's message ('must be a number') for 99999 too
  page: z.coerce.number({ message: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page starts at 1').max(1000, 'Page goes up to 1000').default(1),
  per_page: z.coerce
    .number({ message: 'per_page must be a number' })
    .int('per_page must be a whole number')
    .min(1, 'per_page is at least 1')
    .max(100, 'per_page is at most 100')
    .default(24),
})
