/** The catalogue as CSV: download it, and import a changed copy after a dry run that lists each change and each error by line. */
import { useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { type CatalogCsvChange, type CatalogCsvError, upload } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

interface Report {
  dry_run: boolean
  applied: boolean
  items: number
  changes: CatalogCsvChange[]
  errors: CatalogCsvError[]
}

/** Lines shown of a long report (the rest are counted). */
const SHOWN = 200

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export function ItemsCsvPage() {
  const { may } = useSession()
  const fileInput = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [report, setReport] = useState<Report | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function run(chosen: File, dryRun: boolean) {
    setBusy(true)
    setError(null)
    setOk(null)
    try {
      const answer = await upload<Report>(`/items.csv${dryRun ? '?dry_run=1' : ''}`, chosen, 'text/csv')
      setReport(answer)
      if (answer.applied) setOk(`Imported: ${plural(answer.changes.length, 'change')} made. The store shows them now.`)
      else if (answer.errors.length > 0) setError(`${plural(answer.errors.length, 'line')} cannot be taken. Nothing was changed: fix them and check the file again.`)
      else if (answer.changes.length === 0) setOk(`Checked ${plural(answer.items, 'item')}: nothing to change.`)
      else setOk(`Checked ${plural(answer.items, 'item')}: ${plural(answer.changes.length, 'change')} to make. Nothing is changed until you import.`)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The file could not be sent.')
    } finally {
      setBusy(false)
    }
  }

  function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const chosen = fileInput.current?.files?.[0] ?? null
    setFile(chosen)
    setReport(null)
    if (!chosen) {
      setError('Choose a CSV file first.')
      return
    }
    void run(chosen, true)
  }

  const ready = report?.dry_run === true && report.errors.length === 0 && report.changes.length > 0 && file !== null

  return (
    <>
      <p>
        <Link to="/items">← Items</Link>
      </p>
      <PageTitle title="Catalogue CSV">Catalogue CSV</PageTitle>
      <Notice error={error} ok={ok} />
      <h2>Export</h2>
      <p>One row per item and size, with every field the item form edits (style and stock are for reading: stock is counted on an item's page, with a reason).</p>
      <p>
        <a href="/api/admin/items.csv" download>
          Download the catalogue (CSV)
        </a>
      </p>
      {may('catalog.edit') && (
        <>
          <h2>Import</h2>
          <form onSubmit={check}>
            <label htmlFor="csv-file">A catalogue CSV, as downloaded above and changed</label>
            <input id="csv-file" ref={fileInput} name="file" type="file" accept=".csv,text/csv" onChange={() => setReport(null)} />
            <button type="submit" disabled={busy}>
              {busy ? 'Checking…' : 'Check the file'}
            </button>
          </form>
          {ready && (
            <p>
              <button type="button" disabled={busy} onClick={() => void run(file, false)}>
                Import {plural(report.changes.length, 'change')}
              </button>
            </p>
          )}
        </>
      )}
      {report && report.errors.length > 0 && (
        <>
          <h2>Errors</h2>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Errors by line" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.slice(0, SHOWN).map((e) => (
                  <tr key={`${e.line}-${e.field}-${e.message}`}>
                    <th scope="row">{e.line}</th>
                    <td>{e.field ?? '—'}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {report.errors.length > SHOWN && <p className="hint">and {report.errors.length - SHOWN} more.</p>}
        </>
      )}
      {report && report.changes.length > 0 && (
        <>
          <h2>{report.applied ? 'Changes made' : 'Changes to make'}</h2>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Changes by line" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Item</th>
                  <th scope="col">Field</th>
                  <th scope="col">Now</th>
                  <th scope="col">Becomes</th>
                </tr>
              </thead>
              <tbody>
                {report.changes.slice(0, SHOWN).map((c) => (
                  <tr key={`${c.line}-${c.item_id}-${c.field}`}>
                    <th scope="row">{c.line}</th>
                    <td>{c.item_id === null ? 'New' : <Link to={`/items/${c.item_id}`}>#{c.item_id}</Link>}</td>
                    <td>{c.field}</td>
                    <td>{c.from || '—'}</td>
                    <td>{c.to || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {report.changes.length > SHOWN && <p className="hint">and {report.changes.length - SHOWN} more.</p>}
        </>
      )}
    </>
  )
}
