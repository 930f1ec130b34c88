/**
 * The API client as loaders and actions use it: built from the load context
 * (in-process apiFetch, the request's brand) and the incoming request (host,
 * cookie). One client per request, so per-request memoised reads are shared
 * between the loaders of a single render.
 */
import type { AppLoadContext } from 'react-router'
import { data } from 'react-router'
import { createApiClient, type ApiClient } from './client'
import { getCart } from './get-cart'
import type { Cart } from './types'

const clients = new WeakMap<Request, ApiClient>()
const carts = new WeakMap<Request, Promise<Cart>>()

/** The shop's hostname as the shopper typed it, port dropped: 'ckb.localhost'. */
export function requestHost(request: Request): string {
  return new URL(request.url).hostname.toLowerCase()
}

export function serverApi(context: AppLoadContext, request: Request): ApiClient {
  let api = clients.get(request)
  if (!api) {
    const brand = context.brand
    if (!brand) throw data({ message: 'Unknown host' }, { status: 404, statusText: 'Unknown host' })
    api = createApiClient({
      baseUrl: brand.apiBaseUrl,
      host: requestHost(request),
      fetch: context.apiFetch,
      cookie: request.headers.get('cookie'),
    })
    clients.set(request, api)
  }
  return api
}

/** GET cart once per request, however many loaders ask. */
export function requestCart(context: AppLoadContext, request: Request): Promise<Cart> {
  let cart = carts.get(request)
  if (!cart) {
    cart = getCart(serverApi(context, request))
    carts.set(request, cart)
  }
  return cart
}
