/** Form: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/form-page'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Form')

export default function FormPage() {
  return (
    <ComingSoon title="Form">
      <p>This form is coming soon.</p>
    </ComingSoon>
  )
}
