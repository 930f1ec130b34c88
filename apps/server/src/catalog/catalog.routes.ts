import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { itemIdSchema, reviewsQuery, slug } from './catalog.schemas.ts'
import { getCategory, getCategoryGroup, getItemDetail, getReviews } from './catalog.service.ts'

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.store

  app.get(
    '/categories/:name',
    { schema: { tags: ['catalog'], summary: 'A category with its items', params: z.object({ name: slug('Category name') }) } },
    async (request) => {
      const shopper = await request.ctx.shopper()
      return { data: await getCategory(db, request.brand.id, request.params.name, shopper.hasClub) }
    },
  )

  app.get(
    '/category-groups/:name',
    { schema: { tags: ['catalog'], summary: 'A category group with its categories', params: z.object({ name: slug('Group name') }) } },
    async (request) => ({ data: await getCategoryGroup(db, request.brand.id, request.params.name) }),
  )

  app.get(
    '/items/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Item detail: images, sizes, variants, bullet sections, matching items',
        params: z.object({ id: itemIdSchema }),
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
        querystring: reviewsQuery.extend({ host: z.string().optional() }),
      },
    },
    async (request) => {
      const { item_id, page, per_page } = request.query
      return { data: await getReviews(db, request.brand.id, item_id ?? null, page, per_page) }
    },
  )
}
