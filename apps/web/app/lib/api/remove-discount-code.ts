import type { ApiClient } from './client'
import type { Cart } from './types'

/** POST discount-code/remove: takes the code off the cart; the updated cart. */
export function removeDiscountCode(api: ApiClient): Promise<Cart> {
  return api.post<Cart>('/discount-code/remove')
}
