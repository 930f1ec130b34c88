import { UNKNOWN_HOST } from '@store/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errorBody } from '../http/errors.ts'
import { brandForHost, brandsWithOrigins, type Brand, type PublicOrigins } from './registry.ts'

declare module 'fastify' {
  interface FastifyRequest {
    brand: Brand
  }
}


/** Paths served the same for every host (static files carry no brand data). */
const BRANDLESS = /^\/(assets|media)\//

/**
 * Resolves the brand of every request: the `host` query parameter when present
 * (the storefront's GETs send it), otherwise the Host header. The brand carries
 * its configured public origin (env PUBLIC_ORIGINS), never one read from the request.
 */
export function registerBrandResolution(app: FastifyInstance, extraHosts: string[] = [], publicOrigins: Partial<PublicOrigins> = {}): void {
  const brands = brandsWithOrigins(publicOrigins)
  const fallback = brands[0]!
  app.decorateRequest('brand', null as unknown as Brand)
  app.addHook('onRequest', async (request, reply) => {
    const host = requestedHost(request)
    const brand = brandForHost(host, brands) ?? (extraHosts.includes(host.split(':')[0] ?? '') ? fallback : null)
    if (brand) {
      request.brand = brand
      return
    }
    if (BRANDLESS.test(request.url)) {
      request.brand = fallback
      return
    }
    if (request.url.startsWith('/api')) {
      return reply.status(404).send(errorBody(UNKNOWN_HOST))
    }
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${UNKNOWN_HOST}</title></head>` +
          `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${UNKNOWN_HOST}</h1>` +
          `<p>This address is not one of our stores. Check the address, or visit one of our shops.</p></body></html>`,
      )
  })
}

function requestedHost(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined
  const fromQuery = query && typeof query.host === 'string' ? query.host : ''
  return fromQuery || request.headers.host || ''
}
