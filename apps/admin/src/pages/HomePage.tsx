import { Link } from 'react-router'
import { PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

export function HomePage() {
  const { me, may } = useSession()
  return (
    <>
      <PageTitle title="Home">{me.brand.name}</PageTitle>
      <p>
        You are logged in as {me.staff.name}, {me.role} at {me.brand.name}.
      </p>
      {me.staff.totp_required && !me.staff.totp_enabled && (
        <p className="notice notice-error">
          The store owner asks you to turn on two-step verification. <Link to="/account">Set it up on your account page.</Link>
        </p>
      )}
      <ul className="cards">
        {may('catalog.view') && (
          <li>
            <Link to="/items">Items</Link>: {may('catalog.edit') ? 'edit prices, names and sizes' : 'look up items'}
            {may('stock.adjust') ? ', set stock' : ''}.
          </li>
        )}
        {may('orders.view') && (
          <li>
            <Link to="/orders">Orders</Link>: find an order{may('orders.ship') ? ', pack and ship it' : ''}
            {may('orders.refund') ? ', refund or cancel it' : ''}; <Link to="/orders?status=paid&sort=oldest">paid orders waiting, oldest first</Link>.
          </li>
        )}
        {may('customers.view') && (
          <li>
            <Link to="/customers">Customers</Link>: find a customer, their orders, membership and messages
            {may('customers.edit') ? '; send a password reset, a copy of their data, or erase it on request' : ''}.
          </li>
        )}
        {may('reviews.moderate') && (
          <li>
            <Link to="/reviews">Reviews</Link>: hide a review from the store, or show it again.
          </li>
        )}
        {may('messages.answer') && (
          <li>
            <Link to="/messages">Messages</Link>: answer contact-us and feedback messages by e-mail.
          </li>
        )}
        {may('audit.view') && (
          <li>
            <Link to="/audit">Audit log</Link>: who changed what, and when.
          </li>
        )}
        {may('staff.manage') && (
          <li>
            <Link to="/staff">Staff</Link>: invite, suspend and remove your team.
          </li>
        )}
      </ul>
    </>
  )
}
