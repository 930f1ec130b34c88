/**
 * Reviews from buyers (docs/reviews.md). A customer reviews an item of an
 * order that has arrived: delivered (the carrier said so), or placed at least
 * REVIEW_AFTER_DAYS ago and not cancelled or refunded (carriers do not report
 * every delivery). One review per customer and item; it shows at once, marked as
 * from a verified buyer. Photos are checked, shrunk and kept by the media storage.
 */
import { randomUUID } from 'node:crypto'
import type { Review, ReviewableItem } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { conflict, unprocessable } from '../http/errors.ts'
import { requireCustomerId } from '../account/require-customer.ts'
import { getReviews } from '../catalog/catalog.service.ts'
import type { MediaStorage } from '../media/storage.ts'
import { MAX_PHOTOS, PhotoProblem, preparePhoto } from './photos.ts'
import { emitReviewsChanged } from './review-events.ts'
import type { ReviewInput } from './reviews.schemas.ts'

export const REVIEW_AFTER_DAYS = 14
const DAY_MS = 24 * 60 * 60 * 1000

/** The customer's items they may review now, newest order first: bought, arrived, not yet reviewed. */
export async function reviewableItems(ctx: RequestContext): Promise<ReviewableItem[]> {
  const customerId = await requireCustomerId(ctx)
  const { db, brandId } = ctx.data
  const arrivedBefore = new Date(ctx.now().getTime() - REVIEW_AFTER_DAYS * DAY_MS).toISOString()
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.order_number', 'order_lines.order_number')
    .select(['order_lines.item_id', 'order_lines.name', 'orders.order_number', 'orders.created_at'])
    .where('orders.brand_id', '=', brandId)
    .where('orders.customer_id', '=', customerId)
    .where('order_lines.cancelled', '=', 0)
    .where((eb) => eb.or([eb('orders.status', '=', 'delivered'), eb.and([eb('orders.status', 'in', ['paid', 'shipped']), eb('orders.created_at', '<=', arrivedBefore)])]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reviews')
            .select('reviews.id')
            .where('reviews.brand_id', '=', brandId)
            .where('reviews.customer_id', '=', customerId)
            .whereRef('reviews.item_id', '=', 'order_lines.item_id'),
        ),
      ),
    )
    .orderBy('orders.created_at', 'desc')
    .execute()
  const seen = new Set<number>()
  const items: ReviewableItem[] = []
  for (const row of rows) {
    if (seen.has(row.item_id)) continue
    seen.add(row.item_id)
    items.push({ item_id: row.item_id, order_number: row.order_number, name: row.name })
  }
  return items
}

function nameParts(name: string): { first: string; lastInitial: string } {
  const words = name.trim().split(/\s+/)
  const first = words[0] ?? ''
  const last = words.length > 1 ? words[words.length - 1]! : ''
  return { first, lastInitial: last ? last[0]!.toUpperCase() : '' }
}

/** Writes the review with its photos; answers it as GET /reviews shows it. */
export async function createReview(ctx: RequestContext, storage: MediaStorage, input: ReviewInput, photos: Buffer[]): Promise<Review> {
  const customerId = await requireCustomerId(ctx)
  const { db, brandId } = ctx.data
  if (photos.length > MAX_PHOTOS) throw unprocessable(`Add up to ${MAX_PHOTOS} photos.`, 'photos')
  const item = (await reviewableItems(ctx)).find((candidate) => candidate.item_id === input.item_id)
  if (!item) {
    const already = await db
      .selectFrom('reviews')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('customer_id', '=', customerId)
      .where('item_id', '=', input.item_id)
      .executeTakeFirst()
    if (already) throw conflict('You have already reviewed this item.', 'item_id')
    throw unprocessable(`You can review an item once your order of it has arrived (or ${REVIEW_AFTER_DAYS} days after you ordered it).`, 'item_id')
  }
  let prepared: Buffer[]
  try {
    prepared = await Promise.all(photos.map((photo) => preparePhoto(photo)))
  } catch (error) {
    if (error instanceof PhotoProblem) throw unprocessable(error.message, 'photos')
    throw error
  }
  const keys = prepared.map(() => `reviews/${brandId}/${randomUUID()}.jpg`)
  const urls = await Promise.all(prepared.map((bytes, i) => storage.put(keys[i]!, bytes, 'image/jpeg')))
  const customer = await db.selectFrom('customers').select('name').where('id', '=', customerId).where('brand_id', '=', brandId).executeTakeFirstOrThrow()
  const { first, lastInitial } = nameParts(customer.name)
  const id = randomUUID()
  try {
    await db
      .insertInto('reviews')
      .values({
        id,
        brand_id: brandId,
        item_id: input.item_id,
        first_name: first,
        last_initial: lastInitial,
        instagram: input.instagram,
        rating: input.rating,
        would_you_recommend_us: input.would_you_recommend_us ? 1 : 0,
        about_your_product: input.about_your_product,
        sizing_fit: input.sizing_fit,
        how_do_you_style: input.how_do_you_style,
        where_travel: input.where_travel,
        how_was_your_first_order: input.how_was_your_first_order,
        photo_1: urls[0] ?? null,
        photo_2: urls[1] ?? null,
        photo_3: urls[2] ?? null,
        created_at: ctx.now().toISOString(),
        customer_id: customerId,
        order_number: item.order_number,
        verified_buyer: 1,
        hidden: 0,
      })
      .execute()
  } catch (error) {
    // two sends at once: the unique key (brand, customer, item) lets one in
    await Promise.all(keys.map((key) => storage.delete(key)))
    const exists = await db
      .selectFrom('reviews')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('customer_id', '=', customerId)
      .where('item_id', '=', input.item_id)
      .executeTakeFirst()
    if (exists) throw conflict('You have already reviewed this item.', 'item_id')
    throw error
  }
  emitReviewsChanged(brandId)
  ctx.log.info({ review: id, item: input.item_id, photos: urls.length }, 'review written')
  const reviews = await getReviews(db, brandId, input.item_id, 1, 100)
  return reviews.find((review) => review.id === id)!
}
