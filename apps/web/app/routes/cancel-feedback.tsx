/** After cancelling (/cancel_feedback): what happens now, in words, and the way back. */
import { useSearchParams } from 'react-router'
import { PeriodSummary, useTrackOnce } from '../components/club/club'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { requireMembership } from '../lib/club.server'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/cancel-feedback'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Cancel Membership', { noindex: true })

export async function loader({ context, request }: Route.LoaderArgs) {
  return { membership: await requireMembership(context, request) }
}

export default function CancelFeedback({ loaderData }: Route.ComponentProps) {
  const { membership } = loaderData
  const [params] = useSearchParams()
  const cancelled = membership.status === 'cancelled'
  // the member gave reasons or words on /cancel-vip (its action says so)
  const told = params.get('told') === '1'
  useTrackOnce('VIP Cancellation Confirmed', cancelled && params.get('cancelled') === '1')
  return (
    <Page title="Cancel Membership">
      <div role="status" className="club-confirmation">
        <h2>{cancelled ? 'Your membership is cancelled' : 'Your membership'}</h2>
      </div>
      <PeriodSummary membership={membership} />
      <p data-testid="cancel-thanks">
        {told ? 'Thank you for telling us why you left: it helps us make VIP better.' : 'If you tell us why you left, it helps us make VIP better.'}
      </p>
      <p>
        <StoreLink to="/customer-feedback">{told ? 'Tell us more' : 'Tell us why'}</StoreLink> · <StoreLink to="/vip-rejoin-test">Rejoin VIP</StoreLink> ·{' '}
        <StoreLink to="/members">Members Area</StoreLink>
      </p>
    </Page>
  )
}
