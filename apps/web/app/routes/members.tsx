/**
 * Members Area: the customer's name, the way to everything of theirs, and the
 * club status only when they have a membership (no placeholder data). The
 * latest order joins here once orders exist (the checkout issue).
 */
import '../components/members/members.css'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { pageMeta } from '../lib/meta'
import { useStore } from '../lib/store/store-provider'
import type { Route } from './+types/members'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Members Area', { noindex: true })

export async function loader({ context }: Route.LoaderArgs) {
  // the protected layout has already sent a visitor to /login
  return { account: await context.services.account() }
}

const STATUS_TEXT: Record<string, string> = {
  active: 'active',
  skipped: 'active (this month is skipped)',
  paused: 'paused',
  overdue: 'waiting for a payment: please update your payment method',
  cancelled: 'cancelled',
  lapsed: 'ended',
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData
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
      {account.membership_status ? (
        <p className="member-status">
          Your {clubName} membership is {STATUS_TEXT[account.membership_status] ?? account.membership_status}.
        </p>
      ) : null}
      {/* the latest order is shown here once orders exist */}
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
