/** /cancel_error: the cancel check said cant_cancel (an order is being packed), with its tracking number. */
import { MEMBERSHIP_REFUSALS } from '@store/core'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { requireCustomer } from '../lib/auth.server'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/cancel-error'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Cancel Membership', { noindex: true })

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireCustomer(context, request)
  const check = await context.services.cancelCheck().catch(() => ({ cant_cancel: false, tracking_number: null }))
  return { check }
}

export default function CancelError({ loaderData }: Route.ComponentProps) {
  const { check } = loaderData
  return (
    <Page title="Cancel Membership">
      <p role="alert">{check.cant_cancel ? MEMBERSHIP_REFUSALS.cancelWhileShipping : 'Your membership can be cancelled now.'}</p>
      {check.tracking_number ? (
        <p>
          Tracking number: <strong data-testid="tracking-number">{check.tracking_number}</strong>{' '}
          <StoreLink to={`/tracker?number=${encodeURIComponent(check.tracking_number)}`}>Track your order</StoreLink>
        </p>
      ) : null}
      <p>
        {check.cant_cancel ? <StoreLink to="/contact-us">Contact us</StoreLink> : <StoreLink to="/cancel-vip">Cancel my membership</StoreLink>} ·{' '}
        <StoreLink to="/members">Members Area</StoreLink>
      </p>
    </Page>
  )
}
