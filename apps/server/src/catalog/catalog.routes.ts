import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getCategory, getCategoryGroup, getItemDetail, getReviews } from './catalog.service.ts'

const slug = (what: string) =>
  z
    .string()
    .min(1, `${what} is required`)
    .max(100, `${what} is too long`)
    .regex(/^[a-z0-9][a-z0-9_-]*$/i, `${what} may use letters, digits, '-' and '_' only`)

export const itemIdSchema = z.coerce
  .number({ message: 'Item id must be a number' })
  .int('Item id must be a whole number')
  .positive('Item id must be a positive number')
  .max(2_147_483_647, 'Item id is too large')

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
        querystring: z.object({
          item_id: itemIdSchema.optional(),
          page: z.coerce.number({ message: 'Page must be a number' }).int().min(1, 'Page starts at 1').max(1000).default(1),
          per_page: z.coerce.number({ message: 'per_page must be a number' }).int().min(1).max(100).default(24),
          host: z.string().optional(),
        }),
      },
    },
    async (request) => {
      const { item_id, page, per_page } = request.query
      return { data: await getReviews(db, request.brand.id, item_id ?? null, page, per_page) }
    },
  )
}
