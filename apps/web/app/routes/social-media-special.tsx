/** Special Offer: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/social-media-special'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Special Offer', { noindex: true })

export default function SocialMediaSpecial() {
  return (
    <ComingSoon title="Special Offer">
      <p>This special offer is coming soon.</p>
    </ComingSoon>
  )
}
