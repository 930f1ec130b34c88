/** Placeholder (owned by the shopping-pages engineer): replaced by the real page. */
import { Page } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/store-policies'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'FAQ')

export default function StorePolicies() {
  return <Page title="FAQ" />
}
