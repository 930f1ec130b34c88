/** Social Media Specials: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/social-media-specials'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Social Media Specials')

export default function SocialMediaSpecials() {
  return (
    <ComingSoon title="Social Media Specials">
      <p>Our social media specials are coming soon. Follow us to be the first to hear about them.</p>
    </ComingSoon>
  )
}
