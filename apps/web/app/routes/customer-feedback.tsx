/** Feedback: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/customer-feedback'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Feedback')

export default function CustomerFeedback() {
  return (
    <ComingSoon title="Feedback">
      <p>Our feedback form is coming soon.</p>
    </ComingSoon>
  )
}
