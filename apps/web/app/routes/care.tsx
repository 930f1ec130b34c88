/** Placeholder (owned by the shopping-pages engineer): replaced by the real page. */
import { Page } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/care'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Care Guide')

export default function Care() {
  return <Page title="Care Guide" />
}
