/** Login guard of the protected routes (SPEC §6). */
import { LOGIN_PATH } from '@store/core'
import { redirect, type AppLoadContext } from 'react-router'
import { requestCart } from './api/server'
import type { Cart } from './api/types'

/** '/login?redirectTo=%2Forders%3Fpage%3D2' for the page the visitor asked for. */
function loginRedirectPath(request: Request): string {
  const url = new URL(request.url)
  const back = url.pathname + url.search
  return `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: back }).toString()}`
}

/** The logged-in customer's cart; a visitor is redirected to /login and back afterwards. */
export async function requireCustomer(context: AppLoadContext, request: Request): Promise<Cart> {
  const cart = await requestCart(context)
  if (!cart.loggedin || !cart.customer) throw redirect(loginRedirectPath(request))
  return cart
}
