/**
 * Skip Month (/skip-vip, /members_skip_flow): skip the coming month before its
 * cut-off, or undo a skip. The confirmation says what happens to the period.
 */
import { dayName, monthName } from '@store/core'
import { data, Form, useNavigation } from 'react-router'
import { MembershipFacts, PeriodSummary, useTrackOnce } from '../components/club/club'
import { FormErrors } from '../components/forms/form-field'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import { formIntent, UNKNOWN_INTENT } from '../lib/intent'
import { requireMembership } from '../lib/club.server'
import { pageMeta } from '../lib/meta'
import { readAgainAfterConflict } from '../lib/state-changed'
import { readForm } from '../lib/read-form'
import type { Route } from './+types/skip-vip'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Skip Month', { noindex: true })

/** After a refusal because the membership changed elsewhere (409), the page shows it as it is now (lib/state-changed.ts). */
export const shouldRevalidate = readAgainAfterConflict

export async function loader({ context, request }: Route.LoaderArgs) {
  return { membership: await requireMembership(context, request) }
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request)
  const intent = formIntent(form, ['skip', 'unskip'] as const)
  if (!intent) return data({ errors: [{ message: UNKNOWN_INTENT }], done: null, membership: null }, { status: 400 })
  const result = await formResult(intent === 'skip' ? context.services.skipMonth() : context.services.unskipMonth())
  if (!result.ok) return data({ errors: result.errors, done: null, membership: null }, { status: result.status })
  return { errors: [], done: intent, membership: result.value }
}

export default function SkipVip({ loaderData, actionData }: Route.ComponentProps) {
  const membership = actionData?.membership ?? loaderData.membership
  const busy = useNavigation().state === 'submitting'
  const done = actionData?.done ?? null
  useTrackOnce('Subscription Skip Confirmed', done === 'skip', { period: membership.period })
  const month = membership.period ? monthName(membership.period) : 'this month'
  return (
    <Page title="Skip Month">
      {done ? (
        <div role="status" className="club-confirmation">
          <h2>{done === 'skip' ? `${month} is skipped` : `Your skip of ${month} is undone`}</h2>
        </div>
      ) : null}
      <FormErrors id="skip-errors" errors={actionData?.errors ?? []} />
      <PeriodSummary membership={membership} />
      <MembershipFacts membership={membership} />
      {membership.actions.includes('skip') ? (
        <Form method="post" className="club-action">
          <input type="hidden" name="intent" value="skip" />
          <p>Skip {month}: you are not charged and no box is sent. Your membership carries on the month after.</p>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Skipping…' : `Skip ${month}`}
          </button>
        </Form>
      ) : null}
      {membership.actions.includes('unskip') ? (
        <Form method="post" className="club-action">
          <input type="hidden" name="intent" value="unskip" />
          <button type="submit" className="button button-secondary" disabled={busy}>
            Undo skip
          </button>
        </Form>
      ) : null}
      {!membership.actions.includes('skip') && !membership.actions.includes('unskip') && membership.cutoff_passed ? (
        <p>
          The cut-off for {month} was {dayName(membership.cutoff_date ?? '')}: this month can no longer be skipped. You can skip next month after your billing date.
        </p>
      ) : null}
      <p>
        <StoreLink to="/members">Back to the Members Area</StoreLink>
      </p>
    </Page>
  )
}
