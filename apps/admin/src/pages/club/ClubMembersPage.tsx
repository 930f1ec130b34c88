/** The club's members (GET /api/admin/club/members): the filter a figure linked with, a search and a state, newest or oldest first, by cursor. */
import type { ClubMembersPage as MembersPage } from '@store/core'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, money } from '../../api.ts'
import { Notice, PageTitle } from '../../page-title.tsx'
import { describeFilter, STATE_LABELS, STATE_NAMES, type StateName } from './club-format.ts'

export function ClubMembersPage() {
  const [params, setParams] = useSearchParams()
  const [page, setPage] = useState<MembersPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const key = params.toString()

  useEffect(() => {
    let current = true
    setError(null)
    api<MembersPage>(`/club/members?${key}`)
      .then((data) => current && setPage(data))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : 'The members could not be loaded.'))
    return () => {
      current = false
    }
  }, [key])

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    // the figure's own filter stays; the search, state and order are set here
    const next = new URLSearchParams([...params].filter(([name]) => !['cursor', 'query', 'state', 'on', 'sort'].includes(name)))
    for (const name of ['query', 'state', 'sort']) {
      const value = String(form.get(name) ?? '').trim()
      if (value) next.set(name, value)
    }
    setParams(next)
  }

  const filters = new URLSearchParams([...params].filter(([name]) => name !== 'cursor'))

  return (
    <>
      <PageTitle title="Club members">Club members</PageTitle>
      <p>
        Showing: <strong>{describeFilter(params)}</strong>
        {page && ` (${page.total} ${page.total === 1 ? 'member' : 'members'})`}
        {[...filters].length > 0 && (
          <>
            {' '}
            · <Link to="/club/members">All members</Link>
          </>
        )}
      </p>
      <Notice error={error} />
      <form className="filters" onSubmit={search} key={key}>
        <div>
          <label htmlFor="query">Name or e-mail</label>
          <input id="query" name="query" type="search" defaultValue={params.get('query') ?? ''} />
        </div>
        <div>
          <label htmlFor="state">State today</label>
          <select id="state" name="state" defaultValue={params.get('on') ? '' : (params.get('state') ?? '')}>
            <option value="">Any</option>
            {STATE_NAMES.map((state) => (
              <option key={state} value={state}>
                {STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sort">Order</label>
          <select id="sort" name="sort" defaultValue={params.get('sort') ?? 'newest'}>
            <option value="newest">Newest members first</option>
            <option value="oldest">Oldest members first</option>
          </select>
        </div>
        <button type="submit">Search</button>
      </form>
      {page && (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Members" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">State</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Next billing</th>
                  <th scope="col">Monthly</th>
                  <th scope="col">Next retry</th>
                </tr>
              </thead>
              <tbody>
                {page.members.map((member) => (
                  <tr key={member.id}>
                    <td>
                      <Link to={`/club/members/${member.id}`}>{member.name}</Link>
                    </td>
                    <td>{member.email}</td>
                    <td>{STATE_LABELS[member.status as StateName]}</td>
                    <td>{member.joined}</td>
                    <td>{member.next_billing_date ?? '—'}</td>
                    <td>{money(member.amount)}</td>
                    <td>{member.next_retry_on ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {page.members.length === 0 && <p>No members match.</p>}
          <nav aria-label="Pages of members" className="pager">
            {params.get('cursor') && <Link to={`?${filters}`}>First page</Link>}
            {page.next_cursor && <Link to={`?${new URLSearchParams([...filters, ['cursor', page.next_cursor]])}`}>Next page</Link>}
          </nav>
        </>
      )}
    </>
  )
}
