/** Content: the store's pages (each with its draft, if any) and the other things the storefront shows (menus, banner, club landing, sizing guide). */
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { api, when, type AdminContentPageSummary } from '../../api.ts'
import { Notice, PageTitle } from '../../page-title.tsx'

export function ContentHomePage() {
  const [pages, setPages] = useState<AdminContentPageSummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    api<{ pages: AdminContentPageSummary[] }>('/content/pages')
      .then((data) => setPages(data.pages))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The pages could not be loaded.'))
  }, [])

  return (
    <>
      <PageTitle title="Content">Content</PageTitle>
      <Notice error={error} />
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
                    <td>{when(page.updated_at)}</td>
                    <td>{page.has_draft ? 'Unpublished changes' : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  )
}
