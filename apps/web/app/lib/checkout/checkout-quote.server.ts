/**
 * The checkout page's figures on the server (its loader and action): the store's quote, or its
 * refusal said on the page.
 */
import { type CheckoutQuote, isStoreError, type StoreServices } from '@store/core'
import { cartTotalsFigures } from '../../components/cart/cart-math'
import type { ApiErrorItem, Cart } from '../api/types'

/** The figures of an empty cart (nothing to quote). */
export const NOTHING: CheckoutQuote = {
  shipping_options: [],
  shipping_method: 'standard',
  subtotal: 0,
  discount: 0,
  bundle_discount: 0,
  shipping: 0,
  tax: 0,
  total: 0,
  club_fee: 0,
  code_refusal: null,
}

/**
 * The checkout's quote, or the store's refusal of it said on the page rather than a 500: a cart that
 * would join the club for a shopper who cannot join here (a visitor: a membership needs an account).
 */
export async function quoteOrRefusal(
  services: StoreServices,
  cart: Cart,
  input: Parameters<StoreServices['checkoutQuote']>[0],
): Promise<{ quote: CheckoutQuote; refusal: ApiErrorItem[] }> {
  if (cart.items.length === 0) return { quote: NOTHING, refusal: [] }
  try {
    return { quote: await services.checkoutQuote(input), refusal: [] }
  } catch (error) {
    if (!isStoreError(error) || error.status >= 500) throw error
    // said above the form: it is about the order, not a field the shopper typed
    // the cart's own figures: the totals the page shows still add up
    return { quote: { ...NOTHING, ...cartTotalsFigures(cart) }, refusal: error.errors.map((e) => ({ message: e.message })) }
  }
}
