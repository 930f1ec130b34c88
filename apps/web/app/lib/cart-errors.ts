/**
 * What a cart form post that failed before hydration says when the shopper is back on the page.
 * The address carries a code (`?cart_error=sold-out`), never words: a link anyone can write must
 * not put a sentence in the store's mouth, so only a code of this table shows anything.
 */
import type { ApiErrorItem } from './api/types'
import type { CartIntent } from './cart-actions'

export const CART_ERROR_MESSAGES = {
  'choose-item': 'Choose an item to add.',
  'choose-size': "That item doesn't come in the size you chose. Choose another size.",
  quantity: 'Enter a quantity of 0 or more.',
  'too-many': 'There are not that many left, or that is more than one cart can hold. Choose fewer.',
  'fixed-quantity': 'The quantity of this item is fixed.',
  'vip-only': 'That piece is a VIP exclusive: only VIP members can add it to their cart. Join VIP to shop it.',
  'item-gone': "We couldn't find that item. It may no longer be sold.",
  'line-gone': "That line isn't in your cart any more.",
  'enter-code': 'Enter a discount code.',
  'code-refused': "That discount code can't be used on this cart.",
  'slow-down': 'Too many tries just now. Wait a moment and try again.',
  failed: 'We could not update your cart just now. Please try again.',
} as const satisfies Record<string, string>

export type CartErrorCode = keyof typeof CART_ERROR_MESSAGES

/** The code of a refused cart change, from its intent, status and first error's field: the words stay here. */
export function cartErrorCode(intent: CartIntent | null, status: number, error: ApiErrorItem | undefined): CartErrorCode {
  const field = error?.field
  if (status === 429) return 'slow-down'
  if (field === 'code') return status === 400 ? 'enter-code' : 'code-refused'
  if (status === 403) return 'vip-only'
  if (status === 404) return intent === 'add' ? 'item-gone' : 'line-gone'
  if (status === 409) return 'too-many'
  if (status === 400) return field === 'item_id' ? 'choose-item' : field === 'qty' ? 'quantity' : field === 'cartId' ? 'line-gone' : 'failed'
  if (status === 422) {
    if (field === 'size') return 'choose-size'
    if (field === 'qty') return /fixed/i.test(error?.message ?? '') ? 'fixed-quantity' : 'too-many'
  }
  return 'failed'
}

/** The store's words for a code from the address; null for anything else (a sentence, an unknown code). */
export function cartErrorMessage(code: string | null | undefined): string | null {
  if (!code || !Object.hasOwn(CART_ERROR_MESSAGES, code)) return null
  return CART_ERROR_MESSAGES[code as CartErrorCode]
}
