/** Placeholder (owned by the shopping-pages engineer): replaced by the real page. */
import { Page } from '../components/page/page'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/shop-our-feed'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Shop Our Feed')

export default function ShopOurFeed() {
  return <Page title="Shop Our Feed" />
}
