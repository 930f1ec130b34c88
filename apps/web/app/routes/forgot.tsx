/** Reset Your Password: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/forgot'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Reset Your Password', { noindex: true })

export default function Forgot() {
  return (
    <ComingSoon title="Reset Your Password">
      <p>Resetting your password online is coming soon. Until then, contact us and we will help.</p>
    </ComingSoon>
  )
}
