/**
 * One order of the history (SPEC §3 order history): date, status, figures,
 * shipping method and tracking number, both addresses and the lines, a
 * cancelled line shown as cancelled. Used by /orders and, folded, by /members.
 */
import { countryName, formatPrice, monthName, sizeCaption, type Order, type OrderHeadline } from '@store/core'
import type { ApiErrorItem } from '../../lib/api/types'
import { ReviewForm } from './review-form'
import { OrderActions, OrderHistory } from './order-actions'
import { StoreLink } from '../store-link'
import { TotalsList } from '../totals-list'
import { OrderLinePrice } from '../order-line-price'
import { useSettings } from '../../lib/store/store-provider'

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

/** One formatter for every order (toLocaleDateString built a new Intl.DateTimeFormat per call). */
const ORDER_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** The same text on the server and in the browser: a fixed locale and time zone. */
export const orderDate = (iso: string) => {
  const date = new Date(iso)
  // as toLocaleDateString answers for an address that is no date
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : ORDER_DATE.format(date)
}

/** Every status GET /api/orders shows (orders.service.ts VISIBLE), in the store's words. */
const STATUS_TEXT: Record<string, string> = {
  pending_payment: 'Waiting for payment',
  paid: 'Processing',
  // a club member's monthly box in the warehouse (docs/club-membership.md "The monthly order")
  processing: 'Processing',
  packing: 'Being packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  return_requested: 'Return requested',
  returned: 'Return received',
  exchange_requested: 'Exchange requested',
  exchange_sent: 'Exchange sent',
}
export const orderStatusText = (status: string) => STATUS_TEXT[status] ?? status

/** A time of day the same on the server and in the browser: UTC, 24-hour. */
const WAITING_TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' })

/**
 * An order waiting at the bank's step (waiting_until): when it goes if the bank does not confirm it.
 * The sweeper drops it then, its stock and code given back (docs/checkout.md). Null for any other order.
 */
export function waitingWords(order: Pick<Order, 'status' | 'waiting_until'>): string | null {
  if (order.status !== 'pending_payment' || !order.waiting_until) return null
  const until = new Date(order.waiting_until)
  if (Number.isNaN(until.getTime())) return null
  return `Waiting for your bank: this order is dropped at ${WAITING_TIME.format(until)} UTC on ${orderDate(order.waiting_until)} if your bank has not confirmed it by then. Nothing has been charged.`
}

function AddressBlock(props: { name: string; company: string; address: string; address2: string; city: string; state: string; zip: string; country: string; phone: string }) {
  return (
    <address>
      {props.name}
      <br />
      {props.company ? (
        <>
          {props.company}
          <br />
        </>
      ) : null}
      {props.address}
      {props.address2 ? `, ${props.address2}` : ''}
      <br />
      {props.city}
      {props.state ? `, ${props.state}` : ''} {props.zip}
      <br />
      {countryName(props.country)}
      {props.phone ? (
        <>
          <br />
          {props.phone}
        </>
      ) : null}
    </address>
  )
}

/**
 * What a member's monthly box is, in words ('VIP box for November 2026'), and what it cost: its lines
 * are at $0.00 and its total is the period's fee, nothing when that was paid in the joining order or
 * by a prepaid month. Null for any other order.
 */
export function clubBoxWords(order: Pick<Order, 'club_box' | 'total'>, clubName: string | null | undefined): { title: string; cost: string } | null {
  if (!order.club_box) return null
  return {
    title: `${clubName ?? 'Club'} box for ${monthName(order.club_box)}`,
    cost: order.total > 0 ? `${money(order.total)}, your monthly ${clubName ?? 'club'} fee` : `Included in your ${clubName ?? 'club'} membership`,
  }
}

export function OrderSummaryLine({ order }: { order: OrderHeadline }) {
  const { clubName } = useSettings()
  const box = clubBoxWords(order, clubName)
  return (
    <p className="order-headline">
      <strong>Order {order.order_number}</strong>
      {box ? ` · ${box.title}` : ''} · {orderDate(order.date)} · {orderStatusText(order.status)} · {box ? box.cost : money(order.total)}
    </p>
  )
}

export function OrderCard({
  order,
  headingLevel = 2,
  reviewable = [],
  reviewErrors,
  actionResult = null,
}: {
  order: Order
  headingLevel?: 2 | 3
  /** item ids of this order the customer may review now */
  reviewable?: number[]
  reviewErrors?: { itemId: number; errors: ApiErrorItem[] } | null
  /** a cancel, return or exchange of this order just refused or done (the /orders form's answer) */
  actionResult?: { errors: ApiErrorItem[]; done: string | null } | null
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const headingId = `order-${order.order_number}`
  const { clubName } = useSettings()
  const box = clubBoxWords(order, clubName)
  return (
    <article className="member-card order-card" aria-labelledby={headingId} data-testid="order-card">
      <Heading id={headingId} className="order-title">
        Order {order.order_number}
      </Heading>
      {box ? (
        <p className="order-kind" data-testid="club-box">
          {box.title}: {box.cost.charAt(0).toLowerCase() + box.cost.slice(1)}.
        </p>
      ) : null}
      {waitingWords(order) ? (
        <p className="order-waiting" data-testid="order-waiting">
          {waitingWords(order)}
        </p>
      ) : null}
      <dl className="order-facts">
        <div>
          <dt>Date</dt>
          <dd>{orderDate(order.date)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="order-status">{orderStatusText(order.status)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{money(order.total)}</dd>
        </div>
        {order.refunded > 0 ? (
          <div>
            <dt>Refunded</dt>
            <dd data-testid="order-refunded">{money(order.refunded)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping method</dt>
          <dd>{order.shipping_method === 'express' ? 'Express' : 'Standard'}</dd>
        </div>
        <div>
          <dt>Tracking number</dt>
          <dd>
            {order.shipment_tracking_number ?? 'Not shipped yet'} <StoreLink to={`/tracker?order=${encodeURIComponent(order.order_number)}`}>Track this order</StoreLink>
          </dd>
        </div>
      </dl>
      <h3 className="order-subtitle">Items</h3>
      <ul className="order-lines">
        {order.items.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
          <li key={`${line.id}-${line.size}-${i}`} className={line.cancelled ? 'order-line order-line-cancelled' : 'order-line'}>
            {line.image1 ? <img src={line.image1} alt="" width={48} height={60} loading="lazy" /> : <span className="order-line-image" />}
            <div>
              <p>
                {line.cancelled ? <del>{line.name}</del> : line.name}
                {line.cancelled ? <span className="member-badge">Cancelled</span> : null}
              </p>
              <p className="order-line-detail">
                {sizeCaption(line.size)}
                {line.color ? ` · ${line.color}` : ''} · Qty {line.qty}
              </p>
            </div>
            <OrderLinePrice line={line} className="order-line-price" />
            {!line.cancelled && reviewable.includes(line.id) && order.items.findIndex((other) => other.id === line.id && !other.cancelled) === i ? (
              <div className="order-line-review">
                <ReviewForm itemId={line.id} itemName={line.name} errors={reviewErrors?.itemId === line.id ? reviewErrors.errors : []} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <TotalsList figures={order} place="order" clubName={clubName} />
      <OrderActions order={order} result={actionResult} />
      <OrderHistory order={order} />
      <div className="order-addresses">
        <div>
          <h3 className="order-subtitle">Shipping address</h3>
          <AddressBlock
            name={order.shipping_name}
            company={order.shipping_company}
            address={order.shippingAddress}
            address2={order.shippingAddress2}
            city={order.shippingCity}
            state={order.shippingState}
            zip={order.shippingZip}
            country={order.shipping_country}
            phone={order.shipping_phone}
          />
        </div>
        <div>
          <h3 className="order-subtitle">Billing address</h3>
          <AddressBlock
            name={order.billing_name}
            company={order.billing_company}
            address={order.billing_address}
            address2={order.billing_address_2}
            city={order.billing_city}
            state={order.billing_state}
            zip={order.billing_zip}
            country={order.billing_country}
            phone={order.billing_phone}
          />
        </div>
      </div>
    </article>
  )
}
