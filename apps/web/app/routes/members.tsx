/**
 * Members Area: the customer's name, the way to everything of theirs, and the
 * club status only when they have a membership (no placeholder data), and
 * the latest order with a link to all of them.
 */
import '../components/members/members.css'
import { OrderSummaryLine } from '../components/members/order-card'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { pageMeta } from '../lib/meta'
import { useStore } from '../lib/store/store-provider'
import type { Route } from './+types/members'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Members Area', { noindex: true })

export async function loader({ context }: Route.LoaderArgs) {
  // the protected layout has already sent a visitor to /login
  const [account, orders] = await Promise.all([context.services.account(), context.services.orders()])
  return { account, latestOrder: orders[0] ?? null }
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
  const { account, latestOrder } = loaderData
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
