import type { ApiClient } from './client'
import type { Category } from './types'

/** GET categories/{name}: the category with its items. A missing one is an ApiError with status 404. */
export function getCategory(api: ApiClient, name: string): Promise<Category> {
  return api.get<Category>(`/categories/${encodeURIComponent(name)}`)
}
