/** Skip Month: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/skip-vip'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Skip Month', { noindex: true })

export default function SkipVip() {
  return (
    <ComingSoon title="Skip Month">
      <p>Skipping a month online is coming soon.</p>
    </ComingSoon>
  )
}
