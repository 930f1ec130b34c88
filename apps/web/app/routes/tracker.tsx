/** Order Tracker: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/tracker'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Order Tracker', { canonicalPath: '/tracker' })

export default function Tracker() {
  return (
    <ComingSoon title="Order Tracker">
      <p>Tracking your order online is coming soon.</p>
    </ComingSoon>
  )
}
