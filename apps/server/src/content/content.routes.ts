import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pageSlug as slug } from './content.schemas.ts'
import { getContentPage, getFeed, getMembershipLanding, getSocialMediaSpecial } from './content.service.ts'

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
