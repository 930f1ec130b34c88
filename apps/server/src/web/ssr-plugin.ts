/**
 * The storefront inside the API server: static files of the web build, and a
 * catch-all that renders every other page with React Router (apps/web).
 *
 * Registered by app.ts after the API routes, and only when the build exists:
 *
 *     await app.register(ssrPlugin, { buildDir })
 *
 * Loaders and actions call the API in-process through `app.inject` (no socket,
 * no second port): the shopper's cookie and host go with each call, and any
 * Set-Cookie the API answers is copied onto the page response.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createRequestHandler, type ServerBuild } from 'react-router'
import type { Brand } from '../brands/registry.ts'
import { INTERNAL_HEADER, INTERNAL_TOKEN } from '../http/request-log.ts'

export interface SsrPluginOptions {
  /** apps/web/build: holds client/ (static files) and server/index.js (the server bundle) */
  buildDir: string
}

/** What every loader and action receives (typed for the web app in apps/web/app/lib/load-context.ts). */
export interface StoreLoadContext {
  brand: Brand | null
  apiFetch: typeof fetch
}

export const NOT_BUILT_MESSAGE = 'Storefront not built: run npm run build'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT = 'public, max-age=300'

/** Request headers never passed to React Router or the API as they are. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer'])

/** Set-Cookie values the API sent while a page was rendered, kept until the page's onSend. */
const apiCookiesOf = new WeakMap<FastifyRequest, string[]>()

export default async function ssrPlugin(app: FastifyInstance, opts: SsrPluginOptions): Promise<void> {
  const buildDir = resolve(opts.buildDir)
  const clientDir = join(buildDir, 'client')
  const serverEntry = join(buildDir, 'server', 'index.js')
  const built = existsSync(serverEntry) && existsSync(clientDir)

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
      const handle = createRequestHandler(build, 'production')
      handler = (request, context) => handle(request, context as never)
    }
    return handler
  }

  // The API's cookies win over the page's own for the same name (a login that
  // rotated the session must not be undone by the cookie the page started with).
  app.addHook('onSend', async (request, reply, payload) => {
    const fromApi = apiCookiesOf.get(request)
    if (!fromApi || fromApi.length === 0) return payload
    const current = reply.getHeader('set-cookie')
    const all = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)]
    reply.removeHeader('set-cookie')
    reply.header('set-cookie', mergeSetCookies(all, fromApi))
    return payload
  })

  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    handler: async (request, reply) => {
      if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
        return reply.callNotFound()
      }
      if (!built) {
        return reply.status(503).type('text/plain; charset=utf-8').header('retry-after', '30').send(NOT_BUILT_MESSAGE)
      }
      const apiCookies: string[] = []
      apiCookiesOf.set(request, apiCookies)
      const context: StoreLoadContext = {
        brand: request.brand ?? null,
        apiFetch: createApiFetch(app, request, apiCookies),
      }
      const webRequest = toWebRequest(request, reply)
      const response = await (await requestHandler())(webRequest, context)
      return sendWebResponse(reply, response, request.method === 'HEAD')
    },
  })
}

/** The page's origin as the shopper sees it: 'http://ckb.localhost:3000'. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

/** A Fastify request as a Web Request, aborted when the shopper goes away. */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
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

/** Streams a Web Response through Fastify: status, headers (each Set-Cookie kept apart), body. */
export async function sendWebResponse(reply: FastifyReply, response: Response, head = false): Promise<FastifyReply> {
  reply.status(response.status)
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    reply.header(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  if (head || !response.body) {
    await response.body?.cancel().catch(() => undefined)
    return reply.send()
  }
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
}

function cookieName(setCookie: string): string {
  return setCookie.slice(0, setCookie.indexOf('=')).trim()
}

/** All Set-Cookie values, one per cookie name; for a name set twice, the later one wins. */
export function mergeSetCookies(first: readonly string[], later: readonly string[]): string[] {
  const byName = new Map<string, string>()
  for (const c of [...first, ...later]) {
    const name = cookieName(c)
    byName.delete(name)
    byName.set(name, c)
  }
  return [...byName.values()]
}

/** 'a=1; b=2' with 'b=3; Path=/' applied -> 'a=1; b=3'. Expired cookies are dropped. */
export function applySetCookies(cookieHeader: string, setCookies: readonly string[]): string {
  const jar = new Map<string, string>()
  for (const part of cookieHeader.split(';')) {
    const i = part.indexOf('=')
    if (i > 0) jar.set(part.slice(0, i).trim(), part.slice(i + 1).trim())
  }
  for (const c of setCookies) {
    const [pair = '', ...attributes] = c.split(';')
    const i = pair.indexOf('=')
    if (i <= 0) continue
    const name = pair.slice(0, i).trim()
    const value = pair.slice(i + 1).trim()
    const expired = attributes.some((a) => {
      const [k = '', v = ''] = a.split('=').map((s) => s.trim())
      if (k.toLowerCase() === 'max-age') return Number(v) <= 0
      if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now()
      return false
    })
    if (expired || value === '') jar.delete(name)
    else jar.set(name, value)
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
}

/**
 * fetch for loaders: a same-origin API URL ('/api/cart?host=...') runs through
 * app.inject with the shopper's cookie, host and address; other URLs (a brand
 * whose API lives elsewhere) go out with the real fetch.
 */
export function createApiFetch(app: FastifyInstance, request: FastifyRequest, apiCookies: string[]): typeof fetch {
  let cookie = request.headers.cookie ?? ''
  const apiFetch = async (input: Parameters<typeof fetch>[0], init: RequestInit = {}): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const target = new URL(raw, originOf(request))
    if (target.origin !== originOf(request) && !raw.startsWith('/')) return fetch(input, init)

    const headers = new Headers(input instanceof Request ? input.headers : undefined)
    new Headers(init.headers).forEach((value, name) => headers.set(name, value))
    // cookies this render has received so far from the API ride along, on top of the shopper's
    const sent = headers.get('cookie') ?? ''
    headers.set('cookie', applySetCookies(mergeCookieHeaders(cookie, sent), apiCookies))
    if (!headers.get('cookie')) headers.delete('cookie')
    headers.set('host', request.headers.host ?? target.host)
    const ua = request.headers['user-agent']
    if (ua && !headers.has('user-agent')) headers.set('user-agent', ua)
    const language = request.headers['accept-language']
    if (language && !headers.has('accept-language')) headers.set('accept-language', language)

    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const body = init.body == null ? undefined : await new Response(init.body).arrayBuffer()
    init.signal?.throwIfAborted()
    const injected = await app.inject({
      method: method as 'GET',
      url: target.pathname + target.search,
      payload: body ? Buffer.from(body) : undefined,
      remoteAddress: request.ip,
      // one log line per page, not one per API call it makes
      headers: { ...Object.fromEntries(headers), [INTERNAL_HEADER]: INTERNAL_TOKEN },
    })
    const setCookie = injected.headers['set-cookie']
    const received = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)]
    if (received.length > 0) {
      apiCookies.push(...received)
      cookie = applySetCookies(cookie, received)
    }
    const responseHeaders = new Headers()
    for (const [name, value] of Object.entries(injected.headers)) {
      if (value === undefined || name === 'set-cookie' || HOP_BY_HOP.has(name)) continue
      responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value))
    }
    for (const c of received) responseHeaders.append('set-cookie', c)
    const nullBody = injected.statusCode === 204 || injected.statusCode === 304 || method === 'HEAD'
    return new Response(nullBody ? null : new Uint8Array(injected.rawPayload), {
      status: injected.statusCode,
      headers: responseHeaders,
    })
  }
  return apiFetch as typeof fetch
}

/** Two Cookie headers as one; the second wins for a name in both. */
function mergeCookieHeaders(a: string, b: string): string {
  if (!b) return a
  if (!a) return b
  return applySetCookies(a, b.split(';').map((pair) => pair.trim()).filter(Boolean))
}
