/**
 * What loaders and actions read through: the request's services, handed over
 * by the server in the load context (apps/server/src/web/store-services.ts).
 * They run in the same process as the page, bound to the request's brand,
 * session and shopper; the cart is read once per request until it changes.
 */
import type { AppLoadContext } from 'react-router'
import type { Cart } from './types'

/** The shop's hostname as the shopper typed it, port dropped: 'ckb.localhost'. */
export function requestHost(request: Request): string {
  return new URL(request.url).hostname.toLowerCase()
}

/** The shopper's cart, however many loaders ask. */
export function requestCart(context: AppLoadContext): Promise<Cart> {
  return context.services.cart()
}
