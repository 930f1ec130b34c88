/** Account: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/change-password'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Account', { noindex: true })

export default function ChangePassword() {
  return (
    <ComingSoon title="Account">
      <p>Changing your account details is coming soon.</p>
    </ComingSoon>
  )
}
