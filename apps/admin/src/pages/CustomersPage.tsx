/** Customers: search by e-mail, name or phone; newest first, cursor pages from the server (fast on a large store). */
import type { AdminCustomerRow } from '@store/core'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, when } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'

interface CustomersAnswer {
  customers: AdminCustomerRow[]
  next_cursor: string | null
}

export function CustomersPage() {
  const [params, setParams] = useSearchParams()
  const query = params.get('query') ?? ''
  const cursor = params.get('cursor') ?? ''
  const [answer, setAnswer] = useState<CustomersAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    setError(null)
    const search = new URLSearchParams()
    if (query) search.set('query', query)
    if (cursor) search.set('cursor', cursor)
    api<CustomersAnswer>(`/customers?${search}`)
      .then((data) => current && setAnswer(data))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : 'The customers could not be loaded.'))
    return () => {
      current = false
    }
  }, [query, cursor])

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = String(new FormData(event.currentTarget).get('query') ?? '').trim()
    setParams(value ? { query: value } : {})
  }

  return (
    <>
      <PageTitle title="Customers">Customers</PageTitle>
      <Notice error={error} />
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is not in React's JSX types yet; the role says the same to assistive technology */}
      <form role="search" className="inline-form" onSubmit={search}>
        <label htmlFor="query">Search by e-mail, name or phone</label>
        <input id="query" name="query" type="search" defaultValue={query} key={query} />
        <button type="submit">Search</button>
      </form>
      {answer && (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Customers" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Customers{query ? ` matching “${query}”` : ''}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Customer</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Club</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {answer.customers.map((customer) => (
                  <tr key={customer.id}>
                    <td>
                      <Link to={`/customers/${customer.id}`}>{customer.name}</Link>
                      {customer.erased_at && <span className="muted"> (erased)</span>}
                    </td>
                    <td>{customer.email}</td>
                    <td>{customer.phone ?? '—'}</td>
                    <td>{customer.order_count}</td>
                    <td>{customer.has_club ? 'Member' : '—'}</td>
                    <td>{when(customer.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {answer.customers.length === 0 && <p>No customers match.</p>}
          <nav aria-label="Pages of customers" className="pager">
            {cursor && <Link to={query ? `?query=${encodeURIComponent(query)}` : '?'}>First page</Link>}
            {answer.next_cursor && <Link to={`?${new URLSearchParams({ ...(query ? { query } : {}), cursor: answer.next_cursor })}`}>Next page</Link>}
          </nav>
        </>
      )}
    </>
  )
}
