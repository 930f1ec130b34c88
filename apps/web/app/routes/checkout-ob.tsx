/** Secure Checkout: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { checkoutMeta } from '../lib/meta'
import type { Route } from './+types/checkout-ob'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

export default function CheckoutOrderBump() {
  return (
    <ComingSoon title="Secure Checkout">
      <p>Special offers at checkout are coming soon.</p>
    </ComingSoon>
  )
}
