/** Rules applied around navigation (SPEC §4), kept pure for tests. */
import type { Cart } from '../api/types'
import type { CartActionData } from '../cart-actions'
import type { CouponNotice } from './reducer'

/**
 * Before each navigation: when the cart has items and removed_free_promo turned
 * from false (at the previous navigation) to true, the shopper is sent to the
 * main shopping path with ?ineligible=true.
 */
export function ineligibleRedirect(
  previousRemovedFreePromo: boolean | null,
  cart: Pick<Cart, 'items' | 'removed_free_promo'> | null | undefined,
  mainShoppingPath: string,
): string | null {
  if (!cart || cart.items.length === 0) return null
  if (previousRemovedFreePromo !== false || cart.removed_free_promo !== true) return null
  const base = mainShoppingPath || '/'
  return `${base}${base.includes('?') ? '&' : '?'}ineligible=true`
}

/**
 * A discount code's shape: letters and digits, maybe joined by - or _ (First15, 10First, LOCK5). A
 * refused code is named in the store's answer, so a link's "code" that is a sentence is never tried.
 */
const COUPON_SHAPE = /^[a-z0-9](?:[a-z0-9_-]{0,38}[a-z0-9])?$/i

/** The coupon code to apply from a URL's query, or null: `?coupon=First15` -> 'First15'; words are no code. */
export function couponFromSearch(search: string): string | null {
  const code = new URLSearchParams(search).get('coupon')?.trim()
  return code && COUPON_SHAPE.test(code) ? code : null
}

/**
 * What the shopper is told of a coupon link's code: a campaign's link most often opens a page with an
 * empty cart, whose drawer shows no code, so the page says it: applied (with the code's terms), or
 * the store's reason for refusing it.
 */
export function couponNoticeOf(
  code: string,
  result: Pick<CartActionData, 'errors'> & { cart: Pick<Cart, 'discount_code_name' | 'discount_code_info' | 'items'> | null },
): CouponNotice {
  const refusal = result.errors?.[0]?.message
  if (refusal) return { applied: false, message: refusal }
  const name = result.cart?.discount_code_name || code
  // an empty cart's terms say the code applies to nothing yet: the shopper is told it comes off what they add
  if (result.cart?.items.length === 0) return { applied: true, message: `Discount code ${name} is in your cart: it comes off what you add.` }
  const info = result.cart?.discount_code_info
  return { applied: true, message: info ? `Discount code ${name} is in your cart. ${info}` : `Discount code ${name} is in your cart.` }
}

// Redirect targets from the request: `safeRedirectPath` of @store/core (docs/safety-rules.md), the one rule for server and browser.
