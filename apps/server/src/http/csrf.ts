import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errorBody } from './errors.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

const REFUSED_FOREIGN = 'This request came from another site and was refused.'
const REFUSED_UNKNOWN = 'This request came from an unknown page and was refused.'

/**
 * Whether a page at `source` is this store: the brand's public origin, scheme and host (an
 * http:// page of an https:// store is not: anyone on the shopper's network can write into it),
 * or another host this request was served under (a development host, a load balancer's name), whose
 * scheme this server cannot know behind a proxy. Never X-Forwarded-Host: a client chooses that freely.
 */
function isOwnPage(request: FastifyRequest, origin: string, source: URL): boolean {
  const own = new URL(origin)
  const sourceHost = source.host.toLowerCase()
  if (sourceHost === own.host) return source.protocol === own.protocol
  return sourceHost === request.headers.host?.trim().toLowerCase()
}

/**
 * The verdict on a state-changing request, or null when it may pass:
 * - Sec-Fetch-Site: cross-site is refused (the browser says another site made it);
 * - an Origin, else a Referer, must name this store's page (`isOwnPage`); `null` is refused
 *   (sandboxed frames, data: and file: pages send it);
 * - with neither, Sec-Fetch-Site decides (same-origin, same-site, none pass), and a
 *   request with no browser headers at all passes: it is a script or a server,
 *   which no other site's page can drive with the shopper's cookie.
 */
function csrfRefusal(request: FastifyRequest, origin: string): string | null {
  if (SAFE.has(request.method)) return null
  if (request.headers['sec-fetch-site'] === 'cross-site') return REFUSED_FOREIGN
  const source = request.headers.origin ?? request.headers.referer
  if (source === undefined || source === '') return null
  if (source === 'null') return REFUSED_UNKNOWN
  let page: URL
  try {
    page = new URL(source)
  } catch {
    return REFUSED_UNKNOWN
  }
  return isOwnPage(request, origin, page) ? null : REFUSED_FOREIGN
}

/**
 * Every state-changing request, API call or page action (/login, /resources/cart)
 * alike, is checked before any route reads it; the session cookie is SameSite=Lax besides.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  // a callback, not async: every request passes here (input-guard.ts)
  app.addHook('onRequest', (request, reply, done) => {
    // safe methods; the edge answered already (unknown host) or this path carries no brand
    if (SAFE.has(request.method) || reply.sent || !request.brand) return done()
    const origin = request.ctx?.origin ?? request.brand.publicOrigin
    const refusal = csrfRefusal(request, origin)
    if (refusal) {
      reply.status(403).type('application/json; charset=utf-8').send(errorBody(refusal))
      return
    }
    done()
  })
}
