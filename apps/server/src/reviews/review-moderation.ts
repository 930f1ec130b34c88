/**
 * Moderating reviews (docs/reviews.md, docs/admin-customers.md): the operator's
 * Reviews page and `npm run review:hide` use these same functions. A hidden review
 * stays in the database (hidden = 1) and leaves every list, count and average; its
 * photos are deleted from the media storage (a review is often hidden for what its
 * photos show). Shown again, it comes back without them. Each change is audited in
 * its transaction; the brand's cached catalogue is dropped after it.
 */
import type { AdminReview } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { badRequest } from '../http/errors.ts'
import type { MediaStorage } from '../media/storage.ts'
import { audited } from '../staff/audit.ts'
import { emitReviewsChanged } from './review-events.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Who moderates: a member of staff, or the command line (staffId null). */
export interface Moderator {
  staffId: string | null
  ip: string
  now(): Date
}

const COMMAND_LINE: Moderator = { staffId: null, ip: 'command line', now: () => new Date() }

export interface ReviewFilter {
  state?: 'shown' | 'hidden'
  item_id?: number
  rating?: number
  cursor?: string
  limit?: number
}

const REVIEW_COLUMNS = [
  'reviews.id',
  'reviews.item_id',
  'items.name as item_name',
  'reviews.customer_id',
  'reviews.first_name',
  'reviews.last_initial',
  'reviews.rating',
  'reviews.about_your_product',
  'reviews.photo_1',
  'reviews.photo_2',
  'reviews.photo_3',
  'reviews.hidden',
  'reviews.verified_buyer',
  'reviews.created_at',
] as const

function reviewsOf(db: Db, brandId: string) {
  return db
    .selectFrom('reviews')
    .leftJoin('items', (join) => join.onRef('items.id', '=', 'reviews.item_id').on('items.brand_id', '=', brandId))
    .select(REVIEW_COLUMNS)
    .where('reviews.brand_id', '=', brandId)
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewsOf>['execute']>>[number]

const view = (row: ReviewRow): AdminReview => ({
  id: row.id,
  item_id: row.item_id,
  item_name: row.item_name ?? null,
  customer_id: row.customer_id,
  author: `${row.first_name}${row.last_initial ? ` ${row.last_initial}.` : ''}`,
  rating: row.rating,
  text: row.about_your_product,
  photos: [row.photo_1, row.photo_2, row.photo_3].filter((url): url is string => Boolean(url)),
  hidden: row.hidden === 1,
  verified_buyer: row.verified_buyer === 1,
  created_at: row.created_at,
})

const encodeCursor = (row: { created_at: string; id: string }) => Buffer.from(`${row.created_at}|${row.id}`).toString('base64url')
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  if (!at || !id) throw badRequest('This page of reviews is not one we gave out. Start from the first page.', 'cursor')
  return { at, id }
}

/** A page of the brand's reviews, newest first, filtered by state, item and rating. */
export async function listReviews(db: Db, brandId: string, filter: ReviewFilter): Promise<{ reviews: AdminReview[]; next_cursor: string | null }> {
  const limit = filter.limit ?? 50
  let q = reviewsOf(db, brandId)
  if (filter.state) q = q.where('reviews.hidden', '=', filter.state === 'hidden' ? 1 : 0)
  if (filter.item_id !== undefined) q = q.where('reviews.item_id', '=', filter.item_id)
  if (filter.rating !== undefined) q = q.where('reviews.rating', '=', filter.rating)
  if (filter.cursor) {
    const after = decodeCursor(filter.cursor)
    q = q.where((eb) => eb.or([eb('reviews.created_at', '<', after.at), eb.and([eb('reviews.created_at', '=', after.at), eb('reviews.id', '<', after.id)])]))
  }
  const rows = await q
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return { reviews: page.map(view), next_cursor: rows.length > limit && last ? encodeCursor(last) : null }
}

export async function reviewsOfCustomer(db: Db, brandId: string, customerId: string): Promise<AdminReview[]> {
  const rows = await reviewsOf(db, brandId).where('reviews.customer_id', '=', customerId).orderBy('reviews.created_at', 'desc').limit(100).execute()
  return rows.map(view)
}

export async function findReview(db: Db, brandId: string, id: string): Promise<AdminReview | null> {
  const row = await reviewsOf(db, brandId).where('reviews.id', '=', id).executeTakeFirst()
  return row ? view(row) : null
}

/**
 * Hides a review: true when a shown review was hidden (false when it already was).
 * `brandId` limits it to one brand (the operator acts at the brand of its host);
 * the command line finds the review in any brand.
 */
export async function hideReview(
  data: { db: Kysely<Database> },
  storage: MediaStorage,
  id: string,
  by: Moderator = COMMAND_LINE,
  brandId?: string,
): Promise<{ hidden: boolean; brandId: string | null }> {
  let q = data.db.selectFrom('reviews').select(['brand_id', 'hidden', 'photo_1', 'photo_2', 'photo_3']).where('id', '=', id)
  if (brandId) q = q.where('brand_id', '=', brandId)
  const row = await q.executeTakeFirst()
  if (!row) return { hidden: false, brandId: null }
  const hidden = await data.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('reviews')
      .set({ hidden: 1, photo_1: null, photo_2: null, photo_3: null })
      .where('id', '=', id)
      .where('brand_id', '=', row.brand_id)
      .where('hidden', '=', 0)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) return false
    await audited(trx, { ...by, brandId: row.brand_id }, { action: 'review.hide', entity: 'review', id, before: { hidden: false }, after: { hidden: true } })
    return true
  })
  if (hidden) {
    const keys = [row.photo_1, row.photo_2, row.photo_3].flatMap((url) => {
      const key = url ? storage.keyOf(url) : null
      return key ? [key] : []
    })
    await Promise.all(keys.map((key) => storage.delete(key)))
    emitReviewsChanged(row.brand_id)
  }
  return { hidden, brandId: row.brand_id }
}

/** Shows a hidden review again (its photos were deleted when it was hidden): true when it was hidden. */
export async function showReview(db: Kysely<Database>, by: Moderator, brandId: string, id: string): Promise<boolean> {
  const shown = await db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('reviews').set({ hidden: 0 }).where('id', '=', id).where('brand_id', '=', brandId).where('hidden', '=', 1).executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) return false
    await audited(trx, { ...by, brandId }, { action: 'review.show', entity: 'review', id, before: { hidden: true }, after: { hidden: false } })
    return true
  })
  if (shown) emitReviewsChanged(brandId)
  return shown
}

/** The author's name on the customer's reviews, after their data is erased (the text stays, unsigned). */
export async function unsignReviews(trx: Transaction<Database>, brandId: string, customerId: string): Promise<number> {
  const result = await trx
    .updateTable('reviews')
    .set({ first_name: 'A customer', last_initial: '', instagram: null })
    .where('brand_id', '=', brandId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
