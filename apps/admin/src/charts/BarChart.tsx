/**
 * A bar chart drawn by recharts, loaded only when a page shows one (React.lazy: its code is a chunk
 * of its own, fetched by the operator's browser, never by a shopper's). The figures are always in a
 * table beside it: the chart is a picture of the table, named for screen readers, not a replacement.
 */
import { Bar, BarChart as Chart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

export interface BarChartProps {
  /** what the picture shows, read by screen readers ("Gross sales by day, November 1 to 30") */
  label: string
  data: { name: string; value: number }[]
  /** how a value reads on the axis and in the tooltip ('$1,234' or '12') */
  format: (value: number) => string
  /** horizontal bars for long names (categories, items) */
  horizontal?: boolean
}

export default function BarChart({ label, data, format, horizontal = false }: BarChartProps) {
  const height = horizontal ? Math.max(160, data.length * 28 + 40) : 260
  return (
    <figure className="chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={height}>
        <Chart data={data} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e3e3e3" />
          {horizontal ? (
            <>
              <XAxis type="number" tickFormatter={format} fontSize={12} />
              <YAxis type="category" dataKey="name" width={150} fontSize={12} interval={0} />
            </>
          ) : (
            <>
              <XAxis dataKey="name" fontSize={12} minTickGap={12} />
              <YAxis tickFormatter={format} fontSize={12} width={64} />
            </>
          )}
          <Tooltip formatter={(value) => format(Number(value))} />
          <Bar dataKey="value" fill="#2d5bd7" isAnimationActive={false} />
        </Chart>
      </ResponsiveContainer>
    </figure>
  )
}
