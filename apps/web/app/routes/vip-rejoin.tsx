/** Rejoin VIP: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/vip-rejoin'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Rejoin VIP', { noindex: true })

export default function VipRejoin() {
  return (
    <ComingSoon title="Rejoin VIP">
      <p>Rejoining the club from here is coming soon.</p>
    </ComingSoon>
  )
}
