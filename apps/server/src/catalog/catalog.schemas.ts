/** What the catalogue's calls take, checked alike for the API and for the pages. */
import { z } from 'zod'
import { readCategoryCursor } from './category-cursor.ts'

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

/** The cards of a page when only `after` is given. */
export const CATEGORY_PAGE_CARDS = 48

/**
 * GET /categories/{name}: the whole category without `limit` and `after` (what the storefront's
 * page reads), or a page of `limit` cards after the card `after` names (a `next` of an earlier
 * page), in the category's order.
 */
export const categoryQuery = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit is at least 1')
    .max(200, 'limit is at most 200')
    .optional()
    .describe(`cards a page holds, 1 to 200 (${CATEGORY_PAGE_CARDS} when only \`after\` is given); without \`limit\` and \`after\` the whole category`),
  after: z
    .string()
    .transform((text, ctx) => {
      const place = readCategoryCursor(text)
      if (!place) ctx.addIssue({ code: 'custom', message: 'This page of the category is not one we gave out. Start again from the first page (without after).' })
      return place ?? z.NEVER
    })
    .optional()
    .describe('the `next` of the page before: this page starts after its last card (opaque; without it, the first page)'),
})
