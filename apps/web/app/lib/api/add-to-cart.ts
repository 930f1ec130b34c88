import type { ApiClient } from './client'
import type { Cart } from './types'

/** POST cart/items `item_id, size, qty`: the updated cart. */
export function addToCart(api: ApiClient, itemId: string | number, size: string | null, qty = 1): Promise<Cart> {
  return api.post<Cart>('/cart/items', { item_id: itemId, size, qty })
}
