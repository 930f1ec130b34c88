/** Style Profile: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/styleprofile'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Style Profile', { noindex: true })

export default function StyleProfile() {
  return (
    <ComingSoon title="Style Profile">
      <p>Your style profile is coming soon.</p>
    </ComingSoon>
  )
}
