import type { ApiClient } from '../../../lib/api/client'
import type { Feed } from '../../../lib/api/types'

/** GET feed: the bio and feed posts of Shop Our Feed. */
export function getFeed(api: ApiClient): Promise<Feed> {
  return api.get<Feed>('/feed')
}
