/**
 * Orders: the customer's order history (SPEC §3), newest first, each with its
 * date, status, figures, shipping method, tracking number, addresses and lines.
 * A line of an order that has arrived offers a review form (docs/reviews.md).
 * Protected (the layout sends a visitor to /login).
 */
import { data, useSearchParams } from 'react-router'
import '../components/members/members.css'
import { OrderCard } from '../components/members/order-card'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import { readForm } from '../lib/read-form'
import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Orders', { noindex: true })

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get('page')
  const [{ orders, page: shown, has_older }, reviewable] = await Promise.all([context.services.ordersPage(page), context.services.reviewableItems()])
  return { orders, reviewable, page: shown, hasOlder: has_older }
}

/** Without JavaScript the review form posts here (photos within the page's 1 MB body limit). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const itemId = Number(form.get('item_id'))
  if (form.get('intent') !== 'review') return data({ itemId, errors: [{ message: 'Choose what to do.' }] as ApiErrorItem[] }, { status: 400 })
  const photos = await Promise.all(
    form
      .getAll('photos')
      .filter((file): file is File => typeof file === 'object' && file !== null && 'arrayBuffer' in file && file.size > 0)
      .map(async (file) => new Uint8Array(await file.arrayBuffer())),
  )
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const result = await formResult(
    context.services.writeReview(
      {
        item_id: text('item_id'),
        rating: text('rating'),
        would_you_recommend_us: text('would_you_recommend_us'),
        instagram: text('instagram'),
        about_your_product: text('about_your_product'),
        sizing_fit: text('sizing_fit'),
        how_do_you_style: text('how_do_you_style'),
        where_travel: text('where_travel'),
        how_was_your_first_order: text('how_was_your_first_order'),
      },
      photos,
    ),
  )
  if (!result.ok) return data({ itemId, errors: result.errors }, { status: result.status })
  return { itemId, errors: [] as ApiErrorItem[], reviewed: true }
}

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, reviewable, page, hasOlder } = loaderData
  const [params] = useSearchParams()
  const reviewed = params.get('reviewed') !== null || (actionData && 'reviewed' in actionData)
  const reviewErrors = actionData?.errors.length ? { itemId: actionData.itemId, errors: actionData.errors } : null
  return (
    <Page title="Orders" narrow={false}>
      {reviewed ? (
        <p className="notice" role="status">
          Thank you: your review is posted.
        </p>
      ) : null}
      {orders.length === 0 && page > 1 ? (
        <p>
          There are no orders this far back. <StoreLink to="/orders">See your latest orders</StoreLink>
        </p>
      ) : orders.length === 0 ? (
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
            <OrderCard
              key={order.order_number}
              order={order}
              reviewable={reviewable.filter((item) => item.order_number === order.order_number).map((item) => item.item_id)}
              reviewErrors={reviewErrors}
            />
          ))}
        </div>
      )}
      {page > 1 || hasOlder ? (
        <nav className="orders-pages" aria-label="Older and newer orders">
          {page > 1 ? <StoreLink to={page === 2 ? '/orders' : `/orders?page=${page - 1}`}>Newer orders</StoreLink> : null}
          {page > 1 && hasOlder ? ' · ' : null}
          {hasOlder ? <StoreLink to={`/orders?page=${page + 1}`}>Older orders</StoreLink> : null}
        </nav>
      ) : null}
    </Page>
  )
}
