import type { ApiClient } from './client'
import type { Cart } from './types'

/** POST cart/items/{cartId} `qty`: the updated cart; qty 0 removes the line. */
export function updateCartLine(api: ApiClient, cartId: string, qty: number): Promise<Cart> {
  return api.post<Cart>(`/cart/items/${encodeURIComponent(cartId)}`, { qty: Math.max(0, Math.trunc(qty)) })
}
