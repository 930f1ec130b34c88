/** Rules applied around navigation (SPEC §4), kept pure for tests. */
import type { Cart } from '../api/types'

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

/** The coupon code to apply from a URL's query, or null: `?coupon=First15` -> 'First15'. */
export function couponFromSearch(search: string): string | null {
  const code = new URLSearchParams(search).get('coupon')?.trim()
  return code ? code : null
}

// Redirect targets from the request: `safeRedirectPath` of @store/core (docs/safety-rules.md), the one rule for server and browser.
