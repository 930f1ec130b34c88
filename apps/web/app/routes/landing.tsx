/** Welcome: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/landing'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Welcome')

export default function Landing() {
  return (
    <ComingSoon title="Welcome">
      <p>This page is coming soon.</p>
    </ComingSoon>
  )
}
