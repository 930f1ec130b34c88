/** Addresses: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/addresses'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Addresses', { noindex: true })

export default function Addresses() {
  return (
    <ComingSoon title="Addresses">
      <p>Managing your addresses is coming soon.</p>
    </ComingSoon>
  )
}
