/**
 * Guard of the protected routes (SPEC §6): members, orders, account, payment
 * methods, skip, pause, cancel, wishlist. A visitor who is not logged in is sent
 * to /login?redirectTo=<this page>, and comes back here after logging in. The
 * club's pages of a brand without a club are not there for anyone: a 404 first,
 * not a login that leads to one.
 */
import { Outlet } from 'react-router'
import { requireCustomer } from '../lib/auth.server'
import { requireClubBrand } from '../lib/club.server'
import type { Route } from './+types/protected-layout'

/** The protected pages that belong to the club (routes.ts): each also asks for a membership. */
const CLUB_PAGES: ReadonlySet<string> = new Set(['/skip-vip', '/pause-vip', '/cancel-vip', '/members_cancel_flow', '/cancel_feedback', '/cancel_error'])

export async function loader({ context, request }: Route.LoaderArgs) {
  // a client navigation asks for <page>.data
  const path = new URL(request.url).pathname.replace(/\.data$/, '')
  if (CLUB_PAGES.has(path)) await requireClubBrand(context)
  const cart = await requireCustomer(context, request)
  return { customer: cart.customer }
}

export default function ProtectedLayout() {
  return <Outlet />
}
