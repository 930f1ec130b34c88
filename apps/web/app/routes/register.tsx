/** Create Account: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/register'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Create Account')

export default function Register() {
  return (
    <ComingSoon title="Create Account">
      <p>Creating an account is coming soon.</p>
    </ComingSoon>
  )
}
