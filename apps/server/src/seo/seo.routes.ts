/**
 * GET /robots.txt and GET /sitemap.xml of the request's brand, registered at
 * the root (beside the storefront, outside /api). Public and cacheable; the
 * addresses inside come from the brand's public origin.
 */
import type { FastifyPluginAsync } from 'fastify'
import { robotsTxt, sitemapEntries, sitemapXml } from './seo.service.ts'

const CACHE = 'public, max-age=3600'

export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robotsTxt(request.brand)),
  )

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const xml = sitemapXml(await sitemapEntries(app.store.db, request.brand))
    return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(xml)
  })
}
