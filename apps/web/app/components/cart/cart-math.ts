/** Display rules of the cart drawer, pure for tests. */
import { formatPrice } from '@store/core'
import type { Cart } from '../../lib/api/types'
import type { TotalsFigures } from '../totals-list'

/** The cart's own money figures as the server worked them out: the drawer's totals, and the checkout's when its quote was refused. */
export function cartTotalsFigures(cart: Cart): Required<Omit<TotalsFigures, 'club_fee'>> {
  return {
    subtotal: cart.cart_subtotal,
    discount: cart.cart_discount ?? 0,
    bundle_discount: cart.bundle_discount,
    shipping: cart.cart_shipping,
    tax: cart.cart_tax,
    total: cart.cart_total,
  }
}

export interface FreeShippingProgress {
  threshold: number
  remaining: number
  /** 0-100 */
  percent: number
  qualified: boolean
  message: string
}

/**
 * What the progress bar reads of a cart. Looser than the contract's Cart on
 * purpose: a store without a threshold, or an answer without the server's
 * remaining amount, still draws (or hides) the bar.
 */
export type FreeShippingInput = Pick<Cart, 'cart_subtotal' | 'cart_discount' | 'items'> & {
  free_shipping_threshold: number | null
  free_shipping_remaining?: number | null
}

/**
 * Progress toward free shipping: the server's free_shipping_remaining when it
 * sends one, else threshold minus (subtotal - discount). Null without a threshold
 * or with an empty cart.
 */
export function freeShippingProgress(cart: FreeShippingInput): FreeShippingProgress | null {
  const threshold = cart.free_shipping_threshold ?? 0
  if (!(threshold > 0) || cart.items.length === 0) return null
  const spent = (cart.cart_subtotal ?? 0) - Math.abs(cart.cart_discount ?? 0)
  const remainingRaw = cart.free_shipping_remaining ?? threshold - spent
  const remaining = Math.max(0, Math.round(remainingRaw * 100) / 100)
  const qualified = remaining <= 0
  const percent = qualified ? 100 : Math.min(100, Math.max(0, Math.round(((threshold - remaining) / threshold) * 100)))
  return {
    threshold,
    remaining,
    percent,
    qualified,
    message: qualified ? "You've got free shipping!" : `${formatPrice(remaining)} away from free shipping`,
  }
}

/** A css_class from the server, reduced to safe class names. */
export function safeClassNames(value: string | null | undefined): string {
  return (value ?? '')
    .split(/\s+/)
    .filter((c) => /^[a-zA-Z_-][\w-]*$/.test(c))
    .join(' ')
}

/** True when an original price is worth striking through. */
export function showOriginal(original: number | null | undefined, current: number): original is number {
  return typeof original === 'number' && original > current
}
