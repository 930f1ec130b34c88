import type { FastifyInstance } from 'fastify'
import { errorBody } from './errors.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * State changes are CSRF-safe: the session cookie is SameSite=Lax, and a
 * state-changing request whose Origin (or Referer) names another host is refused.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method)) return
    const source = request.headers.origin ?? request.headers.referer
    if (!source || source === 'null') return
    let sourceHost: string
    try {
      sourceHost = new URL(source).host
    } catch {
      return reply.status(403).send(errorBody('This request came from an unknown page and was refused.'))
    }
    const host = request.headers['x-forwarded-host'] ?? request.headers.host
    if (sourceHost !== host) {
      return reply.status(403).send(errorBody('This request came from another site and was refused.'))
    }
  })
}
