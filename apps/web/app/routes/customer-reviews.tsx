/** Placeholder (owned by the shopping-pages engineer): replaced by the real page. */
import { Page } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/customer-reviews'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Customer Reviews')

export default function CustomerReviews() {
  return <Page title="Customer Reviews" />
}
