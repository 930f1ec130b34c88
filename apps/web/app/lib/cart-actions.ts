/** The intents the cart resource route (/resources/cart) understands, and its answer. */
import type { ApiErrorItem, Cart } from './api/types'
import { safeRedirectPath } from '@store/core'
import type { CartErrorCode } from './cart-errors'

export const CART_ACTION_PATH = '/resources/cart'
/** id of the cart drawer: `#cart-drawer` opens it before JavaScript has loaded */
export const CART_DRAWER_ID = 'cart-drawer'
export const MENU_DRAWER_ID = 'menu-drawer'

export type CartIntent = 'add' | 'update' | 'remove' | 'discount' | 'removeDiscount'

export interface CartActionData {
  intent: CartIntent | null
  cart: Cart | null
  errors: ApiErrorItem[] | null
}

/** Query parameter carrying a cart error's code (cart-errors.ts) back to the page after a plain (no-JavaScript) form post. */
export const CART_ERROR_PARAM = 'cart_error'

/** '/item/3?x=1' -> '/item/3?x=1#cart-drawer', with `cart_error=<code>` when the change failed. */
export function backWithDrawer(back: string, error: CartErrorCode | null): string {
  const url = new URL(safeRedirectPath(back), 'http://x')
  url.searchParams.delete(CART_ERROR_PARAM)
  if (error) url.searchParams.set(CART_ERROR_PARAM, error)
  return `${url.pathname}${url.search}#${CART_DRAWER_ID}`
}
