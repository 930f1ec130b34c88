/** Registration Confirmed: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/confirm-register'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Registration Confirmed', { noindex: true })

export default function ConfirmRegister() {
  return (
    <ComingSoon title="Registration Confirmed">
      <p>Confirming your registration is coming soon.</p>
    </ComingSoon>
  )
}
