/** This instance's caches of a brand, by what a change concerns (the cache bus drops them here and on the others). */
import { invalidateCatalog } from '../catalog/catalog.service.ts'
import { invalidateContent } from '../content/content.service.ts'
import { invalidateSettings } from '../settings/settings.service.ts'
import { invalidatePromotions } from '../shared/promotions-scope.ts'
import type { PageCache } from '../web/page-cache.ts'
import type { CacheScope } from './cache-bus.ts'

export function dropLocalCache(pages: PageCache, brandId: string, scope: CacheScope): void {
  switch (scope) {
    case 'catalog':
      return invalidateCatalog(brandId)
    case 'promotions':
      return invalidatePromotions(brandId)
    case 'pages':
      return pages.clearBrand(brandId)
    case 'content':
      return invalidateContent(brandId)
    case 'settings':
      return invalidateSettings(brandId)
  }
}
