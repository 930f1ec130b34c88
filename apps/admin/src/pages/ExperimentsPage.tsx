/** Split tests: the brand's tests with their status and visitors, and a new one (a draft until started). */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { api, when, type AdminSplitTest } from '../api.ts'
import { useFieldErrors } from '../field-errors.tsx'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

export function ExperimentsPage() {
  const navigate = useNavigate()
  const { may, me } = useSession()
  const [tests, setTests] = useState<AdminSplitTest[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const fields = useFieldErrors()

  useEffect(() => {
    api<{ experiments: AdminSplitTest[] }>('/experiments')
      .then((data) => setTests(data.experiments))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The split tests could not be loaded.'))
  }, [])

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setError(null)
    fields.clear()
    try {
      const { experiment } = await api<{ experiment: AdminSplitTest }>('/experiments', {
        body: { name: form.get('name'), variants: form.get('variants'), split: form.get('split'), brands: form.getAll('brands').join(',') },
      })
      await navigate(`/experiments/${encodeURIComponent(experiment.name)}`)
    } catch (caught) {
      fields.take(caught)
      setError(caught instanceof Error ? caught.message : 'The split test could not be created.')
    }
  }

  const otherBrands = me.staff.roles.filter((role) => role.brand !== me.brand.id && (role.role === 'owner' || role.role === 'manager'))
  return (
    <>
      <PageTitle title="Split tests">Split tests</PageTitle>
      <Notice error={error} />
      {tests && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable)
        <section className="table-wrap" aria-label="Split tests" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Split tests</caption>
            <thead>
              <tr>
                <th scope="col">Test</th>
                <th scope="col">Variants and split</th>
                <th scope="col">Status</th>
                <th scope="col">Visitors</th>
                <th scope="col">Brands</th>
              </tr>
            </thead>
            <tbody>
              {tests.map((test) => (
                <tr key={test.name}>
                  <td>
                    <Link to={`/experiments/${encodeURIComponent(test.name)}`}>{test.name}</Link>
                  </td>
                  <td>{test.variants.map((variant, i) => `${variant} ${test.split[i]}%`).join(', ')}</td>
                  <td>
                    {test.status}
                    {test.started_at ? <span className="muted"> since {when(test.started_at)}</span> : null}
                  </td>
                  <td>{test.visitors}</td>
                  <td>{test.brands.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {tests?.length === 0 && <p>No split tests yet.</p>}
      {may('experiments.edit') && (
        <form onSubmit={(event) => void create(event)}>
          <h2>New split test</h2>
          <label htmlFor="name">Name (the URL parameter that forces a variant, such as ?Vip4sh=4sh)</label>
          <input id="name" name="name" required {...fields.attrs('name')} />
          {fields.message('name')}
          <label htmlFor="variants">Variants (comma list; the first is the control)</label>
          <input id="variants" name="variants" required placeholder="Control,New" {...fields.attrs('variants')} />
          {fields.message('variants')}
          <label htmlFor="split">Traffic split in percent (comma list; empty for even)</label>
          <input id="split" name="split" placeholder="50,50" {...fields.attrs('split')} />
          {fields.message('split')}
          {otherBrands.length > 0 && (
            <fieldset>
              <legend>Also run it at</legend>
              {otherBrands.map((role) => (
                <div className="checkbox" key={role.brand}>
                  <input id={`brand-${role.brand}`} name="brands" type="checkbox" value={role.brand} />
                  <label htmlFor={`brand-${role.brand}`}>{role.brand}</label>
                </div>
              ))}
            </fieldset>
          )}
          {fields.message('brands')}
          <button type="submit">Create test</button>
        </form>
      )}
    </>
  )
}
