/** Registration Confirmed: the welcome after creating an account. */
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { pageMeta } from '../lib/meta'
import { useSettings } from '../lib/store/store-provider'
import type { Route } from './+types/confirm-register'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Registration Confirmed', { noindex: true })

export default function ConfirmRegister() {
  const settings = useSettings()
  return (
    <Page title="Registration Confirmed">
      <p role="status">Welcome to {settings.storeName}! Your account is ready and you are logged in.</p>
      <p>
        <StoreLink to={settings.mainShoppingPath || '/'} className="button button-primary">
          Shop {settings.mainProductPlural || 'now'}
        </StoreLink>
      </p>
    </Page>
  )
}
