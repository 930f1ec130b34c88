/** Send: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/send'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Send', { noindex: true })

export default function Send() {
  return (
    <ComingSoon title="Send">
      <p>This page is coming soon.</p>
    </ComingSoon>
  )
}
