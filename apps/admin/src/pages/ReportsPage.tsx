/**
 * Reports (issue 36 item 6): sales by day, category, item or brand; the checkout funnel with its
 * take rates; sizes running out. The period and the grouping live in the address (a report can be
 * bookmarked and shared); each report downloads as CSV with the same filters. Charts are drawn by
 * a chunk loaded only here, and every figure is in a table too.
 */
import { displaySize } from '@store/core'
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, money, type FunnelReport, type LowStockReport, type SalesReport } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

const BarChart = lazy(() => import('../charts/BarChart.tsx'))

const GROUPINGS = [
  ['day', 'Day'],
  ['category', 'Category'],
  ['item', 'Item'],
  ['brand', 'Brand'],
] as const

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`)
const dollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`

/** Loads one report for the current address; null while loading. */
function useReport<T>(path: string): { report: T | null; error: string | null } {
  const [report, setReport] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    setError(null)
    api<{ report: T }>(path)
      .then((data) => current && setReport(data.report))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : 'The report could not be loaded.'))
    return () => {
      current = false
    }
  }, [path])
  return { report, error }
}

export function ReportsPage() {
  const [params, setParams] = useSearchParams()
  const period = new URLSearchParams([...params].filter(([name]) => name === 'from' || name === 'to'))
  const by = params.get('by') ?? 'day'

  function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const next = new URLSearchParams()
    for (const name of ['from', 'to', 'by']) {
      const value = String(form.get(name) ?? '').trim()
      if (value) next.set(name, value)
    }
    setParams(next)
  }

  return (
    <>
      <PageTitle title="Reports">Reports</PageTitle>
      <form className="filters" onSubmit={choose} key={params.toString()}>
        <div>
          <label htmlFor="from">From</label>
          <input id="from" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        </div>
        <div>
          <label htmlFor="to">To</label>
          <input id="to" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        </div>
        <div>
          <label htmlFor="by">Sales by</label>
          <select id="by" name="by" defaultValue={by}>
            {GROUPINGS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Show</button>
      </form>
      <p className="hint">Without dates, the last 30 days. Days are UTC calendar days.</p>
      <Sales query={`${new URLSearchParams([...period, ['by', by]])}`} />
      <Funnel query={`${period}`} />
      <RunningOut />
    </>
  )
}

function Sales({ query }: { query: string }) {
  const { report, error } = useReport<SalesReport>(`/reports/sales?${query}`)
  const grouping = GROUPINGS.find(([value]) => value === report?.by)?.[1].toLowerCase() ?? 'day'
  const chartRows = report ? (report.by === 'day' ? report.rows : report.rows.slice(0, 15)) : []
  return (
    <section aria-labelledby="sales-heading" className="report">
      <h2 id="sales-heading">Sales by {grouping}</h2>
      <Notice error={error} />
      {report && (
        <>
          <dl className="figures">
            <div>
              <dt>Orders</dt>
              <dd>{report.totals.orders.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Gross sales</dt>
              <dd>{money(report.totals.gross)}</dd>
            </div>
            <div>
              <dt>Refunds</dt>
              <dd>{money(report.totals.refunds)}</dd>
            </div>
            <div>
              <dt>Net sales</dt>
              <dd>{money(report.totals.net)}</dd>
            </div>
            <div>
              <dt>Average order value</dt>
              <dd>{money(report.totals.average_order_value)}</dd>
            </div>
          </dl>
          {chartRows.length > 0 && (
            <Suspense fallback={<p className="loading">Drawing the chart…</p>}>
              <BarChart
                label={`Gross sales by ${grouping}, ${report.period.from} to ${report.period.to}${report.by === 'day' ? '' : ', the first 15'}; the figures are in the table below.`}
                data={chartRows.map((row) => ({ name: report.by === 'day' ? row.key.slice(5) : row.label, value: row.gross }))}
                format={dollars}
                horizontal={report.by !== 'day'}
              />
            </Suspense>
          )}
          <p>
            <a href={`/api/admin/reports/sales.csv?${query}`} download>
              Download sales by {grouping} as CSV
            </a>
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label={`Sales by ${grouping}`} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{grouping[0]?.toUpperCase() + grouping.slice(1)}</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Pieces</th>
                  <th scope="col">Gross</th>
                  <th scope="col">Refunds</th>
                  <th scope="col">Net</th>
                  <th scope="col">Average order</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{report.by === 'item' ? <Link to={`/items/${row.key}`}>{row.label}</Link> : row.label}</th>
                    <td>{row.orders.toLocaleString('en-US')}</td>
                    <td>{row.units.toLocaleString('en-US')}</td>
                    <td>{money(row.gross)}</td>
                    <td>{money(row.refunds)}</td>
                    <td>{money(row.net)}</td>
                    <td>{money(row.average_order_value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {report.rows.length === 0 && <p>No sales in this period.</p>}
        </>
      )}
    </section>
  )
}

function Funnel({ query }: { query: string }) {
  const { report, error } = useReport<FunnelReport>(`/reports/funnel?${query}`)
  const steps = report
    ? [
        { name: 'Checkout started', value: report.checkout_started, rate: null, of: '' },
        { name: 'Paid', value: report.paid, rate: report.paid_rate, of: 'of those who started' },
        { name: 'Order bump taken', value: report.bump_taken, rate: report.bump_rate, of: 'of paid orders' },
        { name: 'One-time offer taken', value: report.offer_taken, rate: report.offer_rate, of: 'of paid orders' },
      ]
    : []
  return (
    <section aria-labelledby="funnel-heading" className="report">
      <h2 id="funnel-heading">Checkout funnel</h2>
      <Notice error={error} />
      {report && (
        <>
          <Suspense fallback={<p className="loading">Drawing the chart…</p>}>
            <BarChart
              label={`Checkout funnel, ${report.period.from} to ${report.period.to}; the figures are in the table below.`}
              data={steps}
              format={(n) => n.toLocaleString('en-US')}
              horizontal
            />
          </Suspense>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Checkout funnel steps" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Step</th>
                  <th scope="col">Shoppers or orders</th>
                  <th scope="col">Take rate</th>
                </tr>
              </thead>
              <tbody>
                {steps.map((step) => (
                  <tr key={step.name}>
                    <th scope="row">{step.name}</th>
                    <td>{step.value.toLocaleString('en-US')}</td>
                    <td>{step.of ? `${percent(step.rate)} ${step.of}` : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <p>
            Average order value: <strong>{money(report.average_order_value)}</strong>.{' '}
            <a href={`/api/admin/reports/funnel.csv?${query}`} download>
              Download the funnel as CSV
            </a>
          </p>
        </>
      )}
    </section>
  )
}

/** The first 50 sizes running out; the CSV has up to 1,000. */
const RUNNING_OUT_SHOWN = 50

function RunningOut() {
  const { me } = useSession()
  const [threshold, setThreshold] = useState(5)
  const { report, error } = useReport<LowStockReport>(`/reports/low-stock?threshold=${threshold}&limit=${RUNNING_OUT_SHOWN}`)
  return (
    <section aria-labelledby="stock-heading" className="report">
      <h2 id="stock-heading">Running out</h2>
      <Notice error={error} />
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault()
          const value = Number(new FormData(event.currentTarget).get('threshold'))
          if (Number.isInteger(value) && value >= 0) setThreshold(value)
        }}
      >
        <div>
          <label htmlFor="threshold">Sizes with at most (pieces)</label>
          <input id="threshold" name="threshold" type="number" min={0} max={1000} defaultValue={threshold} />
        </div>
        <button type="submit">Show</button>
      </form>
      {report && (
        <>
          <p>
            The {RUNNING_OUT_SHOWN} soonest out, at the pace of the last 30 days.{' '}
            <a href={`/api/admin/reports/low-stock.csv?threshold=${report.threshold}&limit=1000`} download>
              Download all as CSV
            </a>
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Sizes running out" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Size</th>
                  <th scope="col">In stock</th>
                  <th scope="col">Sold in 30 days</th>
                  <th scope="col">Days left</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={`${row.item_id}-${row.size}`}>
                    <th scope="row">
                      <Link to={`/items/${row.item_id}`}>
                        {row.name} ({row.color})
                      </Link>
                    </th>
                    <td>{displaySize(row.size, me.brand.id)}</td>
                    <td>{row.stock}</td>
                    <td>{row.sold_30_days}</td>
                    <td>{row.days_of_cover === null ? 'not selling' : row.days_of_cover === 0 ? 'sold out' : row.days_of_cover}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {report.rows.length === 0 && <p>Nothing is running out.</p>}
        </>
      )}
    </section>
  )
}
