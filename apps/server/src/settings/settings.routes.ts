import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getStoreSettings } from './settings.service.ts'

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    { schema: { tags: ['settings'], summary: 'Store settings of the brand (SPEC §3)' } },
    async (request) => ({ data: await getStoreSettings(app.store.db, request.brand.id) }),
  )
}
