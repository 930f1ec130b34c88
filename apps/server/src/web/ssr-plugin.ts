/**
 * The storefront inside the API server: static files of the web build, and a
 * catch-all that renders every other page with React Router (apps/web).
 *
 * Registered by app.ts after the API routes, and only when the build exists:
 *
 *     await app.register(ssrPlugin, { buildDir, secureCookies })
 *
 * Loaders and actions receive the request's services through the load context
 * (web/store-services.ts): the same services as the JSON API, called in the same
 * process with the request context the edge built once. Anonymous page GETs are
 * answered from the page cache (web/page-cache.ts).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import { maskCardNumbers, type BrandInfo, type PublicConfig, type StoreServices } from '@store/core'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { createRequestHandler, ServerBuild } from 'react-router'
import { cookiesSecure, isApiPath } from '../context/context-plugin.ts'
import { reportError } from '../error-reporting/error-reporting.ts'
import { errorReportingOrigins, metaPixelOrigins, mixpanelOrigins, publicConfigOf } from './public-config.ts'
import { INTERNAL_HEADER, INTERNAL_TOKEN } from '../http/request-log.ts'
import { encodedBody, PageCache, PUBLIC_PAGE_CACHE_CONTROL, type CachedPage } from './page-cache.ts'
import { COMPRESS_THRESHOLD, compressPage, pageEncoding } from './page-compression.ts'
import { apiOrigins, inlineScriptHashes, newNonce, pageCsp } from './page-csp.ts'
import { createStoreServices } from './store-services.ts'

export interface SsrPluginOptions {
  /** apps/web/build: holds client/ (static files) and server/index.js (the server bundle) */
  buildDir: string
  /** COOKIE_SECURE: every cookie a page sets is Secure, whatever the brand's origin */
  secureCookies: boolean
}

/** What every loader and action receives (typed for the web app in apps/web/app/lib/load-context.ts). */
export interface StoreLoadContext {
  brand: BrandInfo
  /** the request's services, bound to its brand, session and shopper */
  services: StoreServices
  /** this answer's CSP nonce, for React Router's inline scripts (web/page-csp.ts) */
  nonce: string
  /** whether a cookie the page sets is marked Secure, as the session's is (context/context-plugin.ts) */
  secureCookies: boolean
  /** what the browser may see of the environment (web/public-config.ts) */
  publicConfig: PublicConfig
  /** reports an error of this page's render (apps/web/app/entry.server.tsx handleError) with the request, scrubbed (error-reporting.ts) */
  reportError: (error: unknown) => void
}

export const NOT_BUILT_MESSAGE = 'Storefront not built: run npm run build'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT = 'public, max-age=300'
const PERSONAL = 'private, no-store'

/** Request headers never passed to React Router as they are. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer'])

export default async function ssrPlugin(app: FastifyInstance, opts: SsrPluginOptions): Promise<void> {
  const buildDir = resolve(opts.buildDir)
  const clientDir = join(buildDir, 'client')
  const serverEntry = join(buildDir, 'server', 'index.js')
  const built = existsSync(serverEntry) && existsSync(clientDir)
  const publicConfig = publicConfigOf(app.env)
  const pixelOrigins = metaPixelOrigins(publicConfig)
  const cache = app.pageCache

  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // one route per file found at start-up, so the page catch-all below keeps '/*'
      wildcard: false,
      decorateReply: false,
      index: false,
      cacheControl: false,
      // scripts/precompress.mjs wrote .br and .gz beside each file at build time
      preCompressed: true,
      setHeaders(res, path) {
        // fingerprinted bundles never change; anything else (favicon) may
        res.setHeader('cache-control', path.includes(`${join('client', 'assets')}`) ? IMMUTABLE : SHORT)
      },
    })
  }

  // Pages take their body as raw bytes and hand it to React Router untouched.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  let handler: ((request: Request, context: StoreLoadContext) => Promise<Response>) | undefined
  async function requestHandler() {
    if (!handler) {
      const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild
      // the handler of the router the bundle holds (apps/web/app/entry.server.tsx: React Router's
      // production build); only a build without one (made before it did) gets node_modules' copy
      const entry = build.entry?.module as (ServerBuild['entry']['module'] & { createRequestHandler?: typeof createRequestHandler }) | undefined
      const create = entry?.createRequestHandler ?? (await import('react-router')).createRequestHandler
      const handle = create(build, 'production')
      handler = (request, context) => handle(request, context as never)
    }
    return handler
  }

  /** Renders the page for this request with its own services. */
  async function render(request: FastifyRequest, reply: FastifyReply, nonce: string): Promise<Response> {
    const context: StoreLoadContext = {
      brand: request.brand,
      services: createStoreServices(request.ctx),
      nonce,
      secureCookies: cookiesSecure(opts.secureCookies, request.ctx),
      publicConfig,
      reportError: (error) => reportError(error, request),
    }
    return (await requestHandler())(toWebRequest(request, reply), context)
  }

  /** Renders a URL afresh for the cache, as a cookieless visitor of the brand would ask for it. */
  function refresh(key: string, url: string, host: string) {
    if (!cache.startRefresh(key)) return
    void app
      .inject({ method: 'GET', url, headers: { host, [INTERNAL_HEADER]: INTERNAL_TOKEN } })
      .catch((error: unknown) => app.log.warn({ err: error, url: maskCardNumbers(url.split('?')[0]!) }, 'page cache: refresh failed'))
      .finally(() => cache.endRefresh(key))
  }

  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    handler: async (request, reply) => {
      // an unknown API path; or a static file that is not there (/assets/…, /media/…, /favicon.ico):
      // those paths carry no request context, and a missing one is a 404, never a page
      if (isApiPath(request.url) || !request.ctx) {
        return reply.callNotFound()
      }
      if (!built) {
        return reply.status(503).type('text/plain; charset=utf-8').header('retry-after', '30').send(NOT_BUILT_MESSAGE)
      }
      const head = request.method === 'HEAD'
      // a visitor who sends no cookie at all sees nothing personal: the page may come from the cache
      const anonymous = (request.method === 'GET' || head) && !request.headers.cookie
      const key = PageCache.key(request.brand.id, request.url)
      if (anonymous && request.headers[INTERNAL_HEADER] !== INTERNAL_TOKEN) {
        const hit = cache.get(key)
        if (hit) {
          if (hit.state === 'stale') refresh(key, request.url, request.headers.host ?? '')
          return sendCached(request, reply, hit.page, head)
        }
      }
      const nonce = newNonce()
      const cspOptions = {
        connectOrigins: [...apiOrigins(request.brand.apiBaseUrl), ...errorReportingOrigins(publicConfig), ...mixpanelOrigins(publicConfig), ...pixelOrigins.connect],
        scriptOrigins: pixelOrigins.script,
        paymentGateway: request.ctx.env.PAYMENT_GATEWAY,
        errorReporting: publicConfig.errorReporting !== null,
      }
      const response = await render(request, reply, nonce)
      // a HEAD's answer has no body (React Router drops it): kept, it would be every next visitor's empty page
      if (anonymous && !head && isCacheable(response) && request.ctx.session.cookieChanges.length === 0) {
        const body = Buffer.from(await response.arrayBuffer())
        const html = (response.headers.get('content-type') ?? '').includes('html')
        const page: Omit<CachedPage, 'storedAt'> = {
          status: response.status,
          headers: [
            ...[...response.headers].filter(([name]) => name !== 'set-cookie' && name !== 'cache-control' && name !== 'content-security-policy'),
            // the same bytes go to many visitors: their inline scripts are allowed by hash, not by a nonce
            ['content-security-policy', pageCsp(html ? inlineScriptHashes(body.toString('utf8')) : [], cspOptions)],
          ],
          body,
        }
        cache.set(key, page)
        return sendCached(request, reply, { ...page, storedAt: Date.now() }, head)
      }
      if (!response.headers.has('cache-control')) reply.header('cache-control', PERSONAL)
      reply.header('content-security-policy', pageCsp([`'nonce-${nonce}'`], cspOptions))
      if (!head && (response.headers.get('content-type') ?? '').startsWith('text/html')) return sendPage(request, reply, response)
      return sendWebResponse(reply, response, head)
    },
  })
}

/** A page worth keeping: a whole, successful HTML or data answer that sets no cookie and asks for no privacy. */
function isCacheable(response: Response): boolean {
  if (response.status !== 200) return false
  if (response.headers.getSetCookie().length > 0) return false
  const control = response.headers.get('cache-control')
  if (control && /private|no-store/.test(control)) return false
  return true
}

function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage, head: boolean): FastifyReply {
  reply.status(page.status)
  for (const [name, value] of page.headers) reply.header(name, value)
  reply.header('cache-control', PUBLIC_PAGE_CACHE_CONTROL)
  reply.header('vary', 'Accept-Encoding, Cookie')
  const { body, encoding } = encodedBody(page, request.headers['accept-encoding'])
  if (encoding) reply.header('content-encoding', encoding)
  reply.header('content-length', String(body.length))
  return reply.send(head ? undefined : body)
}

/**
 * The page's origin as the shopper sees it: 'http://ckb.localhost:3000'. The host
 * is the Host header (the edge checked it and chose the brand by it), never
 * X-Forwarded-Host; the scheme is http or https only (X-Forwarded-Proto counts
 * only from a proxy TRUST_PROXY names, and only for those two).
 */
function originOf(request: FastifyRequest): string {
  const protocol = request.protocol === 'https' ? 'https' : 'http'
  return `${protocol}://${request.headers.host ?? request.brand.hostnames[0]}`
}

/** A Fastify request as a Web Request, aborted when the shopper goes away. */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, String(value))
  }
  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const body = hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined
  if (!body) headers.delete('content-length')
  return new Request(originOf(request) + request.url, {
    method: request.method,
    headers,
    body,
    signal: controller.signal,
  })
}

/**
 * A rendered HTML page (entry.server.tsx answers it whole): status, headers and
 * the body compressed in one call (page-compression.ts) rather than streamed
 * through @fastify/compress.
 */
async function sendPage(request: FastifyRequest, reply: FastifyReply, response: Response): Promise<FastifyReply> {
  const body = Buffer.from(await response.arrayBuffer())
  setHeaders(reply, response)
  const encoding = body.length >= COMPRESS_THRESHOLD ? pageEncoding(request.headers['accept-encoding']) : null
  const vary = reply.getHeader('vary')
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
  if (!encoding) return reply.header('content-length', String(body.length)).send(body)
  const compressed = await compressPage(body, encoding)
  return reply.header('content-encoding', encoding).header('content-length', String(compressed.length)).send(compressed)
}

/** A Web Response's status and headers on the reply, each Set-Cookie kept apart. */
function setHeaders(reply: FastifyReply, response: Response): void {
  reply.status(response.status)
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    reply.header(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
}

/** Streams a Web Response through Fastify: status, headers (each Set-Cookie kept apart), body. */
async function sendWebResponse(reply: FastifyReply, response: Response, head = false): Promise<FastifyReply> {
  setHeaders(reply, response)
  if (head || !response.body) {
    await response.body?.cancel().catch(() => undefined)
    return reply.send()
  }
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
}
