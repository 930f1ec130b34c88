/** Secure Checkout: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { checkoutMeta } from '../lib/meta'
import type { Route } from './+types/please-wait'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

export default function PleaseWait() {
  return (
    <ComingSoon title="Secure Checkout">
      <p>Please wait while we finish your order.</p>
    </ComingSoon>
  )
}
