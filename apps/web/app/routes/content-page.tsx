/** Placeholder (owned by the shopping-pages engineer): content pages; until then every such path is a 404. */
import { data } from 'react-router'
import { Page } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/content-page'

export const meta: Route.MetaFunction = (args) => pageMeta(args, null)

export function loader(): never {
  throw data('Page not found', { status: 404 })
}

export default function ContentPage() {
  return <Page title="Page" />
}
