/** Contact Us: a real page whose feature is built by a later issue. */
import { ComingSoon } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/contact-us'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Contact Us')

export default function ContactUs() {
  return (
    <ComingSoon title="Contact Us">
      <p>Our contact form is coming soon.</p>
    </ComingSoon>
  )
}
