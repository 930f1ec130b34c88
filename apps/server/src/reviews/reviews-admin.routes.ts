/** /api/admin/reviews: the brand's reviews filtered by state, item and rating; hide and show (review-moderation.ts, as `npm run review:hide`). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { notFound } from '../http/errors.ts'
import { mediaStorageFor } from '../media/storage.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import { findReview, hideReview, listReviews, showReview } from './review-moderation.ts'
import { reviewAnswerSchema, reviewIdParams, reviewsPageSchema, reviewsQuery } from './reviews-admin.schemas.ts'

const tags = ['admin: reviews']

export const reviewsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = mediaStorageFor(app.env)

  app.get(
    '/reviews',
    {
      onRequest: allow('reviews.moderate'),
      schema: {
        tags,
        summary: 'Reviews, newest first, by state, item and rating',
        operationId: 'adminListReviews',
        querystring: reviewsQuery,
        response: answers(reviewsPageSchema),
      },
    },
    async (request) => ({ data: await listReviews(request.ctx.data.db, request.ctx.data.brandId, request.query) }),
  )

  app.post(
    '/reviews/:id/hide',
    {
      onRequest: allow('reviews.moderate'),
      schema: {
        tags,
        summary: 'Hide a review (and delete its photos) from the storefront',
        operationId: 'adminHideReview',
        params: reviewIdParams,
        response: answers(reviewAnswerSchema),
      },
    },
    async (request) => {
      const { actor } = acting(request, 'reviews.moderate')
      const { db, brandId } = request.ctx.data
      const result = await hideReview({ db }, storage, request.params.id, actor, brandId)
      if (!result.brandId) throw notFound('There is no such review in this store.')
      return { data: { review: (await findReview(db, brandId, request.params.id))! } }
    },
  )

  app.post(
    '/reviews/:id/show',
    {
      onRequest: allow('reviews.moderate'),
      schema: {
        tags,
        summary: 'Show a hidden review again (without the photos hiding deleted)',
        operationId: 'adminShowReview',
        params: reviewIdParams,
        response: answers(reviewAnswerSchema),
      },
    },
    async (request) => {
      const { actor } = acting(request, 'reviews.moderate')
      const { db, brandId } = request.ctx.data
      if (!(await findReview(db, brandId, request.params.id))) throw notFound('There is no such review in this store.')
      await showReview(db, actor, brandId, request.params.id)
      return { data: { review: (await findReview(db, brandId, request.params.id))! } }
    },
  )
}
