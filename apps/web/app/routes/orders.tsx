/** Orders: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Orders', { noindex: true })

export default function Orders() {
  return (
    <ComingSoon title="Orders">
      <p>Your order history is coming soon.</p>
    </ComingSoon>
  )
}
