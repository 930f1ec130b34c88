import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getContentPage, getFeed, getMembershipLanding, getSocialMediaSpecial } from './content.service.ts'

const slug = z
  .string()
  .min(1, 'Page name is required')
  .max(120, 'Page name is too long')
  .regex(/^[a-z0-9][a-z0-9/_-]*$/i, "Page names use letters, digits, '-', '_' and '/' only")

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.store
  app.get(
    '/content/pages/*',
    { schema: { tags: ['content'], summary: 'A content page with its blocks', params: z.object({ '*': slug }) } },
    async (request) => ({ data: await getContentPage(db, request.brand.id, request.params['*']) }),
  )
  app.get('/feed', { schema: { tags: ['content'], summary: 'Shop our feed: bio and feed posts' } }, async (request) => ({
    data: await getFeed(db, request.brand.id),
  }))
  app.get('/membership-landing', { schema: { tags: ['content'], summary: "The club's landing copy" } }, async (request) => ({
    data: await getMembershipLanding(db, request.brand.id),
  }))
  app.get(
    '/social-media-specials/:id',
    { schema: { tags: ['content'], summary: 'A social media special', params: z.object({ id: slug }) } },
    async (request) => ({ data: await getSocialMediaSpecial(db, request.brand.id, request.params.id) }),
  )
}
