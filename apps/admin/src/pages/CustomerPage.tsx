/** One customer: their account, orders, addresses, membership, reviews and messages; a reset, a copy or the erasure of their data. */
import type { AdminCustomer } from '@store/core'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { api, money, when } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

export function CustomerPage() {
  const { id = '' } = useParams()
  const { may } = useSession()
  const [customer, setCustomer] = useState<AdminCustomer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    try {
      setCustomer((await api<{ customer: AdminCustomer }>(`/customers/${encodeURIComponent(id)}`)).customer)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The customer could not be loaded.')
    }
  }, [id])

  useEffect(() => {
    void load()
  }, [load])

  async function act(run: () => Promise<string>) {
    setError(null)
    setOk(null)
    setBusy(true)
    try {
      setOk(await run())
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'That did not work. Try again.')
    } finally {
      setBusy(false)
    }
  }

  const sendReset = () =>
    act(async () => {
      const sent = await api<{ sent_to: string }>(`/customers/${encodeURIComponent(id)}/password-reset`, { method: 'POST', body: {} })
      return `A password reset e-mail is on its way to ${sent.sent_to}. Its link works for an hour.`
    })

  function erase(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void act(async () => {
      const answer = await api<{ customer: AdminCustomer; erased: { orders_kept: number } }>(`/customers/${encodeURIComponent(id)}/erase`, { method: 'POST', body: {} })
      setCustomer(answer.customer)
      return `Erased. ${answer.erased.orders_kept} order(s) kept for the books, without their personal details; the customer is logged out everywhere.`
    })
  }

  if (!customer) {
    return (
      <>
        <PageTitle title="Customer">Customer</PageTitle>
        <Notice error={error} />
      </>
    )
  }

  const canEdit = may('customers.edit') && !customer.erased_at
  return (
    <>
      <p>
        <Link to="/customers">← Customers</Link>
      </p>
      <PageTitle title={customer.name}>{customer.name}</PageTitle>
      <Notice error={error} ok={ok} />
      <dl className="facts">
        <dt>E-mail</dt>
        <dd>{customer.email}</dd>
        <dt>Phone</dt>
        <dd>{customer.phone ?? '—'}</dd>
        <dt>Customer since</dt>
        <dd>{when(customer.created_at)}</dd>
        <dt>Birthday</dt>
        <dd>{customer.birthday ?? '—'}</dd>
        {customer.erased_at && (
          <>
            <dt>Erased on request</dt>
            <dd>{when(customer.erased_at)}</dd>
          </>
        )}
      </dl>

      {canEdit && (
        <section aria-labelledby="actions-heading">
          <h2 id="actions-heading">What the customer asks for</h2>
          <div className="actions">
            <button type="button" disabled={busy} onClick={() => void sendReset()}>
              Send a password reset
            </button>
            <a href={`/api/admin/customers/${encodeURIComponent(customer.id)}/export`} download>
              Download their data (JSON)
            </a>
          </div>
          <form onSubmit={erase}>
            <fieldset>
              <legend>Erase their data</legend>
              <p className="hint">
                Their orders stay for the books, without name, e-mail, phone or address. Their addresses, wishlist and sign-in go; their reviews are unsigned. This cannot be
                undone.
              </p>
              <div className="checkbox">
                <input id="erase-confirm" name="confirm" type="checkbox" required />
                <label htmlFor="erase-confirm">The customer asked for their data to be erased</label>
              </div>
              <button type="submit" disabled={busy}>
                Erase this customer
              </button>
            </fieldset>
          </form>
        </section>
      )}

      <h2>Orders ({customer.orders.length})</h2>
      {customer.orders.length === 0 ? (
        <p>No orders.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable)
        <section className="table-wrap" aria-label="Orders" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Status</th>
                <th scope="col">Pieces</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {customer.orders.map((order) => (
                <tr key={order.order_number}>
                  <td>{may('orders.view') ? <Link to={`/orders/${order.order_number}`}>{order.order_number}</Link> : order.order_number}</td>
                  <td>{when(order.created_at)}</td>
                  <td>{order.status.replaceAll('_', ' ')}</td>
                  <td>{order.pieces}</td>
                  <td>{money(order.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <h2>Addresses</h2>
      {customer.addresses.length === 0 ? (
        <p>None saved.</p>
      ) : (
        <ul className="cards">
          {customer.addresses.map((address) => (
            <li key={address.id}>
              <strong>
                {address.address_type === 'billing' ? 'Billing' : 'Shipping'}
                {address.default ? ' (default)' : ''}
              </strong>
              <br />
              {[address.name, address.company, address.address, address.address_2, `${address.city} ${address.state} ${address.zip}`, address.country, address.phone]
                .filter((part) => part.trim())
                .join(', ')}
            </li>
          ))}
        </ul>
      )}

      <h2>Club membership</h2>
      {customer.membership ? (
        <>
          <dl className="facts">
            <dt>State</dt>
            <dd>{customer.membership.status}</dd>
            <dt>Next bill</dt>
            <dd>{customer.membership.next_billing_date ? `${customer.membership.next_billing_date}, ${money(customer.membership.amount)}` : '—'}</dd>
            <dt>Joined</dt>
            <dd>{customer.membership.joined_on ?? '—'}</dd>
          </dl>
          {customer.membership.history.length > 0 && (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable)
            <section className="table-wrap" aria-label="Membership charges" tabIndex={0}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Period</th>
                    <th scope="col">Charge</th>
                    <th scope="col">Status</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {customer.membership.history.map((charge) => (
                    <tr key={`${charge.period}-${charge.kind}-${charge.at}`}>
                      <td>{charge.period}</td>
                      <td>{charge.kind}</td>
                      <td>{charge.status}</td>
                      <td>{money(charge.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </>
      ) : (
        <p>Not a member.</p>
      )}

      <h2>Reviews</h2>
      {customer.reviews.length === 0 ? (
        <p>None written.</p>
      ) : (
        <ul className="cards">
          {customer.reviews.map((review) => (
            <li key={review.id}>
              {review.rating} of 5 for {review.item_name ?? 'an item no longer sold'}
              {review.hidden ? ' (hidden)' : ''}: “{review.text ?? ''}”
            </li>
          ))}
        </ul>
      )}

      <h2>Messages</h2>
      {customer.messages.length === 0 ? (
        <p>None sent.</p>
      ) : (
        <ul className="cards">
          {customer.messages.map((message) => (
            <li key={message.id}>
              {may('messages.answer') ? <Link to={`/messages/${message.id}`}>{message.subject}</Link> : message.subject} ({message.status}), {when(message.created_at)}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
