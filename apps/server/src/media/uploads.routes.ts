import type { FastifyPluginAsync } from 'fastify'
import { mediaStorageFor } from './storage.ts'

/**
 * GET /uploads/<key>: what the media storage keeps (review photos), streamed from
 * the directory or the bucket with the same headers. Keys are unguessable and never change.
 */
const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const storage = mediaStorageFor(app.env)
  app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const found = await storage.open(request.params['*'])
    if (!found)
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send({ errors: [{ message: 'Not found' }] })
    if (found.size !== undefined) reply.header('content-length', String(found.size))
    // a HEAD (Fastify's own route beside GET) needs the length only: the bytes are not read
    if (request.method === 'HEAD') found.body.destroy()
    return reply
      .code(200)
      .header('content-type', found.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.body)
  })
}

export default uploadsRoutes
