/**
 * /cancel_error: the cancel check said cant_cancel (an order is being packed), with its tracking number.
 * A member's page: a brand without a club has none (404), a customer who never joined goes to the club's
 * page (requireMembership), and a membership already over says so rather than "can be cancelled now".
 */
import { MEMBERSHIP_REFUSALS } from '@store/core'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { requireMembership } from '../lib/club.server'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/cancel-error'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Cancel Membership', { noindex: true })

export async function loader({ context, request }: Route.LoaderArgs) {
  const membership = await requireMembership(context, request)
  const over = membership.status === 'cancelled' || membership.status === 'lapsed'
  const check = over ? { cant_cancel: false, tracking_number: null } : await context.services.cancelCheck().catch(() => ({ cant_cancel: false, tracking_number: null }))
  return { check, over }
}

export default function CancelError({ loaderData }: Route.ComponentProps) {
  const { check, over } = loaderData
  if (over) {
    return (
      <Page title="Cancel Membership">
        <p role="alert">Your membership is already cancelled: nothing more is charged.</p>
        <p>
          <StoreLink to="/vip-rejoin-test">Rejoin VIP</StoreLink> · <StoreLink to="/members">Members Area</StoreLink>
        </p>
      </Page>
    )
  }
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
