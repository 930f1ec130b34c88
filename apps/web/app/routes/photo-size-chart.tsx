/** Placeholder (owned by the shopping-pages engineer): replaced by the real page. */
import { Page } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/photo-size-chart'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Size & Fit Guide')

export default function PhotoSizeChart() {
  return <Page title="Size & Fit Guide" />
}
