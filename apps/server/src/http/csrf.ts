import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errorBody } from './errors.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

const REFUSED_FOREIGN = 'This request came from another site and was refused.'
const REFUSED_UNKNOWN = 'This request came from an unknown page and was refused.'

/**
 * The hosts a state-changing request may come from: the Host header this
 * request was served under (the edge already mapped it to a brand) and the
 * brand's public origin. Never X-Forwarded-Host: a client chooses that freely.
 */
function ownHosts(request: FastifyRequest, origin: string): Set<string> {
  const hosts = new Set<string>()
  const host = request.headers.host?.trim().toLowerCase()
  if (host) hosts.add(host)
  hosts.add(new URL(origin).host)
  return hosts
}

/**
 * The verdict on a state-changing request, or null when it may pass:
 * - Sec-Fetch-Site: cross-site is refused (the browser says another site made it);
 * - an Origin, else a Referer, must name this store's host; `null` is refused
 *   (sandboxed frames, data: and file: pages send it);
 * - with neither, Sec-Fetch-Site decides (same-origin, same-site, none pass), and a
 *   request with no browser headers at all passes: it is a script or a server,
 *   which no other site's page can drive with the shopper's cookie.
 */
export function csrfRefusal(request: FastifyRequest, origin: string): string | null {
  if (SAFE.has(request.method)) return null
  if (request.headers['sec-fetch-site'] === 'cross-site') return REFUSED_FOREIGN
  const source = request.headers.origin ?? request.headers.referer
  if (source === undefined || source === '') return null
  if (source === 'null') return REFUSED_UNKNOWN
  let sourceHost: string
  try {
    sourceHost = new URL(source).host.toLowerCase()
  } catch {
    return REFUSED_UNKNOWN
  }
  return ownHosts(request, origin).has(sourceHost) ? null : REFUSED_FOREIGN
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
