/** Wishlist: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/wishlist'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Wishlist', { noindex: true })

export default function Wishlist() {
  return (
    <ComingSoon title="Wishlist">
      <p>Your wishlist is coming soon.</p>
    </ComingSoon>
  )
}
