import type { ApiClient } from './client'
import type { Cart } from './types'

/** POST discount-code `code`: returns the updated cart; an unknown code is a 422 (ApiError). */
export function postDiscountCode(api: ApiClient, code: string): Promise<Cart> {
  return api.post<Cart>('/discount-code', { code: code.trim() })
}
