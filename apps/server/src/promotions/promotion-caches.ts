/** What a change of a promotion clears: the brand's cached promotions, its catalogue answers and its anonymous pages, on every instance. */
import type { FastifyRequest } from 'fastify'

export interface PromotionCaches {
  clear(brandId: string): void
}

export const promotionCachesOf = (request: FastifyRequest): PromotionCaches => ({
  clear: (brandId) => request.server.caches.clear(brandId, ['promotions', 'catalog', 'pages']),
})
