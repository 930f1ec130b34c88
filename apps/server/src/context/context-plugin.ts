/**
 * The edge: every request gets its brand (from the Host header) and its
 * request context, built once; the cookies the session asked for are written
 * on the way out. Nothing below this reads headers again for who or where.
 */
import { UNKNOWN_HOST } from '@store/core'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { brandForHost, brandsWithOrigins, type Brand } from '../brands/registry.ts'
import { errorBody } from '../http/errors.ts'
import { DEVICE_COOKIE } from '../sessions/device-cookie.ts'
import { SESSION_COOKIE, type SessionHandle } from '../sessions/session-handle.ts'
import { createRequestContext, type ContextDeps, type RequestContext } from './request-context.ts'

declare module 'fastify' {
  interface FastifyRequest {
    brand: Brand
    ctx: RequestContext
  }
}

/**
 * Paths served the same for every host: static files carry no brand data; a balancer's
 * health check and a metrics scraper name the instance by its address.
 */
const BRANDLESS = /^\/((assets|media)\/|(metrics|api\/health|api\/ready)(\?|$))/
/** Paths that need no context: static files and API docs. */
const CONTEXTLESS = /^\/(assets\/|media\/|favicon|api\/openapi\.json|api\/health|api\/ready|metrics(\?|$))/

export interface ContextPluginOptions extends ContextDeps {
  /** more hostnames served as the first brand (a load balancer's name) */
  extraHosts: string[]
  /** mark the session cookie Secure */
  secureCookies: boolean
}

/** Whether this request's cookies are marked Secure: wherever the brand is served over HTTPS (its public origin), or where COOKIE_SECURE asks for it. */
export function cookiesSecure(always: boolean, ctx: RequestContext): boolean {
  return always || ctx.origin.startsWith('https:')
}

/** Host headers whose reading a process keeps (registerRequestContext): far more than a deployment's brands and balancer names. */
const HOSTS_KEPT = 256
const NO_HOST = { hostname: null, brand: null } as const

/** 'Ckb.Localhost:3000' -> 'ckb.localhost'; null when the header is not a host[:port]. */
function hostnameOf(header: string | undefined): string | null {
  if (!header) return null
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(header.trim())
  if (!match) return null
  // a port above 65535 or an IPv6 literal that is not one names no host: the page's URL could not be built from it
  if (match[2] !== undefined && Number(match[2]) > 65535) return null
  if (!URL.canParse(`http://${match[0]}`)) return null
  // a fully qualified name ends in a dot (ckbintimates.com.): the same host
  return match[1]!.toLowerCase().replace(/\.$/, '')
}

export function registerRequestContext(app: FastifyInstance, options: ContextPluginOptions): void {
  // each brand with the public origin this deployment configured (env PUBLIC_ORIGINS)
  const brands = brandsWithOrigins(options.env.publicOrigins)
  const fallback = brands[0]!
  const brandOf = (hostname: string | null): Brand | null =>
    hostname === null ? null : (brandForHost(hostname, brands) ?? (options.extraHosts.includes(hostname) ? fallback : null))
  // what each Host header names, read once: a store's requests carry a handful of them, and reading one
  // (a pattern, a URL parse, the brands' names) cost more than the rest of this hook. Bounded: a client
  // sending made-up hosts only empties it.
  const hosts = new Map<string, { hostname: string | null; brand: Brand | null }>()
  const readHost = (header: string) => {
    let known = hosts.get(header)
    if (!known) {
      const hostname = hostnameOf(header)
      known = { hostname, brand: brandOf(hostname) }
      if (hosts.size >= HOSTS_KEPT) hosts.clear()
      hosts.set(header, known)
    }
    return known
  }

  app.decorateRequest('brand', null as unknown as Brand)
  app.decorateRequest('ctx', null as unknown as RequestContext)

  // hooks with callbacks, not async: every request passes here (http/input-guard.ts)
  app.addHook('onRequest', (request, reply, done) => {
    // the request line's target must be a path: in absolute-form (`GET http://other.host/x`, which a
    // client may send to pick a host other than the Host header) or `*`, it would become no page's address
    if (!request.url.startsWith('/')) {
      reply.status(400).type('application/json; charset=utf-8').send(errorBody('The target of this request is not a path.'))
      return
    }
    const isApi = isApiPath(request.url)
    const hostHeader = request.headers.host
    const { hostname, brand } = hostHeader ? readHost(hostHeader) : NO_HOST
    if (hostHeader !== undefined && hostname === null && !BRANDLESS.test(request.url)) {
      reply.status(400).type('application/json; charset=utf-8').send(errorBody('The Host header of this request is not a valid host name.'))
      return
    }
    if (!brand) {
      if (BRANDLESS.test(request.url)) {
        request.brand = fallback
        return done()
      }
      unknownHost(reply, isApi)
      return
    }
    // the `host` parameter (SPEC §7) may only name the brand this host already serves
    const named = namedHost(request)
    if (named !== null && isApi && brandOf(named) !== brand) {
      reply.status(400).send(errorBody(`This address serves ${brand.name}; the host parameter names another store.`, 'host'))
      return
    }
    request.brand = brand
    if (CONTEXTLESS.test(request.url)) return done()
    request.ctx = createRequestContext(options, {
      brand,
      sessionToken: request.cookies[SESSION_COOKIE] || undefined,
      deviceToken: request.cookies[DEVICE_COOKIE] || undefined,
      clientIp: request.ip,
      log: request.log,
    })
    done()
  })

  app.addHook('onSend', (request, reply, payload, done) => {
    const ctx = request.ctx
    if (!ctx) return done(null, payload)
    const finish = (hasSession: boolean) => {
      const personal = hasSession || ctx.device.change !== null
      const secure = cookiesSecure(options.secureCookies, ctx)
      writeSessionCookies(reply, ctx.session, secure)
      if (ctx.device.change) {
        const { token, expires } = ctx.device.change
        reply.setCookie(DEVICE_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires })
        ctx.device.change = null
      }
      if (personal) reply.header('cache-control', 'private, no-store')
      // an API answer without a session is still this visitor's (an empty cart, member prices or not):
      // no shared cache may keep it and hand it to someone else, whatever a CDN does by default
      else if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
      done(null, payload)
    }
    // the route read the session already (most do): no turn of a promise
    const known = isPersonalNow(ctx.session)
    if (known !== undefined) return finish(known)
    isPersonal(ctx.session).then(finish, (error: unknown) => done(error as Error))
  })
}

/** '/api', '/api/…' or '/api?…': a path of the JSON API. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
}

/** True when the answer may carry this shopper's own data: they have a session, or just got one. */
async function isPersonal(session: SessionHandle): Promise<boolean> {
  if (session.cookieChanges.length > 0) return true
  if (!session.hasCookie) return false
  return (await session.current()) !== null
}

/** isPersonal when it is known without waiting (the session was read already, or there is no cookie); else undefined. */
function isPersonalNow(session: SessionHandle): boolean | undefined {
  if (session.cookieChanges.length > 0) return true
  if (!session.hasCookie) return false
  const known = session.known
  return known === undefined ? undefined : known !== null
}

function writeSessionCookies(reply: FastifyReply, session: SessionHandle, secure: boolean) {
  for (const change of session.cookieChanges) {
    if (change.kind === 'set') {
      reply.setCookie(SESSION_COOKIE, change.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: change.expires })
    } else {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure })
    }
  }
  // written once: a second onSend (an error answered after a first try) must not repeat them
  session.cookieChanges.length = 0
}

function namedHost(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined
  const value = query && typeof query.host === 'string' ? query.host : ''
  return value ? (hostnameOf(value) ?? value.toLowerCase()) : null
}

function unknownHost(reply: FastifyReply, isApi: boolean) {
  if (isApi) return reply.status(404).send(errorBody(UNKNOWN_HOST))
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${UNKNOWN_HOST}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${UNKNOWN_HOST}</h1>` +
        `<p>This address is not one of our stores. Check the address, or visit one of our shops.</p></body></html>`,
    )
}
