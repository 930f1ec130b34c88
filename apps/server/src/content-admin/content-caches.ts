/**
 * What a change of content or settings clears, and who may change content here at all
 * (docs/admin-content.md).
 */
import type { FastifyRequest } from 'fastify'
import type { RequestContext } from '../context/request-context.ts'
import { invalidateContent } from '../content/content.service.ts'
import { conflict } from '../http/errors.ts'
import { invalidateSettings } from '../settings/settings.service.ts'

export interface ContentCaches {
  clear(brandId: string): void
}

/**
 * The request's caches: the brand's settings bundle (settings, menus, banners, sizing guide),
 * its cached content (the club's landing) and its anonymous pages, on this instance at once
 * (others within the caches' 30 s).
 */
export const contentCachesOf = (request: FastifyRequest): ContentCaches => ({
  clear(brandId) {
    invalidateSettings(brandId)
    invalidateContent(brandId)
    request.server.pageCache.clearBrand(brandId)
  },
})

export const EDITED_IN_SANITY = 'The content is edited in Sanity Studio for this store.'

/**
 * Where the content comes from Sanity (CONTENT_SOURCE=sanity), it is edited there: the
 * operator's content calls answer 409 rather than write rows the storefront does not read.
 */
export function refuseWhenEditedElsewhere(ctx: Pick<RequestContext, 'env'>): void {
  if (ctx.env.CONTENT_SOURCE === 'sanity') throw conflict(EDITED_IN_SANITY)
}
