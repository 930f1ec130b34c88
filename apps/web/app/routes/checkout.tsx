/** Secure Checkout: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { checkoutMeta } from '../lib/meta'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

export default function Checkout() {
  return (
    <ComingSoon title="Secure Checkout">
      <p>Checkout is coming soon.</p>
    </ComingSoon>
  )
}
