import type { ApiClient } from './client'
import type { Cart } from './types'

/** GET cart: data is the cart (SPEC §7). */
export function getCart(api: ApiClient): Promise<Cart> {
  return api.get<Cart>('/cart')
}
