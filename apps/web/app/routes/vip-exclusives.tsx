/** Placeholder (owned by the shopping-pages engineer): replaced by the real page. */
import { Page } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/vip-exclusives'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'VIP Exclusives')

export default function VipExclusives() {
  return <Page title="VIP Exclusives" />
}
