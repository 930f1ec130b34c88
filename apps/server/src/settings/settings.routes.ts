import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { storeSettingsSchema } from './settings.responses.ts'
import { getStoreSettings } from './settings.service.ts'

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    { schema: { tags: ['settings'], summary: 'Store settings of the brand (SPEC §3)', operationId: 'getSettings', response: answers(storeSettingsSchema) } },
    async (request) => ({ data: await getStoreSettings(app.store.db, request.brand.id) }),
  )
}
