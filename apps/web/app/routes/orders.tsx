/**
 * Orders: the customer's order history (SPEC §3), newest first, each with its
 * date, status, figures, shipping method, tracking number, addresses and lines.
 * Protected (the layout sends a visitor to /login).
 */
import '../components/members/members.css'
import { OrderCard } from '../components/members/order-card'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Orders', { noindex: true })

export async function loader({ context }: Route.LoaderArgs) {
  return { orders: await context.services.orders() }
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData
  return (
    <Page title="Orders" narrow={false}>
      {orders.length === 0 ? (
        <>
          <p>You have no orders yet.</p>
          <p>
            <StoreLink to="/" className="button button-primary">
              Start shopping
            </StoreLink>
          </p>
        </>
      ) : (
        <div className="member-cards">
          {orders.map((order) => (
            <OrderCard key={order.order_number} order={order} />
          ))}
        </div>
      )}
    </Page>
  )
}
