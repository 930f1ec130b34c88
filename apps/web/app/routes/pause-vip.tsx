/** Pause Membership: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/pause-vip'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Pause Membership', { noindex: true })

export default function PauseVip() {
  return (
    <ComingSoon title="Pause Membership">
      <p>Pausing your membership online is coming soon.</p>
    </ComingSoon>
  )
}
