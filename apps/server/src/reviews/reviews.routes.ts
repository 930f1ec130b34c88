import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { reviewSchema } from '../catalog/catalog.responses.ts'
import { answers } from '../http/response-schemas.ts'
import { mediaStorageFor } from '../media/storage.ts'
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from './photos.ts'
import { reviewableItemSchema, reviewBody } from './reviews.schemas.ts'
import { createReview, reviewableItems } from './reviews.service.ts'

const tags = ['catalog']
const photo = z.unknown().optional().describe('an image file (multipart/form-data): JPEG, PNG or WebP, up to 8 MB')

/** The photos of a multipart body (photo_1..photo_3, or `photos` repeated), as attached by @fastify/multipart. */
function photosOf(body: Record<string, unknown>): Buffer[] {
  const all = [body.photos, body.photo_1, body.photo_2, body.photo_3].flatMap((value) => (Array.isArray(value) ? value : [value]))
  return all.filter((value): value is Buffer => Buffer.isBuffer(value) && value.length > 0)
}

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = mediaStorageFor(app.env)

  app.get(
    '/reviews/reviewable',
    {
      schema: {
        tags,
        summary: 'The items the logged-in customer may review now (bought, arrived, not yet reviewed)',
        operationId: 'listReviewableItems',
        response: answers(z.array(reviewableItemSchema)),
      },
    },
    async (request) => ({ data: await reviewableItems(request.ctx) }),
  )

  app.post(
    '/reviews',
    {
      bodyLimit: MAX_PHOTOS * MAX_PHOTO_BYTES + 256 * 1024,
      config: { multipartOptions: { limits: { files: MAX_PHOTOS, fileSize: MAX_PHOTO_BYTES } } },
      schema: {
        tags,
        summary: "A buyer's review of an item of an arrived order, with up to 3 photos; shown at once as from a verified buyer",
        operationId: 'createReview',
        body: reviewBody.extend({ photos: photo, photo_1: photo, photo_2: photo, photo_3: photo }),
        response: answers(reviewSchema),
      },
    },
    async (request) => {
      const { photos: _p, photo_1: _1, photo_2: _2, photo_3: _3, ...input } = request.body
      return { data: await createReview(request.ctx, storage, input, photosOf(request.body as Record<string, unknown>)) }
    },
  )
}
