/**
 * The club page's charts (recharts, loaded only when the page is opened: ClubPage imports this
 * lazily). Each chart is an image for screen readers, named by its caption; the tables on the
 * page below give every figure as text.
 */
import type { ClubSummary } from '@store/core'
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { STATE_LABELS, STATE_NAMES } from './club-format.ts'

const STATE_COLOURS: Record<string, string> = {
  active: '#1b6e3a',
  skipped: '#6a8fd8',
  paused: '#b58a00',
  overdue: '#c2410c',
  cancelled: '#6b7280',
  lapsed: '#9f1239',
}

function Chart({ caption, children }: { caption: string; children: React.ReactElement }) {
  return (
    <figure className="chart">
      <figcaption>{caption}</figcaption>
      <div role="img" aria-label={`${caption}: chart; the same figures are in the tables below`}>
        <ResponsiveContainer width="100%" height={240}>
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  )
}

export default function ClubCharts({ summary }: { summary: ClubSummary }) {
  const months = summary.months.map((m) => ({
    month: m.month,
    ...Object.fromEntries(STATE_NAMES.map((state) => [state, m.states[state].value])),
    joins: m.joins.value,
    cancels: m.cancels.value,
    lapses: m.lapses.value,
    net: m.net_growth,
    churn: m.churn === null ? null : Math.round(m.churn * 1000) / 10,
    skipRate: m.skip_rate === null ? null : Math.round(m.skip_rate * 1000) / 10,
  }))
  return (
    <div className="charts">
      <Chart caption="Members by state at each month's end">
        <BarChart data={months}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="month" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          {STATE_NAMES.map((state) => (
            <Bar key={state} dataKey={state} name={STATE_LABELS[state]} stackId="states" fill={STATE_COLOURS[state]} />
          ))}
        </BarChart>
      </Chart>
      <Chart caption="Joins, cancels and lapses by month">
        <BarChart data={months}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="month" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="joins" name="Joins" fill="#1b6e3a" />
          <Bar dataKey="cancels" name="Cancels" fill="#6b7280" />
          <Bar dataKey="lapses" name="Lapses" fill="#9f1239" />
        </BarChart>
      </Chart>
      <Chart caption="Churn and skip rate by month (%)">
        <LineChart data={months}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="month" />
          <YAxis unit="%" />
          <Tooltip />
          <Legend />
          <Line dataKey="churn" name="Churn" stroke="#9f1239" connectNulls />
          <Line dataKey="skipRate" name="Skip rate" stroke="#1d4ed8" connectNulls />
        </LineChart>
      </Chart>
    </div>
  )
}
