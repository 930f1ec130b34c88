/** Placeholder (owned by the shopping-pages engineer): replaced by the real page. */
import { Page } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/svg-gallery'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Icons')

export default function SvgGallery() {
  return <Page title="Icons" />
}
