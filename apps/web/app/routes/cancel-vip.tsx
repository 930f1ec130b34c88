/** Cancel Membership: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/cancel-vip'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Cancel Membership', { noindex: true })

export default function CancelVip() {
  return (
    <ComingSoon title="Cancel Membership">
      <p>Managing your membership online is coming soon. Until then, contact us and we will help.</p>
    </ComingSoon>
  )
}
