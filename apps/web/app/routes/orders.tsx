/**
 * Orders: the customer's order history (SPEC §3), newest first, each with its
 * date, status, figures, shipping method, tracking number, addresses and lines.
 * A line of an order that has arrived offers a review form (docs/reviews.md).
 * Protected (the layout sends a visitor to /login).
 */
import { StoreError } from '@store/core'
import { data, redirect, useSearchParams } from 'react-router'
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

/**
 * Without JavaScript the review form posts here (photos within the page's 1 MB body limit), and
 * the order's cancel, return and exchange forms (components/members/order-actions.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const itemId = Number(form.get('item_id'))
  const intent = form.get('intent')
  if (intent === 'cancel' || intent === 'return' || intent === 'exchange') return orderAction(context, form, intent)
  if (intent !== 'review') return data({ itemId, errors: [{ message: 'Choose what to do.' }] as ApiErrorItem[] }, { status: 400 })
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

/** A cancel, return or exchange of one order: its answer shown on that order's card. */
async function orderAction(context: Route.ActionArgs['context'], form: FormData, intent: 'cancel' | 'return' | 'exchange') {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const orderNumber = text('order_number') ?? ''
  const lines = [...form.keys()]
    .filter((name) => name.startsWith('qty_'))
    .map((name) => ({ line_id: name.slice(4), qty: text(name), reason: text(`reason_${name.slice(4)}`) }))
    .filter((line) => Number(line.qty) > 0)
  const result = await formResult(
    intent === 'cancel'
      ? context.services.cancelOrder(orderNumber)
      : intent === 'return'
        ? lines.length === 0
          ? Promise.reject(new StoreError(422, [{ message: 'Choose how many of a piece to return.', field: 'lines' }]))
          : context.services.returnOrder(orderNumber, lines)
        : context.services.exchangeOrder(orderNumber, { line_id: text('line_id'), size: text('size'), item_id: text('item_id') }),
  )
  // a member's exchange is reserved and in the cart: the checkout shows its label and places it (docs/decisions/223)
  if (result.ok && intent === 'exchange') throw redirect('/checkout')
  const answer = { itemId: 0, errors: [] as ApiErrorItem[], order: { number: orderNumber, done: result.ok ? intent : null, errors: result.ok ? [] : result.errors } }
  return result.ok ? answer : data(answer, { status: result.status })
}

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, reviewable, page, hasOlder } = loaderData
  const [params] = useSearchParams()
  const reviewed = params.get('reviewed') !== null || (actionData && 'reviewed' in actionData)
  // back from the checkout that placed a member's exchange of this order
  const exchanged = params.get('exchanged')
  const reviewErrors = actionData?.errors.length ? { itemId: actionData.itemId, errors: actionData.errors } : null
  const orderResult = actionData && 'order' in actionData ? actionData.order : null
  return (
    <Page title="Orders" narrow={false}>
      {exchanged ? (
        <p className="notice" role="status" data-testid="exchange-placed">
          Your exchange for order {exchanged} is placed, with nothing charged: we will send it and e-mail you.
        </p>
      ) : null}
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
              actionResult={orderResult?.number === order.order_number ? orderResult : null}
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
