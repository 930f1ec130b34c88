/** What a catalogue change clears, for the operator's catalogue routes. */
import type { FastifyRequest } from 'fastify'
import { invalidateCatalog } from '../catalog/catalog.service.ts'
import type { CatalogCaches } from './catalog-admin.service.ts'

/** The brand's cached catalogue answers and its anonymous pages (web/page-cache.ts). */
export const cachesOf = (request: FastifyRequest): CatalogCaches => ({
  clear(brandId) {
    invalidateCatalog(brandId)
    request.server.pageCache.clearBrand(brandId)
  },
})
