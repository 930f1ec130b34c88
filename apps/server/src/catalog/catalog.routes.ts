import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { answers } from '../http/response-schemas.ts'
import { categoryGroupSchema, categorySchema, itemDetailSchema, reviewsSchema } from './catalog.responses.ts'
import { CATEGORY_PAGE_CARDS, categoryQuery, itemIdSchema, reviewsQuery, slug } from './catalog.schemas.ts'
import { getCategory, getCategoryGroup, getCategoryPage, getItemDetail, getReviews } from './catalog.service.ts'
import { unprocessableInput } from '../http/errors.ts'

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.store

  app.get(
    '/categories/:name',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A category with its items: all of them, or a page with limit and after',
        operationId: 'getCategory',
        params: z.object({ name: slug('Category name') }),
        querystring: categoryQuery.extend({ host: z.string().optional() }),
        response: answers(categorySchema),
      },
      // a bad limit or cursor is a 422 with its message; a bad name stays the 400 of every route
      attachValidation: true,
    },
    async (request) => {
      const invalid = request.validationError
      if (invalid) throw invalid.validationContext === 'querystring' ? unprocessableInput(invalid) : invalid
      const shopper = await request.ctx.shopper()
      const { limit, after } = request.query
      if (limit === undefined && after === undefined) return { data: await getCategory(db, request.brand.id, request.params.name, shopper.hasClub) }
      const page = { limit: limit ?? CATEGORY_PAGE_CARDS, after: after ?? null }
      return { data: await getCategoryPage(db, request.brand.id, request.params.name, shopper.hasClub, page) }
    },
  )

  app.get(
    '/category-groups/:name',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A category group with its categories',
        operationId: 'getCategoryGroup',
        params: z.object({ name: slug('Group name') }),
        response: answers(categoryGroupSchema),
      },
    },
    async (request) => ({ data: await getCategoryGroup(db, request.brand.id, request.params.name) }),
  )

  app.get(
    '/items/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Item detail: images, sizes, variants, bullet sections, matching items',
        operationId: 'getItem',
        params: z.object({ id: itemIdSchema }),
        response: answers(itemDetailSchema),
      },
    },
    async (request) => {
      const shopper = await request.ctx.shopper()
      return { data: await getItemDetail(db, request.brand.id, request.params.id, shopper.hasClub) }
    },
  )

  app.get(
    '/reviews',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Customer reviews of the brand, or of one item',
        operationId: 'listReviews',
        querystring: reviewsQuery.extend({ host: z.string().optional() }),
        response: answers(reviewsSchema),
      },
    },
    async (request) => {
      const { item_id, page, per_page } = request.query
      return { data: await getReviews(db, request.brand.id, item_id ?? null, page, per_page) }
    },
  )
}
