/** The items list: search and cursor pages from the server (fast on a large catalogue). */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, money, type AdminItem } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

interface ItemsAnswer {
  items: AdminItem[]
  next_cursor: string | null
}

export function ItemsPage() {
  const [params, setParams] = useSearchParams()
  const query = params.get('query') ?? ''
  const cursor = params.get('cursor') ?? ''
  const [answer, setAnswer] = useState<ItemsAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const { may } = useSession()

  useEffect(() => {
    let current = true
    const search = new URLSearchParams()
    if (query) search.set('query', query)
    if (cursor) search.set('cursor', cursor)
    api<ItemsAnswer>(`/items?${search}`)
      .then((data) => current && setAnswer(data))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : 'The items could not be loaded.'))
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
      <PageTitle title="Items">Items</PageTitle>
      <Notice error={error} />
      <p className="link-row">
        {may('catalog.edit') && <Link to="/items/new">Add an item</Link>}
        <Link to="/items/csv">{may('catalog.edit') ? 'Export or import as CSV' : 'Export as CSV'}</Link>
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is not in React's JSX types yet; the role says the same to assistive technology */}
      <form role="search" className="inline-form" onSubmit={search}>
        <label htmlFor="query">Search by name, colour or id</label>
        <input id="query" name="query" type="search" defaultValue={query} key={query} />
        <button type="submit">Search</button>
      </form>
      {answer && (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Items" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Items{query ? ` matching “${query}”` : ''}</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Colour</th>
                  <th scope="col">Price</th>
                  <th scope="col">Member price</th>
                  <th scope="col">In stock</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {answer.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <Link to={`/items/${item.id}`}>{item.name}</Link> <span className="muted">#{item.id}</span>
                    </td>
                    <td>{item.color}</td>
                    <td>{money(item.price)}</td>
                    <td>{money(item.member_price)}</td>
                    <td>{item.sizes.reduce((sum, size) => sum + size.stock, 0)}</td>
                    <td>{item.published ? 'Published' : 'Draft'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {answer.items.length === 0 && <p>No items match.</p>}
          <nav aria-label="Pages of items" className="pager">
            {cursor && <Link to={query ? `?query=${encodeURIComponent(query)}` : '?'}>First page</Link>}
            {answer.next_cursor && <Link to={`?${new URLSearchParams({ ...(query ? { query } : {}), cursor: answer.next_cursor })}`}>Next page</Link>}
          </nav>
        </>
      )}
    </>
  )
}
