import type { ApiClient } from '../../../lib/api/client'
import type { ContentPage } from '../../../lib/api/types'

/** GET content/pages/{slug}: a content page with its blocks. A missing page is an ApiError with status 404. */
export function getContentPage(api: ApiClient, slug: string): Promise<ContentPage> {
  const path = slug
    .split('/')
    .filter(Boolean)
    .map((part) => encodeURIComponent(part))
    .join('/')
  return api.get<ContentPage>(`/content/pages/${path}`)
}
