/** Payment Methods: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/change-payment'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Payment Methods', { noindex: true })

export default function ChangePayment() {
  return (
    <ComingSoon title="Payment Methods">
      <p>Managing your payment methods is coming soon.</p>
    </ComingSoon>
  )
}
