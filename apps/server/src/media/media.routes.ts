import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { isMediaKind, parseMediaFile, renderMedia } from './media.service.ts'

/**
 * GET /media/:kind/:file — generated SVG images (see media.service.ts for the URL scheme).
 * Answers are immutable: the file name says everything the picture shows.
 */
const mediaRoutes: FastifyPluginAsync = async (app) => {
  const fail = (reply: FastifyReply, status: number, message: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ errors: [{ message }] })

  // The file is a wildcard so long banner texts are not cut off by the router's maxParamLength (100);
  // parseMediaFile bounds its length instead. URLs still have the shape /media/:kind/:file.
  app.get<{ Params: { kind: string; '*': string } }>('/media/:kind/*', async (request, reply) => {
    try {
      const { kind, '*': file } = request.params
      if (!isMediaKind(kind)) return fail(reply, 404, `Unknown media kind: ${kind.slice(0, 40)}`)
      const media = parseMediaFile(kind, file)
      if (!media) return fail(reply, 400, 'Malformed media file name')
      const svg = renderMedia(media)
      return reply
        .code(200)
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(svg)
    } catch {
      return fail(reply, 400, 'Malformed media file name')
    }
  })
}

export default mediaRoutes
