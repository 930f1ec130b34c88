/** Instagram (ig, insta): where to follow the store, and its feed. */
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { pageMeta } from '../lib/meta'
import { useSettings } from '../lib/store/store-provider'
import type { Route } from './+types/instagram'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Instagram', { canonicalPath: '/ig' })

export default function Instagram() {
  const settings = useSettings()
  return (
    <Page title="Instagram">
      {settings.instagram ? (
        <p>
          <a href={settings.instagram} className="button button-primary" rel="noopener noreferrer">
            Follow {settings.storeName} on Instagram
          </a>
        </p>
      ) : null}
      <p>
        <StoreLink to="/shop_our_feed">Shop our feed</StoreLink>
      </p>
    </Page>
  )
}
