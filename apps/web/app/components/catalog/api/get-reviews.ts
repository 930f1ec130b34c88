import type { ApiClient } from '../../../lib/api/client'
import type { Review } from '../../../lib/api/types'

export interface ReviewQuery {
  /** one item's reviews; all of the brand's without */
  itemId?: string | number | null
  page?: number
  perPage?: number
}

/** GET reviews?item_id=&page=&per_page=: newest first. */
export function getReviews(api: ApiClient, query: ReviewQuery = {}): Promise<Review[]> {
  return api.get<Review[]>('/reviews', {
    item_id: query.itemId ?? undefined,
    page: query.page,
    per_page: query.perPage,
  })
}
