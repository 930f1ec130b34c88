/** Placeholder (owned by the shopping-pages engineer): replaced by the real page. */
import { Page } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/category-group'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Browse Store')

export default function CategoryGroup() {
  return <Page title="Browse Store" />
}
