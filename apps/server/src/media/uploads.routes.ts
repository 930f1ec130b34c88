import type { FastifyPluginAsync } from 'fastify'
import { mediaStorageFor } from './storage.ts'

/** GET /uploads/<key>: what the local media storage keeps (review photos). Keys are unguessable and never change. */
const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const storage = mediaStorageFor(app.env)
  app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const found = await storage.get(request.params['*'])
    if (!found) return reply.code(404).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ errors: [{ message: 'Not found' }] })
    return reply
      .code(200)
      .header('content-type', found.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.bytes)
  })
}

export default uploadsRoutes
