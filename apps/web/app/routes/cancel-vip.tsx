/**
 * Cancel Membership (/cancel-vip, /members_cancel_flow). One page, one click, as
 * joining is: reasons (optional) and the cancel button. A save offer (pause or
 * skip instead) is shown once, above the form; the cancel button itself declines
 * it. When the cancel check says an order is being packed, the member
 * is sent to /cancel_error; after cancelling, to /cancel_feedback.
 */
import { isStoreError, MEMBERSHIP_REFUSALS } from '@store/core'
import { data, Form, redirect, useNavigation } from 'react-router'
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
import type { Route } from './+types/cancel-vip'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Cancel Membership', { noindex: true })

/** After a refusal because the membership changed elsewhere (409), the page shows it as it is now (lib/state-changed.ts). */
export const shouldRevalidate = readAgainAfterConflict

const REASONS = [
  'Too expensive',
  'I have enough clothes for now',
  'I did not like my monthly items',
  'Sizing or fit was not right',
  'I forget to skip months',
  'Shipping took too long',
]

export async function loader({ context, request }: Route.LoaderArgs) {
  const membership = await requireMembership(context, request)
  const live = membership.status !== 'cancelled' && membership.status !== 'lapsed'
  if (live) {
    const check = await context.services.cancelCheck()
    if (check.cant_cancel) throw redirect('/cancel_error')
  }
  const offerable = live && (membership.actions.includes('pause') || membership.actions.includes('skip'))
  // the save offer is shown once: the first visit marks it seen
  const saveOffer = offerable ? await context.services.saveOfferSeen() : false
  return { membership, saveOffer }
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request)
  const intent = formIntent(form, ['cancel', 'pause', 'skip'] as const)
  if (!intent) return data({ errors: [{ message: UNKNOWN_INTENT }], saved: null, membership: null }, { status: 400 })
  if (intent === 'pause' || intent === 'skip') {
    const result = await formResult(intent === 'pause' ? context.services.pause() : context.services.skipMonth())
    if (!result.ok) return data({ errors: result.errors, saved: null, membership: null }, { status: result.status })
    return { errors: [], saved: intent, membership: result.value }
  }
  const reasons = form.getAll('reasons').map(String)
  const other = String(form.get('other') ?? '')
  try {
    await context.services.cancel({ reasons, other })
  } catch (error) {
    if (isStoreError(error) && error.errors.some((e) => e.message === MEMBERSHIP_REFUSALS.cancelWhileShipping)) throw redirect('/cancel_error')
    if (isStoreError(error) && error.status < 500) return data({ errors: error.errors, saved: null, membership: null }, { status: error.status })
    throw error
  }
  // the next page thanks the member for their reasons only when they gave some
  throw redirect(`/cancel_feedback?cancelled=1${reasons.length > 0 || other.trim() !== '' ? '&told=1' : ''}`)
}

export default function CancelVip({ loaderData, actionData }: Route.ComponentProps) {
  const membership = actionData?.membership ?? loaderData.membership
  const busy = useNavigation().state === 'submitting'
  const saved = actionData?.saved ?? null
  useTrackOnce('Subscription Pause Confirmed', saved === 'pause', { from: 'cancel' })
  useTrackOnce('Subscription Skip Confirmed', saved === 'skip', { from: 'cancel' })
  const live = membership.status !== 'cancelled' && membership.status !== 'lapsed'

  if (saved) {
    return (
      <Page title="Cancel Membership">
        <div role="status" className="club-confirmation">
          <h2>{saved === 'pause' ? 'Your membership is paused instead' : 'Next month is skipped instead'}</h2>
        </div>
        <PeriodSummary membership={membership} />
        <p>
          <StoreLink to="/members">Back to the Members Area</StoreLink>
        </p>
      </Page>
    )
  }
  if (!live) {
    return (
      <Page title="Cancel Membership">
        {/* a cancel refused because it was cancelled in another tab: the refusal, above the state read again */}
        <FormErrors id="cancel-errors" errors={actionData?.errors ?? []} />
        <PeriodSummary membership={membership} />
        <p>
          <StoreLink to="/vip-rejoin-test" className="button button-primary">
            Rejoin VIP
          </StoreLink>
        </p>
      </Page>
    )
  }
  return (
    <Page title="Cancel Membership">
      <FormErrors id="cancel-errors" errors={actionData?.errors ?? []} />
      <MembershipFacts membership={membership} />
      {loaderData.saveOffer ? (
        <section className="club-save-offer" aria-labelledby="save-offer-title">
          <h2 id="save-offer-title">Before you go: take a break instead?</h2>
          {membership.actions.includes('pause') ? (
            <Form method="post">
              <input type="hidden" name="intent" value="pause" />
              <p data-testid="pause-terms">{pauseTerms(membership)}</p>
              <button type="submit" className="button button-secondary" disabled={busy}>
                {pauseButtonLabel(membership)}
              </button>
            </Form>
          ) : null}
          {membership.actions.includes('skip') ? (
            <Form method="post">
              <input type="hidden" name="intent" value="skip" />
              <button type="submit" className="button button-secondary" disabled={busy}>
                Skip next month instead
              </button>
            </Form>
          ) : null}
          <p>Or cancel below: one click, no fees.</p>
        </section>
      ) : null}
      <Form method="post" className="stack-form">
        <input type="hidden" name="intent" value="cancel" />
        <fieldset className="cancel-reasons">
          <legend>Why are you leaving? (optional)</legend>
          {REASONS.map((reason, i) => (
            <div key={reason} className="checkbox">
              <input type="checkbox" id={`reason-${i}`} name="reasons" value={reason} />
              <label htmlFor={`reason-${i}`}>{reason}</label>
            </div>
          ))}
          <label htmlFor="cancel-other">Anything else? (optional)</label>
          <textarea id="cancel-other" name="other" maxLength={500} rows={3} />
        </fieldset>
        <p>Cancelling takes effect now: nothing more is charged and member prices end. A box you have already paid for still ships.</p>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Cancelling…' : 'Cancel my membership'}
        </button>
      </Form>
      <p>
        <StoreLink to="/members">Keep my membership</StoreLink>
      </p>
    </Page>
  )
}
