/**
 * Rejoin VIP (/vip-rejoin-test): a former member (cancelled or lapsed) rejoins
 * with the saved card in one click (POST /membership/rejoin: the rejoin day's
 * period charged once, or nothing when this month is already paid). Without a
 * saved card, through the club checkout.
 */
import { dayName, formatPrice, savedCardName, type Membership } from '@store/core'
import { data, Form, useNavigation } from 'react-router'
import { PeriodSummary } from '../components/club/club'
import { FormErrors } from '../components/forms/form-field'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import { formIntent, UNKNOWN_INTENT } from '../lib/intent'
import { requestCart } from '../lib/api/server'
import { pageMeta } from '../lib/meta'
import { readAgainAfterConflict } from '../lib/state-changed'
import { readForm } from '../lib/read-form'
import { requireClubBrand } from '../lib/club.server'
import type { Route } from './+types/vip-rejoin'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Rejoin VIP', { noindex: true })

/** After a refusal because the membership changed elsewhere (409), the page shows it as it is now (lib/state-changed.ts). */
export const shouldRevalidate = readAgainAfterConflict

export async function loader({ context }: Route.LoaderArgs) {
  await requireClubBrand(context)
  const cart = await requestCart(context)
  const membership: Membership | null = cart.loggedin ? await context.services.membership() : null
  return { loggedin: cart.loggedin, membership }
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request)
  if (!formIntent(form, ['rejoin'] as const)) return data({ errors: [{ message: UNKNOWN_INTENT }], membership: null, noCard: false }, { status: 400 })
  const result = await formResult(context.services.rejoin())
  // no saved card (422), or the card refused (402: declined, or a bank that wants to ask): the VIP checkout takes a card, with the bank's step
  if (!result.ok) return data({ errors: result.errors, membership: null, noCard: result.status === 422 || result.status === 402 }, { status: result.status })
  return { errors: [], membership: result.value, noCard: false }
}

export default function VipRejoin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const membership = actionData?.membership ?? loaderData.membership
  if (!loaderData.loggedin) {
    return (
      <Page title="Rejoin VIP">
        <p>Log in to the account you were a member with to rejoin.</p>
        <p>
          <StoreLink to="/login?redirectTo=%2Fvip-rejoin-test" className="button button-primary">
            Log in
          </StoreLink>
        </p>
      </Page>
    )
  }
  if (!membership) {
    return (
      <Page title="Rejoin VIP">
        <p>You have not been a member yet.</p>
        <p>
          <StoreLink to="/checkout-club" className="button button-primary">
            Join VIP
          </StoreLink>
        </p>
      </Page>
    )
  }
  const former = membership.status === 'cancelled' || membership.status === 'lapsed'
  return (
    <Page title="Rejoin VIP">
      {actionData?.membership ? (
        <div role="status" className="club-confirmation">
          <h2>Welcome back to VIP</h2>
        </div>
      ) : null}
      <FormErrors id="rejoin-errors" errors={actionData?.errors ?? []} />
      <PeriodSummary membership={membership} />
      {former ? (
        <Form method="post" className="club-action">
          <input type="hidden" name="intent" value="rejoin" />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy
              ? 'Rejoining…'
              : membership.paid_through
                ? `Rejoin VIP: nothing charged today (${formatPrice(membership.amount, { keepZeroCents: true })} a month from ${dayName(membership.paid_through)})`
                : `Rejoin VIP (${formatPrice(membership.amount, { keepZeroCents: true })} a month)`}
          </button>
          {membership.card ? (
            <p>When a charge is due (the line above says whether one is due today), it goes to your {savedCardName(membership.card.card_brand, membership.card.last4)}.</p>
          ) : null}
        </Form>
      ) : (
        <p>
          <StoreLink to="/members">Go to the Members Area</StoreLink>
        </p>
      )}
      {actionData?.noCard ? (
        <p>
          <StoreLink to="/checkout-club" className="button button-primary">
            Rejoin at the VIP checkout
          </StoreLink>
        </p>
      ) : null}
    </Page>
  )
}
