/** Secure Checkout: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { checkoutMeta } from '../lib/meta'
import type { Route } from './+types/checkout-styleprofile'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

export default function CheckoutStyleProfile() {
  return (
    <ComingSoon title="Secure Checkout">
      <p>Your style profile is coming soon.</p>
    </ComingSoon>
  )
}
