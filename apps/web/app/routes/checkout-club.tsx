/** Secure Checkout: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { checkoutMeta } from '../lib/meta'
import type { Route } from './+types/checkout-club'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

export default function CheckoutClub() {
  return (
    <ComingSoon title="Secure Checkout">
      <p>Joining the club at checkout is coming soon.</p>
    </ComingSoon>
  )
}
