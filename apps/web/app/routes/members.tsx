/**
 * Members Area: the customer's name, the way to everything of theirs, the club
 * (at a brand with one): the membership's state with the links that change it and
 * the coming box's pick, or an invitation to join; and the latest order with a
 * link to all of them.
 */
import { data } from 'react-router'
import '../components/members/members.css'
import { ClubInvitation, MembershipPanel } from '../components/members/membership-panel'
import { MonthlyPick, type PickFeedback } from '../components/members/monthly-pick'
import { OrderSummaryLine } from '../components/members/order-card'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import { formIntent, UNKNOWN_INTENT } from '../lib/intent'
import { pageMeta } from '../lib/meta'
import { readAgainAfterConflict } from '../lib/state-changed'
import { readForm } from '../lib/read-form'
import { useStore } from '../lib/store/store-provider'
import type { Route } from './+types/members'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Members Area', { noindex: true })

/** After a refusal because the membership changed elsewhere (409), the page shows it as it is now (lib/state-changed.ts). */
export const shouldRevalidate = readAgainAfterConflict

export async function loader({ context }: Route.LoaderArgs) {
  // the protected layout has already sent a visitor to /login; a brand without a club reads nothing of it
  const settings = await context.services.settings()
  const [account, latestOrder, club] = await Promise.all([
    context.services.account(),
    context.services.latestOrder(),
    settings.brandHasClub ? context.services.memberClub() : Promise.resolve(null),
  ])
  return { account, latestOrder, club }
}

/** The monthly pick (intent `pick`): one item in one size for the coming box, saved by the picks service. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request)
  if (!formIntent(form, ['pick'] as const)) return data({ pick: { errors: [{ message: UNKNOWN_INTENT }], saved: false } satisfies PickFeedback }, { status: 400 })
  const item = form.get('item_id')
  const size = form.get('size')
  const result = await formResult(context.services.saveMonthlyPicks({ item_id: typeof item === 'string' ? item : null, size: typeof size === 'string' ? size : null }))
  if (!result.ok) return data({ pick: { errors: result.errors, saved: false } satisfies PickFeedback }, { status: result.status })
  return { pick: { errors: [], saved: true } satisfies PickFeedback }
}

export default function Members({ loaderData, actionData }: Route.ComponentProps) {
  const { account, latestOrder, club } = loaderData
  const { settings } = useStore()
  const clubName = settings.clubName || 'VIP'
  const first = account.name.split(' ')[0]
  const links = [
    { to: '/orders', label: 'Orders' },
    { to: '/tracker', label: 'Track a package' },
    { to: '/change_password', label: 'Account' },
    { to: '/addresses', label: 'Addresses' },
    { to: '/change_payment', label: 'Payment Methods' },
    { to: '/wishlist', label: 'Wishlist' },
    { to: '/styleprofile', label: 'Style Profile' },
    { to: '/contact-us', label: 'Contact Us' },
    { to: '/logout', label: 'Log out' },
  ]
  return (
    <Page title="Members Area" narrow={false}>
      <p>Welcome back, {first}.</p>
      {settings.brandHasClub ? (
        club ? (
          <>
            <MembershipPanel membership={club.membership} clubName={clubName} />
            {club.picks ? <MonthlyPick picks={club.picks} feedback={actionData?.pick ?? null} /> : null}
          </>
        ) : (
          <ClubInvitation clubName={clubName} monthly={settings.clubMonthly} discount={settings.clubDiscountPercentage} />
        )
      ) : null}
      {latestOrder ? (
        <section className="member-status" aria-labelledby="latest-order" data-testid="latest-order">
          <h2 id="latest-order" className="order-subtitle">
            Your latest order
          </h2>
          <OrderSummaryLine order={latestOrder} />
          <p>
            <StoreLink to="/orders">See your orders</StoreLink> · <StoreLink to={`/tracker?order=${encodeURIComponent(latestOrder.order_number)}`}>Track it</StoreLink>
          </p>
        </section>
      ) : null}
      <nav aria-label="Your account">
        <ul className="member-links">
          {links.map((link) => (
            <li key={link.to}>
              <StoreLink to={link.to}>{link.label}</StoreLink>
            </li>
          ))}
        </ul>
      </nav>
    </Page>
  )
}
