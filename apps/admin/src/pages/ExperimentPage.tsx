/** A split test: start, stop, its split; its results from the orders as a table (and a chart, loaded on demand), with a plain statement of significance. */
import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { api, money, type AdminSplitTest, type SplitTestResults } from '../api.ts'
import { useFieldErrors } from '../field-errors.tsx'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

const ResultsChart = lazy(() => import('./ResultsChart.tsx'))

const pct = (share: number) => `${(share * 100).toFixed(2)}%`

export function ExperimentPage() {
  const { name = '' } = useParams()
  const editable = useSession().may('experiments.edit')
  const [test, setTest] = useState<AdminSplitTest | null>(null)
  const [results, setResults] = useState<SplitTestResults | null>(null)
  const [showChart, setShowChart] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const fields = useFieldErrors()
  const path = `/experiments/${encodeURIComponent(name)}`

  const load = useCallback(async () => {
    try {
      const [found, read] = await Promise.all([api<{ experiment: AdminSplitTest }>(path), api<SplitTestResults>(`${path}/results`)])
      setTest(found.experiment)
      setResults(read)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The split test could not be loaded.')
    }
  }, [path])

  useEffect(() => {
    void load()
  }, [load])

  async function act(action: 'start' | 'stop') {
    setError(null)
    setOk(null)
    try {
      const { experiment } = await api<{ experiment: AdminSplitTest }>(`${path}/${action}`, { method: 'POST' })
      // the test and its results as they now are, then the word that it is done
      // (results that fail to load leave the last ones shown: the start or stop itself went through)
      const results = await api<SplitTestResults>(`${path}/results`).catch(() => null)
      setTest(experiment)
      if (results) setResults(results)
      setOk(action === 'start' ? `${name} is running: new visitors get a variant.` : `${name} has stopped: visitors see the control.`)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'That did not work.')
    }
  }

  async function saveSplit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    fields.clear()
    setError(null)
    setOk(null)
    try {
      setTest((await api<{ experiment: AdminSplitTest }>(path, { method: 'PATCH', body: { split: new FormData(event.currentTarget).get('split') } })).experiment)
      setOk('The split is saved: it applies to new visitors; those assigned keep their variant.')
    } catch (caught) {
      fields.take(caught)
      setError(caught instanceof Error ? caught.message : 'The split could not be saved.')
    }
  }

  const title = `Split test ${name}`
  return (
    <>
      <p>
        <Link to="/experiments">← Split tests</Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      <Notice error={error} ok={ok} />
      {test && (
        <>
          <p>
            Status: <strong>{test.status}</strong> · {test.visitors} visitors · at {test.brands.join(', ')}
          </p>
          {editable && (
            <p className="actions">
              {test.status !== 'running' ? (
                <button type="button" onClick={() => void act('start')}>
                  Start test
                </button>
              ) : (
                <button type="button" onClick={() => void act('stop')}>
                  Stop test
                </button>
              )}
            </p>
          )}
          {editable && (
            <form className="inline-form" onSubmit={(event) => void saveSplit(event)} key={test.split.join(',')}>
              <label htmlFor="split">Split ({test.variants.join(', ')}) in percent</label>
              <input id="split" name="split" defaultValue={test.split.join(',')} {...fields.attrs('split')} />
              <button type="submit">Save split</button>
              {fields.message('split')}
            </form>
          )}
        </>
      )}
      {results && (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading">Results</h2>
          <p className="summary">{results.summary}</p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Results per variant" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Results per variant, from the orders</caption>
              <thead>
                <tr>
                  <th scope="col">Variant</th>
                  <th scope="col">Visitors</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Conversion (95% interval)</th>
                  <th scope="col">Club joins</th>
                  <th scope="col">Revenue per visitor</th>
                  <th scope="col">Average order</th>
                </tr>
              </thead>
              <tbody>
                {results.variants.map((variant) => (
                  <tr key={variant.value}>
                    <th scope="row">{variant.value}</th>
                    <td>{variant.visitors}</td>
                    <td>{variant.orders}</td>
                    <td>
                      {pct(variant.conversion)}{' '}
                      <span className="muted">
                        ({pct(variant.interval.low)} to {pct(variant.interval.high)})
                      </span>
                    </td>
                    <td>{variant.club_joins}</td>
                    <td>
                      {money(variant.revenue_per_visitor)}{' '}
                      <span className="muted">
                        ({money(variant.revenue_per_visitor_interval.low)} to {money(variant.revenue_per_visitor_interval.high)})
                      </span>
                    </td>
                    <td>{money(variant.average_order_value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <ul className="statements">
            {results.comparisons.map((comparison) => (
              <li key={comparison.value}>{comparison.statement}</li>
            ))}
          </ul>
          {showChart ? (
            <Suspense fallback={<p>Loading the chart…</p>}>
              <ResultsChart results={results} />
            </Suspense>
          ) : (
            <button type="button" className="link-button" onClick={() => setShowChart(true)}>
              Show as a chart
            </button>
          )}
        </section>
      )}
    </>
  )
}
