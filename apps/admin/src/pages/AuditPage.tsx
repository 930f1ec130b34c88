/** The audit log: filter by entity, person and dates; cursor pages; the same filters as CSV. */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, when, type AuditEntry } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'

const FILTERS = ['entity', 'actor', 'from', 'to'] as const

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value))

export function AuditPage() {
  const [params, setParams] = useSearchParams()
  const [answer, setAnswer] = useState<{ entries: AuditEntry[]; next_cursor: string | null } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const key = params.toString()

  useEffect(() => {
    let current = true
    setError(null)
    api<{ entries: AuditEntry[]; next_cursor: string | null }>(`/audit?${key}`)
      .then((data) => current && setAnswer(data))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : 'The audit log could not be loaded.'))
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

  return (
    <>
      <PageTitle title="Audit log">Audit log</PageTitle>
      <Notice error={error} />
      <form className="filters" onSubmit={filter} key={key}>
        <div>
          <label htmlFor="entity">Entity</label>
          <select id="entity" name="entity" defaultValue={params.get('entity') ?? ''}>
            <option value="">Any</option>
            <option value="item">Items and stock</option>
            <option value="staff">Staff</option>
          </select>
        </div>
        <div>
          <label htmlFor="actor">Person (e-mail)</label>
          <input id="actor" name="actor" type="email" defaultValue={params.get('actor') ?? ''} />
        </div>
        <div>
          <label htmlFor="from">From</label>
          <input id="from" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        </div>
        <div>
          <label htmlFor="to">To</label>
          <input id="to" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        </div>
        <button type="submit">Filter</button>
      </form>
      <p>
        <a href={`/api/admin/audit.csv?${filters}`} download>
          Download these entries as CSV
        </a>
      </p>
      {answer && (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Audit entries" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                  <th scope="col">From</th>
                </tr>
              </thead>
              <tbody>
                {answer.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{when(entry.at)}</td>
                    <td>{entry.actor_email ?? 'command line'}</td>
                    <td>
                      {entry.action} {entry.entity === 'item' ? <Link to={`/items/${entry.entity_id}`}>item {entry.entity_id}</Link> : `${entry.entity} ${entry.entity_id}`}
                    </td>
                    <td className="json">{show(entry.before)}</td>
                    <td className="json">{show(entry.after)}</td>
                    <td>{entry.ip}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {answer.entries.length === 0 && <p>No entries match.</p>}
          <nav aria-label="Pages of the audit log" className="pager">
            {params.get('cursor') && <Link to={`?${filters}`}>Newest</Link>}
            {answer.next_cursor && <Link to={`?${new URLSearchParams([...filters, ['cursor', answer.next_cursor]])}`}>Older entries</Link>}
          </nav>
        </>
      )}
    </>
  )
}
