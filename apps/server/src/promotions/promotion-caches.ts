/** What a change of a promotion clears: the brand's cached promotions, its catalogue answers and its anonymous pages. */
import type { FastifyRequest } from 'fastify'
import { invalidateCatalog } from '../catalog/catalog.service.ts'
import { invalidatePromotions } from '../shared/promotions-scope.ts'

export interface PromotionCaches {
  clear(brandId: string): void
}

/** The request's caches: this instance's at once (others within the caches' 30 s). */
export const promotionCachesOf = (request: FastifyRequest): PromotionCaches => ({
  clear(brandId) {
    invalidatePromotions(brandId)
    invalidateCatalog(brandId)
    request.server.pageCache.clearBrand(brandId)
  },
})
