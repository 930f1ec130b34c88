/** What a catalogue change clears, for the operator's catalogue routes. */
import type { FastifyRequest } from 'fastify'
import type { CatalogCaches } from './catalog-admin.service.ts'

/** The brand's cached catalogue answers and its anonymous pages (web/page-cache.ts), on every instance. */
export const cachesOf = (request: FastifyRequest): CatalogCaches => ({
  clear: (brandId) => request.server.caches.clear(brandId, ['catalog', 'pages']),
})
