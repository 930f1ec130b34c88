/** Secure Checkout: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { checkoutMeta } from '../lib/meta'
import type { Route } from './+types/special-offer'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

export default function SpecialOffer() {
  return (
    <ComingSoon title="Secure Checkout">
      <p>One-time offers are coming soon.</p>
    </ComingSoon>
  )
}
