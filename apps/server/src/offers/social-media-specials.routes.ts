import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { claimSpecialBody, offerId } from './offers.schemas.ts'
import { claimSocialMediaSpecial } from './social-media-specials.service.ts'

export const socialMediaSpecialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/social-media-specials/:id/claim',
    {
      schema: {
        tags: ['offers'],
        summary: "Put the special's item in the cart at its price with its checkout flow and offer code; data.next is the funnel's next page",
        params: offerId,
        body: claimSpecialBody.default({}),
        response: {
          200: z.object({
            data: z.object({ next: z.string(), checkout_flow: z.enum(['free_flow', 'vip_flow', 'checkout_club_flow']), offer_code: z.string().nullable() }),
          }),
        },
      },
    },
    async (request) => ({ data: await claimSocialMediaSpecial(request.ctx, request.params.id, request.body.size) }),
  )
}
