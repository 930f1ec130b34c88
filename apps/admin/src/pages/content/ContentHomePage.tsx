/**
 * Content: the store's pages (each with its draft, if any), a form to make a new one, and the
 * other things the storefront shows (menus, banner, club landing, sizing guide).
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { api, when, type AdminContentPage, type AdminContentPageSummary } from '../../api.ts'
import { useFieldErrors } from '../../field-errors.tsx'
import { Notice, PageTitle } from '../../page-title.tsx'

/** Makes a page (its address and headline; a draft until published) and opens its editor. */
function NewPageForm({ onError }: { onError: (message: string | null) => void }) {
  const [slug, setSlug] = useState('')
  const [name, setName] = useState('')
  const fields = useFieldErrors()
  const navigate = useNavigate()

  async function make(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onError(null)
    fields.clear()
    try {
      const { page } = await api<{ page: AdminContentPage }>('/content/pages', { method: 'POST', body: { slug, name, body: '', blocks: [] } })
      await navigate(`/content/pages/${encodeURIComponent(page.id)}`, { state: { made: true } })
    } catch (caught) {
      fields.take(caught)
      onError(caught instanceof Error ? caught.message : 'The page could not be made.')
    }
  }

  return (
    <form onSubmit={make} aria-labelledby="new-page-heading">
      <h3 id="new-page-heading">New page</h3>
      <label htmlFor="new-page-name">Page name (its headline)</label>
      <input id="new-page-name" value={name} onChange={(event) => setName(event.target.value)} required {...fields.attrs('name')} />
      {fields.message('name')}
      <label htmlFor="new-page-slug">Address, after /page/ (lowercase letters, digits and hyphens, such as summer-sale)</label>
      <input id="new-page-slug" value={slug} onChange={(event) => setSlug(event.target.value)} required autoCapitalize="none" spellCheck={false} {...fields.attrs('slug')} />
      {fields.message('slug')}
      <div className="actions">
        <button type="submit">Make the page</button>
      </div>
    </form>
  )
}

export function ContentHomePage() {
  const [pages, setPages] = useState<AdminContentPageSummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  // a page just deleted in its editor says so here
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted

  useEffect(() => {
    api<{ pages: AdminContentPageSummary[] }>('/content/pages')
      .then((data) => setPages(data.pages))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The pages could not be loaded.'))
  }, [])

  return (
    <>
      <PageTitle title="Content">Content</PageTitle>
      <Notice error={error} ok={deleted ? `The page ${deleted} is deleted: the store answers "page not found" there.` : null} />
      <nav aria-label="Content">
        <ul className="cards">
          <li>
            <Link to="/content/menus">Header and footer menus</Link>
          </li>
          <li>
            <Link to="/content/banner">Global banner and scrolling images</Link>
          </li>
          <li>
            <Link to="/content/club">Club landing (headline, questions, founder letter, price)</Link>
          </li>
          <li>
            <Link to="/content/sizing">Sizing guide</Link>
          </li>
        </ul>
      </nav>
      <section aria-labelledby="pages-heading">
        <h2 id="pages-heading">Pages</h2>
        {pages && (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">Address</th>
                  <th scope="col">Published</th>
                  <th scope="col">Draft</th>
                </tr>
              </thead>
              <tbody>
                {pages.map((page) => (
                  <tr key={page.id}>
                    <td>
                      <Link to={`/content/pages/${encodeURIComponent(page.id)}`}>{page.name}</Link>
                    </td>
                    <td>/page/{page.slug}</td>
                    <td>{page.status === 'draft' ? 'Not yet' : when(page.updated_at)}</td>
                    <td>{page.has_draft ? 'Unpublished changes' : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <NewPageForm onError={setError} />
      </section>
    </>
  )
}
