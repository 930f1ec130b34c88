/** Placeholder (owned by the shopping-pages engineer): replaced by the real page. */
import { Page } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/info-page'

export const meta: Route.MetaFunction = (args) => pageMeta(args, null)

export default function InfoPage() {
  return <Page title="About" />
}
