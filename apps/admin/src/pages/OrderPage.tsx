/**
 * One order: what the role may do to it now (the server's `actions`), its lines, addresses, the
 * payments ledger, the history timeline (staff notes too) and the customer. A cancellation and a
 * refund are confirmed before they are sent; a refund carries one Idempotency-Key per form, so a
 * second click or a retry refunds nothing twice.
 */
import { displaySize } from '@store/core'
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { api, ApiError, money, when, type AdminOrder } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'
import { statusLabel } from './OrdersPage.tsx'
import './orders.css'

type OrderAnswer = { order: AdminOrder }
type Address = AdminOrder['shipping_address']

const newKey = () => crypto.randomUUID()

function AddressLines({ address }: { address: Address }) {
  const city = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return (
    <address>
      {[address.name, address.company, address.address, address.address_2, city, address.country, address.phone]
        .filter((line) => line.trim() !== '')
        .map((line) => (
          <span key={line} className="address-line">
            {line}
          </span>
        ))}
    </address>
  )
}

/** A step that asks before it acts: its question and two buttons, focused when it opens. */
function Confirmation({ question, yes, onYes, onNo, busy }: { question: ReactNode; yes: string; onYes: () => void; onNo: () => void; busy: boolean }) {
  const box = useRef<HTMLFieldSetElement>(null)
  useEffect(() => box.current?.focus(), [])
  return (
    <fieldset className="confirm" tabIndex={-1} ref={box}>
      <legend>{question}</legend>
      <div className="actions">
        <button type="button" onClick={onYes} disabled={busy}>
          {yes}
        </button>
        <button type="button" className="secondary" onClick={onNo} disabled={busy}>
          Go back
        </button>
      </div>
    </fieldset>
  )
}

export function OrderPage() {
  const { number = '' } = useParams()
  const { may, me } = useSession()
  const [order, setOrder] = useState<AdminOrder | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    try {
      setOrder((await api<OrderAnswer>(`/orders/${encodeURIComponent(number)}`)).order)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The order could not be loaded.')
    }
  }, [number])

  useEffect(() => {
    void load()
  }, [load])

  /** Sends an action; the answer is the order as it is now. */
  async function act(path: string, body: unknown, done: string, headers?: Record<string, string>): Promise<boolean> {
    setBusy(true)
    setError(null)
    setOk(null)
    try {
      setOrder((await api<OrderAnswer>(`/orders/${encodeURIComponent(number)}/${path}`, { body, headers })).order)
      setOk(done)
      return true
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'That did not go through. Try again.')
      // someone else may have changed it: show it as it is now
      await load()
      return false
    } finally {
      setBusy(false)
    }
  }

  if (!order) {
    return (
      <>
        <PageTitle title={`Order ${number}`}>Order {number}</PageTitle>
        <Notice error={error} />
      </>
    )
  }

  const can = (action: AdminOrder['actions'][number]) => order.actions.includes(action)
  const shown = (size: string) => displaySize(size, me.brand.id)

  return (
    <>
      <p>
        <Link to="/orders">← Orders</Link>
      </p>
      <PageTitle title={`Order ${order.order_number}`}>
        Order {order.order_number} <span className="status-badge">{statusLabel(order.status)}</span>
      </PageTitle>
      <Notice error={error} ok={ok} />
      <dl className="facts">
        <dt>Placed</dt>
        <dd>{when(order.placed_at)}</dd>
        <dt>Total</dt>
        <dd>{money(order.total)}</dd>
        <dt>Paid</dt>
        <dd>{money(order.paid)}</dd>
        <dt>Refunded</dt>
        <dd>{money(order.refunded)}</dd>
        <dt>Shipping</dt>
        <dd>
          {order.shipping_method}
          {order.tracking ? `, ${order.tracking.carrier} ${order.tracking.tracking_number}` : ''}
        </dd>
      </dl>

      {order.actions.length > 0 && (
        <section aria-labelledby="actions-title" className="order-actions">
          <h2 id="actions-title">Actions</h2>
          <div className="actions">
            {can('pack') && (
              <button type="button" disabled={busy} onClick={() => void act('pack', {}, 'Packing started.')}>
                Start packing
              </button>
            )}
            {can('receive_return') && (
              <button type="button" disabled={busy} onClick={() => void act('receive-return', {}, 'Return received: its pieces are refunded and back in stock.')}>
                Return received
              </button>
            )}
            {can('send_exchange') && (
              <button type="button" disabled={busy} onClick={() => void act('send-exchange', {}, 'Exchange sent; the shopper is told.')}>
                Exchange sent
              </button>
            )}
            {can('resend_confirmation') && (
              <button type="button" className="secondary" disabled={busy} onClick={() => void act('confirmation', {}, 'The confirmation e-mail is on its way again.')}>
                Send the confirmation again
              </button>
            )}
          </div>
          {can('ship') && <ShipForm busy={busy} act={act} />}
          {can('cancel') && <CancelForm order={order} busy={busy} act={act} />}
          {can('refund') && <RefundForm order={order} busy={busy} act={act} shown={shown} />}
          {can('note') && <NoteForm busy={busy} act={act} />}
        </section>
      )}

      <h2>Lines</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
      <section className="table-wrap" aria-label="Lines" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Size</th>
              <th scope="col">Pieces</th>
              <th scope="col">Price</th>
              <th scope="col">Total</th>
              <th scope="col">Refunded</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {may('catalog.view') ? <Link to={`/items/${line.item_id}`}>{line.name}</Link> : line.name} <span className="muted">{line.color}</span>
                  {line.final_sale && <span className="tag">Final sale</span>}
                </td>
                <td>{shown(line.size)}</td>
                <td>{line.qty}</td>
                <td>{money(line.price)}</td>
                <td>{money(line.total)}</td>
                <td>{line.refunded_qty}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <dl className="facts totals">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal)}</dd>
        <dt>Discount</dt>
        <dd>{money(order.discount)}</dd>
        <dt>Shipping</dt>
        <dd>{money(order.shipping)}</dd>
        <dt>Tax</dt>
        <dd>{money(order.tax)}</dd>
      </dl>

      <div className="columns">
        <section aria-labelledby="ship-to-title">
          <h2 id="ship-to-title">Ships to</h2>
          <AddressLines address={order.shipping_address} />
        </section>
        {order.billing_address && (
          <section aria-labelledby="bill-to-title">
            <h2 id="bill-to-title">Billing address</h2>
            <AddressLines address={order.billing_address} />
          </section>
        )}
        {order.customer && (
          <section aria-labelledby="customer-title">
            <h2 id="customer-title">Customer</h2>
            <p>
              {order.customer.id && may('customers.view') ? <Link to={`/customers/${order.customer.id}`}>{order.customer.name}</Link> : order.customer.name}
              <br />
              {order.customer.email}
              <br />
              {order.customer.id ? `${order.customer.orders} order${order.customer.orders === 1 ? '' : 's'} here` : 'Checked out as a guest'}
            </p>
          </section>
        )}
      </div>

      <h2>Payments</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
      <section className="table-wrap" aria-label="Payments" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Kind</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Card</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {order.payments.map((payment) => (
              <tr key={payment.id}>
                <td>{when(payment.at)}</td>
                <td>{statusLabel(payment.kind)}</td>
                <td>{money(payment.amount)}</td>
                <td>{statusLabel(payment.status)}</td>
                <td>{payment.card_brand ? `${payment.card_brand} •••• ${payment.last4 ?? ''}` : '—'}</td>
                <td>{payment.reason ?? payment.decline_reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {order.payments.length === 0 && <p>No payments.</p>}

      <h2>History</h2>
      <ol className="timeline">
        {order.history.map((entry) => (
          <li key={entry.id} className={entry.staff_only ? 'staff-only' : ''}>
            <time dateTime={entry.at}>{when(entry.at)}</time> <strong>{entry.description}</strong>
            <span className="muted">
              {' '}
              by {entry.actor}
              {entry.staff_only ? ' · staff only' : ''}
            </span>
          </li>
        ))}
      </ol>
    </>
  )
}

type Act = (path: string, body: unknown, done: string, headers?: Record<string, string>) => Promise<boolean>

function ShipForm({ busy, act }: { busy: boolean; act: Act }) {
  async function ship(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    await act('ship', { carrier: form.get('carrier'), tracking_number: form.get('tracking_number') }, 'Shipped: the shopper is e-mailed and the tracker shows it.')
  }
  return (
    <form className="action-form" onSubmit={(event) => void ship(event)} aria-labelledby="ship-title">
      <h3 id="ship-title">Ship</h3>
      <label htmlFor="carrier">Carrier</label>
      <input id="carrier" name="carrier" list="carriers" required autoComplete="off" />
      <datalist id="carriers">
        <option value="UPS" />
        <option value="USPS" />
        <option value="FedEx" />
        <option value="DHL" />
      </datalist>
      <label htmlFor="tracking_number">Tracking number</label>
      <input id="tracking_number" name="tracking_number" required autoComplete="off" />
      <button type="submit" disabled={busy}>
        Mark as shipped
      </button>
    </form>
  )
}

function CancelForm({ order, busy, act }: { order: AdminOrder; busy: boolean; act: Act }) {
  const [asking, setAsking] = useState<{ reason: string; restock: boolean; notify: boolean } | null>(null)
  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setAsking({ reason: String(form.get('cancel_reason') ?? ''), restock: form.get('cancel_restock') === 'on', notify: form.get('cancel_notify') === 'on' })
  }
  return (
    <details className="action-form">
      <summary>Cancel the order…</summary>
      <form onSubmit={review} aria-label="Cancel the order">
        <label htmlFor="cancel_reason">Reason (staff only)</label>
        <input id="cancel_reason" name="cancel_reason" required />
        <div className="checkbox">
          <input id="cancel_restock" name="cancel_restock" type="checkbox" defaultChecked />
          <label htmlFor="cancel_restock">Put the pieces back in stock</label>
        </div>
        <div className="checkbox">
          <input id="cancel_notify" name="cancel_notify" type="checkbox" defaultChecked />
          <label htmlFor="cancel_notify">E-mail the shopper</label>
        </div>
        {asking ? (
          <Confirmation
            question={`Cancel order ${order.order_number} and refund ${money(order.paid - order.refunded)}? This cannot be undone.`}
            yes="Yes, cancel the order"
            busy={busy}
            onNo={() => setAsking(null)}
            onYes={() => void act('cancel', asking, 'Order cancelled and refunded.').then(() => setAsking(null))}
          />
        ) : (
          <button type="submit" disabled={busy}>
            Cancel order…
          </button>
        )}
      </form>
    </details>
  )
}

interface RefundAsk {
  lines: { line_id: string; qty: number }[]
  shipping: boolean
  amount: string
  restock: boolean
  notify: boolean
  reason: string
}

function RefundForm({ order, busy, act, shown }: { order: AdminOrder; busy: boolean; act: Act; shown: (size: string) => string }) {
  const [asking, setAsking] = useState<RefundAsk | null>(null)
  const [key, setKey] = useState(newKey)
  const [formKey, setFormKey] = useState(0)
  const left = order.paid - order.refunded

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const lines = order.lines.map((line) => ({ line_id: line.id, qty: Number(form.get(`refund_qty_${line.id}`) ?? 0) })).filter((line) => line.qty > 0)
    setAsking({
      lines,
      shipping: form.get('refund_shipping') === 'on',
      amount: String(form.get('refund_amount') ?? '').trim(),
      restock: form.get('refund_restock') === 'on',
      notify: form.get('refund_notify') === 'on',
      reason: String(form.get('refund_reason') ?? ''),
    })
  }

  async function send(ask: RefundAsk) {
    const done = await act('refunds', { ...ask, amount: ask.amount === '' ? undefined : ask.amount }, 'Refund issued.', { 'idempotency-key': key })
    setAsking(null)
    if (done) {
      setKey(newKey())
      setFormKey((n) => n + 1)
    }
  }

  const what = (ask: RefundAsk) => {
    const pieces = ask.lines.map((want) => {
      const line = order.lines.find((candidate) => candidate.id === want.line_id)
      return `${want.qty} × ${line?.name ?? 'piece'} (${line ? shown(line.size) : ''})`
    })
    if (ask.shipping) pieces.push('the shipping')
    const amount = ask.amount ? `$${Number(ask.amount).toFixed(2)}` : 'what these come to'
    return `Refund ${amount}${pieces.length > 0 ? ` for ${pieces.join(', ')}` : ''}${ask.restock && ask.lines.length > 0 ? ', back in stock' : ''}${ask.notify ? ', e-mailing the shopper' : ''}?`
  }

  return (
    <details className="action-form">
      <summary>Refund…</summary>
      <form onSubmit={review} aria-label="Refund" key={formKey}>
        <p className="hint">
          {money(left)} is left to refund.{order.refund_limit !== null ? ` You may refund up to ${money(order.refund_limit)} at once.` : ''}
        </p>
        <fieldset>
          <legend>Pieces</legend>
          {order.lines.map((line) => {
            const most = line.qty - line.refunded_qty
            return (
              <div key={line.id} className="refund-line">
                <label htmlFor={`refund_qty_${line.id}`}>
                  {line.name} ({shown(line.size)}), {most} of {line.qty} left
                </label>
                <input id={`refund_qty_${line.id}`} name={`refund_qty_${line.id}`} type="number" min={0} max={most} step={1} defaultValue={0} disabled={most === 0} />
              </div>
            )
          })}
        </fieldset>
        <div className="checkbox">
          <input id="refund_shipping" name="refund_shipping" type="checkbox" />
          <label htmlFor="refund_shipping">Refund the shipping ({money(order.shipping)})</label>
        </div>
        <label htmlFor="refund_amount">Amount ($, instead of what the pieces and shipping come to; optional)</label>
        <input id="refund_amount" name="refund_amount" inputMode="decimal" />
        <div className="checkbox">
          <input id="refund_restock" name="refund_restock" type="checkbox" defaultChecked />
          <label htmlFor="refund_restock">Put the pieces back in stock</label>
        </div>
        <div className="checkbox">
          <input id="refund_notify" name="refund_notify" type="checkbox" defaultChecked />
          <label htmlFor="refund_notify">E-mail the shopper</label>
        </div>
        <label htmlFor="refund_reason">Reason (staff only)</label>
        <input id="refund_reason" name="refund_reason" required />
        {asking ? (
          <Confirmation question={what(asking)} yes="Yes, refund" busy={busy} onNo={() => setAsking(null)} onYes={() => void send(asking)} />
        ) : (
          <button type="submit" disabled={busy}>
            Review refund…
          </button>
        )}
      </form>
    </details>
  )
}

function NoteForm({ busy, act }: { busy: boolean; act: Act }) {
  async function note(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formElement = event.currentTarget
    if (await act('notes', { text: new FormData(formElement).get('note') }, 'Note added.')) formElement.reset()
  }
  return (
    <form className="action-form" onSubmit={(event) => void note(event)} aria-labelledby="note-title">
      <h3 id="note-title">Note for staff</h3>
      <label htmlFor="note">Note (the shopper never sees it)</label>
      <textarea id="note" name="note" rows={3} required />
      <button type="submit" disabled={busy}>
        Add note
      </button>
    </form>
  )
}
