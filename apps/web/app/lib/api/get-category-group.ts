import type { ApiClient } from './client'
import type { CategoryGroup } from './types'

/** GET category-groups/{name}: the group with its categories. */
export function getCategoryGroup(api: ApiClient, name: string): Promise<CategoryGroup> {
  return api.get<CategoryGroup>(`/category-groups/${encodeURIComponent(name)}`)
}
