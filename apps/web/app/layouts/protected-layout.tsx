/**
 * Guard of the protected routes (SPEC §6): members, orders, account, payment
 * methods, skip, pause, cancel, wishlist. A visitor who is not logged in is sent
 * to /login?redirectTo=<this page>, and comes back here after logging in.
 */
import { Outlet } from 'react-router'
import { requireCustomer } from '../lib/auth.server'
import type { Route } from './+types/protected-layout'

export async function loader({ context, request }: Route.LoaderArgs) {
  const cart = await requireCustomer(context, request)
  return { customer: cart.customer }
}

export default function ProtectedLayout() {
  return <Outlet />
}
