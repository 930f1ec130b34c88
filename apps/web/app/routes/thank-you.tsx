/**
 * Thank You: /thank-you?order={n} shows the order as the server keeps it (its
 * number, lines, figures, shipping address), read through the services for the
 * session that placed it or the customer who owns it. Anyone else, and a visitor
 * without a session (whose answer may be cached), gets a page with nothing
 * personal on it. A visitor is offered an account; everyone the style profile.
 * An order not paid yet is not confirmed: the page sends it to /please-wait.
 */
import '../styles/checkout.css'
import { CARD_BRAND_NAMES, countryName, isStoreError, sizeCaption, type CardBrand, type Order } from '@store/core'
import { data, redirect } from 'react-router'
import { StoreLink } from '../components/store-link'
import { PurchasePixel } from '../lib/analytics/pixel-events'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/thank-you'
import { TotalsList } from '../components/totals-list'
import { OrderLinePrice } from '../components/order-line-price'
import { useSettings } from '../lib/store/store-provider'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Thank You', { noindex: true })

export async function loader({ request, context }: Route.LoaderArgs) {
  const number = new URL(request.url).searchParams.get('order')
  if (!number) return { order: null, loggedIn: false, missing: false }
  try {
    const [order, cart] = await Promise.all([context.services.order(number), context.services.cart()])
    // not paid yet (the bank's step, a payment still settling): the order is not confirmed, so this
    // page does not say it is; /please-wait follows it and comes back here once it is paid
    if (order.status === 'pending_payment') throw redirect(`/please-wait?order=${encodeURIComponent(order.order_number)}`)
    return { order, loggedIn: cart.loggedin, missing: false }
  } catch (error) {
    if (isStoreError(error) && error.status < 500) return data({ order: null, loggedIn: false, missing: true }, { status: 404 })
    throw error
  }
}

function Address({ order }: { order: Order }) {
  return (
    <address className="thank-you-address">
      {order.shipping_name}
      <br />
      {order.shipping_company ? (
        <>
          {order.shipping_company}
          <br />
        </>
      ) : null}
      {order.shippingAddress}
      {order.shippingAddress2 ? `, ${order.shippingAddress2}` : ''}
      <br />
      {order.shippingCity}
      {order.shippingState ? `, ${order.shippingState}` : ''} {order.shippingZip}
      <br />
      {countryName(order.shipping_country)}
      {order.shipping_phone ? (
        <>
          <br />
          {order.shipping_phone}
        </>
      ) : null}
    </address>
  )
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { order, loggedIn, missing } = loaderData
  const settings = useSettings()
  if (!order) {
    return (
      <div className="container page page-narrow">
        <h1 className="page-title">Thank You</h1>
        {missing ? <p>We couldn't find that order for this browser. If you placed it, the confirmation e-mail has all its details.</p> : <p>Thank you for shopping with us.</p>}
        <p>
          <StoreLink to="/" className="button button-primary">
            Continue shopping
          </StoreLink>
        </p>
      </div>
    )
  }
  return (
    <div className="container page">
      <PurchasePixel order={order} />
      <h1 className="page-title">Thank You</h1>
      <p className="notice" role="status">
        Your order <strong data-testid="order-number">{order.order_number}</strong> is confirmed. We sent the details to {order.email}.
      </p>
      <div className="thank-you-grid">
        <section aria-labelledby="thank-you-items" className="order-summary">
          <h2 id="thank-you-items">Your order</h2>
          <ul className="summary-lines">
            {order.items.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
              <li key={`${line.id}-${line.size}-${i}`} className="summary-line">
                {line.image1 ? <img src={line.image1} alt="" width={56} height={70} loading="lazy" /> : <span className="summary-image" />}
                <div>
                  <p className="summary-name">{line.name}</p>
                  <p className="summary-detail">
                    {sizeCaption(line.size)}
                    {line.color ? ` · ${line.color}` : ''} · Qty {line.qty}
                    {line.offer_id ? ' · added after checkout' : ''}
                  </p>
                </div>
                <OrderLinePrice line={line} className="summary-price" />
              </li>
            ))}
          </ul>
          <TotalsList figures={order} place="checkout" shippingMethod={order.shipping_method} totalTestId="order-total" clubName={settings.clubName} />
        </section>
        <div className="offer-actions">
          <section aria-labelledby="thank-you-shipping">
            <h2 id="thank-you-shipping">Shipping to</h2>
            <Address order={order} />
          </section>
          {order.payments.length > 0 ? (
            <p className="field-hint">
              Paid with {CARD_BRAND_NAMES[order.payments[0]!.card_brand as CardBrand] ?? 'card'} ending {order.payments[0]!.last4 ?? '····'}.
            </p>
          ) : null}
          <StoreLink to={`/checkout-styleprofile?order=${encodeURIComponent(order.order_number)}`} className="button button-primary">
            Tell us your style
          </StoreLink>
          {loggedIn ? (
            <StoreLink to="/orders" className="button button-secondary">
              See your orders
            </StoreLink>
          ) : (
            <p>
              <StoreLink to="/register?redirectTo=%2Forders">Create an account</StoreLink> to follow this order and check out faster next time.
            </p>
          )}
          <StoreLink to="/">Continue shopping</StoreLink>
        </div>
      </div>
    </div>
  )
}
