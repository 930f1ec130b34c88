import type { ApiClient } from './client'
import type { ItemDetail } from './types'

/** GET items/{id}: the item with variants, bullet sections and matching items. */
export function getItem(api: ApiClient, id: string | number): Promise<ItemDetail> {
  return api.get<ItemDetail>(`/items/${encodeURIComponent(String(id))}`)
}
