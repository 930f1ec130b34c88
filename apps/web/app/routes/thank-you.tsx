/** Thank You: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/thank-you'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Thank You', { noindex: true })

export default function ThankYou() {
  return (
    <ComingSoon title="Thank You">
      <p>Thank you for your order.</p>
    </ComingSoon>
  )
}
