/**
 * The orders list: newest first, filters in the address (status, dates, flow, club, a search by
 * number, e-mail or name), cursor pages from the server; orders chosen by their checkbox print as
 * a batch of packing slips. The owner sets support's refund limit here.
 */
import { ORDER_STATUSES } from '@store/core'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { api, ApiError, money, when, type AdminOrderSummary } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'
import './orders.css'

interface OrdersAnswer {
  orders: AdminOrderSummary[]
  next_cursor: string | null
}

const FILTERS = ['query', 'status', 'from', 'to', 'flow', 'club', 'sort'] as const

const FLOWS = [
  { value: 'free_flow', label: 'Store checkout' },
  { value: 'checkout_club_flow', label: 'Joined the club at checkout' },
  { value: 'vip_flow', label: 'VIP sign-up' },
  { value: 'club_monthly', label: 'Club monthly box' },
  { value: 'exchange', label: 'Exchange' },
] as const

/** 'partially_refunded' -> 'Partially refunded' */
export const statusLabel = (status: string) => {
  const words = status.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const flowLabel = (flow: string) => FLOWS.find((candidate) => candidate.value === flow)?.label ?? flow

export function OrdersPage() {
  const [params, setParams] = useSearchParams()
  const [answer, setAnswer] = useState<OrdersAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [chosen, setChosen] = useState<string[]>([])
  const navigate = useNavigate()
  const { may } = useSession()
  const key = params.toString()
  const oldest = params.get('sort') === 'oldest'

  useEffect(() => {
    let current = true
    setError(null)
    api<OrdersAnswer>(`/orders?${key}`)
      .then((data) => current && setAnswer(data))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : 'The orders could not be loaded.'))
    return () => {
      current = false
    }
  }, [key])

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const next = new URLSearchParams()
    for (const name of FILTERS) {
      const value = String(form.get(name) ?? '').trim()
      if (value) next.set(name, value)
    }
    setParams(next)
  }

  const filters = new URLSearchParams([...params].filter(([name]) => name !== 'cursor'))
  const toggle = (number: string, on: boolean) => setChosen((list) => (on ? [...list, number] : list.filter((candidate) => candidate !== number)))

  return (
    <>
      <PageTitle title="Orders">Orders</PageTitle>
      <Notice error={error} />
      <form className="filters" onSubmit={filter} key={key} aria-label="Find orders">
        <div>
          <label htmlFor="query">Order number, e-mail or name</label>
          <input id="query" name="query" type="search" defaultValue={params.get('query') ?? ''} />
        </div>
        <div>
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={params.get('status') ?? ''}>
            <option value="">Any</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="from">Placed from</label>
          <input id="from" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        </div>
        <div>
          <label htmlFor="to">Placed until</label>
          <input id="to" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        </div>
        <div>
          <label htmlFor="flow">Bought through</label>
          <select id="flow" name="flow" defaultValue={params.get('flow') ?? ''}>
            <option value="">Any</option>
            {FLOWS.map((flow) => (
              <option key={flow.value} value={flow.value}>
                {flow.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="club">Club</label>
          <select id="club" name="club" defaultValue={params.get('club') ?? ''}>
            <option value="">Any</option>
            <option value="yes">Club orders</option>
            <option value="no">Not club orders</option>
          </select>
        </div>
        <div>
          <label htmlFor="sort">Order</label>
          <select id="sort" name="sort" defaultValue={params.get('sort') ?? ''}>
            <option value="">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </div>
        <button type="submit">Find orders</button>
      </form>
      {answer && (
        <>
          <div className="slip-bar">
            <button type="button" disabled={chosen.length === 0} onClick={() => void navigate(`/orders/slips?numbers=${chosen.join(',')}`)}>
              Print packing slips ({chosen.length} chosen)
            </button>
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Orders" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Orders, {oldest ? 'oldest' : 'newest'} first</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Choose for packing slips</span>
                  </th>
                  <th scope="col">Order</th>
                  <th scope="col" aria-sort={oldest ? 'ascending' : 'descending'}>
                    Placed
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Ships to</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Pieces</th>
                  <th scope="col">Total</th>
                  <th scope="col">Bought through</th>
                </tr>
              </thead>
              <tbody>
                {answer.orders.map((order) => (
                  <tr key={order.order_number}>
                    <td>
                      <input
                        type="checkbox"
                        id={`choose-${order.order_number}`}
                        aria-label={`Choose order ${order.order_number} for packing slips`}
                        checked={chosen.includes(order.order_number)}
                        onChange={(event) => toggle(order.order_number, event.currentTarget.checked)}
                      />
                    </td>
                    <td>
                      <Link to={`/orders/${order.order_number}`}>{order.order_number}</Link>
                    </td>
                    <td>{when(order.placed_at)}</td>
                    <td>{statusLabel(order.status)}</td>
                    <td>{order.name}</td>
                    <td>{order.email}</td>
                    <td>{order.pieces}</td>
                    <td>{money(order.total)}</td>
                    <td>
                      {flowLabel(order.flow)}
                      {order.club && <span className="tag">Club</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {answer.orders.length === 0 && <p>No orders match.</p>}
          <nav aria-label="Pages of orders" className="pager">
            {params.get('cursor') && <Link to={`?${filters}`}>{oldest ? 'Oldest' : 'Newest'}</Link>}
            {answer.next_cursor && <Link to={`?${new URLSearchParams([...filters, ['cursor', answer.next_cursor]])}`}>{oldest ? 'Newer orders' : 'Older orders'}</Link>}
          </nav>
        </>
      )}
      {may('settings.edit') && <RefundLimit />}
    </>
  )
}

/** The owner's setting: the most support may refund at once. */
function RefundLimit() {
  const [limit, setLimit] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)

  useEffect(() => {
    api<{ support_refund_limit: number }>('/settings/refunds')
      .then((data) => setLimit(data.support_refund_limit))
      .catch(() => setError('The refund limit could not be loaded.'))
  }, [])

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    setOk(null)
    try {
      const data = await api<{ support_refund_limit: number }>('/settings/refunds', {
        method: 'PUT',
        body: { support_refund_limit: new FormData(event.currentTarget).get('support_refund_limit') },
      })
      setLimit(data.support_refund_limit)
      setOk(`Support may now refund up to ${money(data.support_refund_limit)} at once.`)
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The limit could not be saved.')
    }
  }

  return (
    <section aria-labelledby="refund-limit-title">
      <h2 id="refund-limit-title">Refunds by support</h2>
      <Notice error={error} ok={ok} />
      {limit !== null && (
        <form className="inline-form" onSubmit={(event) => void save(event)}>
          <label htmlFor="support_refund_limit">The most support may refund at once ($)</label>
          <input id="support_refund_limit" name="support_refund_limit" inputMode="decimal" defaultValue={limit.toFixed(2)} required />
          <button type="submit">Save limit</button>
        </form>
      )}
    </section>
  )
}
