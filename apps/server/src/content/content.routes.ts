import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { answers } from '../http/response-schemas.ts'
import { contentPageSchema, feedSchema, membershipLandingSchema, socialMediaSpecialSchema } from './content.responses.ts'
import { pageSlug as slug } from './content.schemas.ts'
import { getContentPage, getFeed, getMembershipLanding, getSocialMediaSpecial } from './content.service.ts'

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.store
  app.get(
    '/content/pages/*',
    {
      schema: {
        tags: ['content'],
        summary: 'A content page with its blocks',
        operationId: 'getContentPage',
        params: z.object({ '*': slug }),
        response: answers(contentPageSchema),
      },
    },
    async (request) => ({ data: await getContentPage(db, request.brand.id, request.params['*']) }),
  )
  app.get('/feed', { schema: { tags: ['content'], summary: 'Shop our feed: bio and feed posts', operationId: 'getFeed', response: answers(feedSchema) } }, async (request) => ({
    data: await getFeed(db, request.brand.id),
  }))
  app.get(
    '/membership-landing',
    {
      schema: { tags: ['content'], summary: "The club's landing copy", operationId: 'getMembershipLanding', response: answers(membershipLandingSchema) },
    },
    async (request) => ({
      data: await getMembershipLanding(db, request.brand.id),
    }),
  )
  app.get(
    '/social-media-specials/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A social media special',
        operationId: 'getSocialMediaSpecial',
        params: z.object({ id: slug }),
        response: answers(socialMediaSpecialSchema),
      },
    },
    async (request) => ({ data: await getSocialMediaSpecial(db, request.brand.id, request.params.id) }),
  )
}
