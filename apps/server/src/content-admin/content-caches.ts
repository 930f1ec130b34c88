/**
 * What a change of content or settings clears, and who may change content here at all
 * (docs/admin-content.md).
 */
import type { FastifyRequest } from 'fastify'
import type { RequestContext } from '../context/request-context.ts'
import { conflict } from '../http/errors.ts'

export interface ContentCaches {
  clear(brandId: string): void
}

/**
 * The request's caches: the brand's settings bundle (settings, menus, banners, sizing guide),
 * its cached content (the club's landing) and its anonymous pages, on every instance at once
 * (caches/cache-bus.ts).
 */
export const contentCachesOf = (request: FastifyRequest): ContentCaches => ({
  clear: (brandId) => request.server.caches.clear(brandId, ['settings', 'content', 'pages']),
})

export const EDITED_IN_SANITY = 'The content is edited in Sanity Studio for this store.'

/**
 * Where the content comes from Sanity (CONTENT_SOURCE=sanity), it is edited there: the
 * operator's content calls answer 409 rather than write rows the storefront does not read.
 */
export function refuseWhenEditedElsewhere(ctx: Pick<RequestContext, 'env'>): void {
  if (ctx.env.CONTENT_SOURCE === 'sanity') throw conflict(EDITED_IN_SANITY)
}
