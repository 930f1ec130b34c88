/** The sizing guide: a row per size (measurements and figure images), in its order. */
import { useEffect, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { api, type SizingGuideRow } from '../../api.ts'
import { useFieldErrors } from '../../field-errors.tsx'
import { Notice, PageTitle } from '../../page-title.tsx'

const COLUMNS = [
  { name: 'size', label: 'Size' },
  { name: 'bust', label: 'Bust' },
  { name: 'waist', label: 'Waist' },
  { name: 'hip', label: 'Hip' },
  { name: 'pant', label: 'Pant size' },
  { name: 'front', label: 'Front figure image' },
  { name: 'side', label: 'Side figure image' },
  { name: 'back', label: 'Back figure image' },
] as const

const blank: SizingGuideRow = { size: '', bust: null, waist: null, hip: null, pant: null, front: '', side: '', back: '' }

export function SizingGuidePage() {
  const [rows, setRows] = useState<SizingGuideRow[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const fields = useFieldErrors()

  useEffect(() => {
    api<{ rows: SizingGuideRow[] }>('/content/sizing-guide')
      .then((data) => setRows(data.rows))
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : 'The sizing guide could not be loaded.'))
  }, [])

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    setOk(null)
    fields.clear()
    try {
      setRows((await api<{ rows: SizingGuideRow[] }>('/content/sizing-guide', { method: 'PUT', body: { rows } })).rows)
      setOk('Sizing guide saved. The store shows it now.')
    } catch (caught) {
      fields.take(caught)
      setError(caught instanceof Error ? caught.message : 'The sizing guide could not be saved.')
    }
  }

  const setRow = (index: number, change: Partial<SizingGuideRow>) => setRows((before) => (before ? before.map((row, at) => (at === index ? { ...row, ...change } : row)) : before))

  return (
    <>
      <p>
        <Link to="/content">← Content</Link>
      </p>
      <PageTitle title="Sizing guide">Sizing guide</PageTitle>
      <Notice error={error} ok={ok} />
      {rows && (
        <form onSubmit={(event) => void save(event)}>
          {fields.message('rows')}
          <ol className="blocks">
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its identity until saved
              <li key={index}>
                <fieldset>
                  <legend>Size {row.size || index + 1}</legend>
                  {COLUMNS.map((column) => (
                    <div key={column.name}>
                      <label htmlFor={`size-${index}-${column.name}`}>{column.label}</label>
                      <input
                        id={`size-${index}-${column.name}`}
                        value={row[column.name] ?? ''}
                        required={['size', 'front', 'side', 'back'].includes(column.name)}
                        onChange={(event) => setRow(index, { [column.name]: event.target.value })}
                        {...fields.attrs(`rows.${index}.${column.name}`)}
                      />
                      {fields.message(`rows.${index}.${column.name}`)}
                    </div>
                  ))}
                  <button type="button" className="danger" onClick={() => setRows(rows.filter((_, at) => at !== index))}>
                    Remove size {row.size || index + 1}
                  </button>
                </fieldset>
              </li>
            ))}
          </ol>
          <div className="actions">
            <button type="button" onClick={() => setRows([...rows, { ...blank }])}>
              Add a size
            </button>
            <button type="submit">Save sizing guide</button>
          </div>
        </form>
      )}
    </>
  )
}
