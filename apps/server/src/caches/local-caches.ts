/** This instance's caches of a brand, by what a change concerns (the cache bus drops them here and on the others). */
import { invalidateCatalog } from '../catalog/catalog.service.ts'
import { invalidateContent } from '../content/content.service.ts'
import { invalidateSettings } from '../settings/settings.service.ts'
import { invalidatePromotions } from '../shared/promotions-scope.ts'
import type { PageCache } from '../web/page-cache.ts'
import type { CacheScope } from './cache-bus.ts'

const DROPS: Record<CacheScope, (pages: PageCache, brandId: string) => void> = {
  catalog: (_pages, brandId) => invalidateCatalog(brandId),
  promotions: (_pages, brandId) => invalidatePromotions(brandId),
  pages: (pages, brandId) => pages.clearBrand(brandId),
  content: (_pages, brandId) => invalidateContent(brandId),
  settings: (_pages, brandId) => invalidateSettings(brandId),
}

export function dropLocalCache(pages: PageCache, brandId: string, scope: CacheScope): void {
  DROPS[scope](pages, brandId)
}
