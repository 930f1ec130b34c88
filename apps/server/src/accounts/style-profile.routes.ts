import type { StyleProfile } from '@store/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { answers } from '../http/response-schemas.ts'
import { styleProfileSchema } from './accounts.responses.ts'
import { getStyleProfile, saveStyleProfile } from './style-profile.service.ts'

export const styleProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/style-profile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Style profile fields with the chosen values',
        operationId: 'getStyleProfile',
        response: answers(styleProfileSchema),
      },
    },
    async (request) => ({
      data: { style_profile: await getStyleProfile(request.ctx) } satisfies StyleProfile,
    }),
  )
  app.post(
    '/style-profile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Save style profile answers (field name -> option value)',
        operationId: 'saveStyleProfile',
        body: z.record(z.string().max(60), z.string().max(100, 'That answer is too long')),
        response: answers(styleProfileSchema),
      },
    },
    async (request) => ({ data: { style_profile: await saveStyleProfile(request.ctx, request.body) } satisfies StyleProfile }),
  )
}
