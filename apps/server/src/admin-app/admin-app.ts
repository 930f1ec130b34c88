/**
 * The operator's pages: the React app of apps/admin (built into apps/admin/build), served
 * at /admin on every brand's host. Its page is one HTML file for every /admin path (the
 * app routes in the browser) with a CSP of its own: scripts and styles from this origin
 * only, no inline script. Its bundles live under /admin/assets, fingerprinted and cached
 * for a year, and no storefront page links them: a shopper's browser never loads them.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'

const ADMIN_NOT_BUILT = 'The admin app is not built: run npm run build'

export const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export const adminAppRoutes: FastifyPluginAsync<{ buildDir: string }> = async (app, options) => {
  const buildDir = resolve(options.buildDir)
  const indexFile = join(buildDir, 'index.html')
  const built = existsSync(indexFile)
  const page = built ? readFileSync(indexFile, 'utf8') : null

  if (built && existsSync(join(buildDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(buildDir, 'assets'),
      prefix: '/admin/assets/',
      wildcard: false,
      decorateReply: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(res) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }

  const handler = async (_request: unknown, reply: FastifyReply) => {
    if (!page) return reply.status(503).type('text/plain; charset=utf-8').header('retry-after', '30').send(ADMIN_NOT_BUILT)
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', ADMIN_CSP)
      .header('x-robots-tag', 'noindex, nofollow')
      .send(page)
  }
  app.get('/admin', handler)
  app.get('/admin/*', async (request, reply) => {
    // a bundle that is not there is a 404, never the app's page
    if (request.url.startsWith('/admin/assets/')) return reply.callNotFound()
    return handler(request, reply)
  })
}
