/** Members Area: greets the logged-in customer; the member tools come with the club issue. */
import { useRouteLoaderData } from 'react-router'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/members'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Members Area', { noindex: true })

const LINKS = [
  { to: '/orders', label: 'Orders' },
  { to: '/change_password', label: 'Account' },
  { to: '/change_payment', label: 'Payment Methods' },
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/logout', label: 'Log out' },
]

export default function Members() {
  const guard = useRouteLoaderData<{ customer: { name?: string } | null }>('layouts/protected-layout')
  const name = guard?.customer?.name?.split(' ')[0]
  return (
    <Page title="Members Area">
      <p>{name ? `Welcome back, ${name}.` : 'Welcome back.'} More of the members area is coming soon.</p>
      <ul className="link-list">
        {LINKS.map((link) => (
          <li key={link.to}>
            <StoreLink to={link.to}>{link.label}</StoreLink>
          </li>
        ))}
      </ul>
    </Page>
  )
}
