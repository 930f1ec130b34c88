/** The results as bars (recharts, loaded only on the test's page): conversion per variant with its 95% interval. The table beside it says the same. */
import { Bar, BarChart, CartesianGrid, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { SplitTestResults } from '../api.ts'

export default function ResultsChart({ results }: { results: SplitTestResults }) {
  const data = results.variants.map((variant) => ({
    value: variant.value,
    conversion: Number((variant.conversion * 100).toFixed(2)),
    error: [Number(((variant.conversion - variant.interval.low) * 100).toFixed(2)), Number(((variant.interval.high - variant.conversion) * 100).toFixed(2))],
  }))
  return (
    <figure className="chart" aria-label="Conversion per variant, with its 95% interval">
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="value" />
          <YAxis unit="%" />
          <Tooltip formatter={(value) => `${String(value)}%`} />
          <Bar dataKey="conversion" name="Conversion" fill="#2f5d8a">
            <ErrorBar dataKey="error" width={6} strokeWidth={2} stroke="#111" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <figcaption className="muted">Conversion to an order per variant; the whiskers are the 95% intervals.</figcaption>
    </figure>
  )
}
