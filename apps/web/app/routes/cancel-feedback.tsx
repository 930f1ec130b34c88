/** Cancel Membership: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/cancel-feedback'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Cancel Membership', { noindex: true })

export default function CancelFeedback() {
  return (
    <ComingSoon title="Cancel Membership">
      <p>Telling us why you left is coming soon.</p>
    </ComingSoon>
  )
}
