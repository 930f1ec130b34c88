/**
 * Pause Membership (/pause-vip, /members_pause_flow): pause at the pause price
 * (no box until you resume, member prices kept), or resume.
 */
import { data, Form, useNavigation } from 'react-router'
import { MembershipFacts, pauseButtonLabel, pauseTerms, PeriodSummary, useTrackOnce } from '../components/club/club'
import { FormErrors } from '../components/forms/form-field'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import { formIntent, UNKNOWN_INTENT } from '../lib/intent'
import { requireMembership } from '../lib/club.server'
import { pageMeta } from '../lib/meta'
import { readAgainAfterConflict } from '../lib/state-changed'
import { readForm } from '../lib/read-form'
import type { Route } from './+types/pause-vip'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Pause Membership', { noindex: true })

/** After a refusal because the membership changed elsewhere (409), the page shows it as it is now (lib/state-changed.ts). */
export const shouldRevalidate = readAgainAfterConflict

export async function loader({ context, request }: Route.LoaderArgs) {
  return { membership: await requireMembership(context, request) }
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request)
  const intent = formIntent(form, ['pause', 'resume'] as const)
  if (!intent) return data({ errors: [{ message: UNKNOWN_INTENT }], done: null, membership: null }, { status: 400 })
  const result = await formResult(intent === 'pause' ? context.services.pause() : context.services.resume())
  if (!result.ok) return data({ errors: result.errors, done: null, membership: null }, { status: result.status })
  return { errors: [], done: intent, membership: result.value }
}

export default function PauseVip({ loaderData, actionData }: Route.ComponentProps) {
  const membership = actionData?.membership ?? loaderData.membership
  const busy = useNavigation().state === 'submitting'
  const done = actionData?.done ?? null
  useTrackOnce('Subscription Pause Confirmed', done === 'pause', { period: membership.period })
  return (
    <Page title="Pause Membership">
      {done ? (
        <div role="status" className="club-confirmation">
          <h2>{done === 'pause' ? 'Your membership is paused' : 'Your membership is active again'}</h2>
        </div>
      ) : null}
      <FormErrors id="pause-errors" errors={actionData?.errors ?? []} />
      <PeriodSummary membership={membership} />
      <MembershipFacts membership={membership} />
      {membership.actions.includes('pause') ? (
        <Form method="post" className="club-action">
          <input type="hidden" name="intent" value="pause" />
          <p data-testid="pause-terms">{pauseTerms(membership)}</p>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Pausing…' : pauseButtonLabel(membership)}
          </button>
        </Form>
      ) : null}
      {membership.actions.includes('resume') ? (
        <Form method="post" className="club-action">
          <input type="hidden" name="intent" value="resume" />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Resuming…' : 'Resume my membership'}
          </button>
        </Form>
      ) : null}
      <p>
        <StoreLink to="/members">Back to the Members Area</StoreLink>
      </p>
    </Page>
  )
}
