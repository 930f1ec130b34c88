/** Cancel Membership: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/cancel-error'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Cancel Membership', { noindex: true })

export default function CancelError() {
  return (
    <ComingSoon title="Cancel Membership">
      <p>We could not cancel your membership online. Please contact us and we will help.</p>
    </ComingSoon>
  )
}
