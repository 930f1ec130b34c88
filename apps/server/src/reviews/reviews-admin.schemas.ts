/** What the operator's review calls take and answer (/api/admin/reviews). */
import type { AdminReview } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'

export const adminReviewSchema = contract<AdminReview>('AdminReview')(
  z.object({
    id: z.string(),
    item_id: z.number().int().nullable(),
    item_name: z.string().nullable(),
    customer_id: z.string().nullable(),
    author: z.string().describe('as the storefront signs it: first name and last initial'),
    rating: z.number().int(),
    text: z.string().nullable(),
    photos: z.array(z.string()).describe('the addresses of its photos'),
    hidden: z.boolean(),
    verified_buyer: z.boolean(),
    created_at: z.string(),
  }),
)

export const reviewsQuery = z.object({
  state: z.enum(['shown', 'hidden'], { message: 'A review is shown or hidden' }).optional(),
  item_id: z.coerce
    .number({ message: 'An item id is a number' })
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  rating: z.coerce.number({ message: 'A rating is 1 to 5' }).int().min(1, 'A rating is 1 to 5').max(5, 'A rating is 1 to 5').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
})

export const reviewIdParams = z.object({ id: z.string().trim().min(1).max(64) })
export const reviewsPageSchema = z.object({ reviews: z.array(adminReviewSchema), next_cursor: z.string().nullable() })
export const reviewAnswerSchema = z.object({ review: adminReviewSchema })
