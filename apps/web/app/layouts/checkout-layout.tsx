/**
 * The slim checkout layout: logo, secure badge, trimmed footer. Its pages are
 * titled 'Secure Checkout' and hidden from search (each page's meta says so:
 * React Router takes the deepest route's meta).
 */
import { Outlet } from 'react-router'
import { SlimChrome } from '../components/layout/slim-chrome'
import { checkoutMeta } from '../lib/meta'
import type { Route } from './+types/checkout-layout'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

export default function CheckoutLayout() {
  return (
    <SlimChrome secure>
      <Outlet />
    </SlimChrome>
  )
}
