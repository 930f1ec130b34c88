/**
 * Small SVG charts for the benches' figures (docs/performance/*.svg): a line chart (x and y
 * linear or logarithmic: catalogue sizes of 1,000, 10,000 and 100,000 sit evenly on a log
 * axis) and a grouped bar chart. Plain strings, no DOM: each chart is a file a browser or a
 * Markdown viewer shows as it is. Axis labels carry their units; every point is marked and
 * labelled with its value, so the figure is readable without its table.
 */

interface Point {
  x: number
  y: number
}

interface Series {
  name: string
  points: Point[]
}

interface LineChart {
  title: string
  /** a second, smaller line under the title: what was measured, where */
  subtitle?: string
  xLabel: string
  yLabel: string
  series: Series[]
  logX?: boolean
  logY?: boolean
  width?: number
  height?: number
}

interface BarGroup {
  label: string
  bars: { name: string; value: number }[]
}

interface BarChart {
  title: string
  subtitle?: string
  yLabel: string
  groups: BarGroup[]
  width?: number
  height?: number
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b']
/** the legend sits in the right margin, beside the plot, never over a line */
const MARGIN = { top: 56, right: 210, bottom: 56, left: 72 }
const FONT = 'font-family="system-ui, sans-serif"'

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** 1234 → "1.2k", 2500000 → "2.5M", 0.5 → "0.5": short labels for axes and points. */
function shortNumber(value: number): string {
  const abs = Math.abs(value)
  const trim = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1).replace(/\.0$/, '') : n.toFixed(2).replace(/\.?0+$/, ''))
  if (abs >= 1e9) return `${trim(value / 1e9)}G`
  if (abs >= 1e6) return `${trim(value / 1e6)}M`
  if (abs >= 1e3) return `${trim(value / 1e3)}k`
  return trim(value)
}

/** Round tick steps (1, 2 or 5 times a power of ten) from 0 to at least `max`. */
function linearTicks(max: number, wanted = 5): number[] {
  if (!(max > 0)) return [0, 1]
  const raw = max / wanted
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power
  const ticks: number[] = []
  for (let t = 0; t < max + step * 0.999; t += step) ticks.push(Number(t.toPrecision(12)))
  return ticks
}

/** The powers of ten that cover [min, max]. */
function logTicks(min: number, max: number): number[] {
  // a hair of slack: 100,003 items sit on the 100k line, not under a 1M one
  const from = Math.floor(Math.log10(Math.max(min, Number.MIN_VALUE)) + 0.01)
  const to = Math.ceil(Math.log10(Math.max(max, Number.MIN_VALUE)) - 0.01)
  const ticks: number[] = []
  for (let p = from; p <= Math.max(to, from + 1); p++) ticks.push(10 ** p)
  return ticks
}

interface Axis {
  ticks: number[]
  at(value: number): number
}

function axis(values: number[], log: boolean, from: number, to: number): Axis {
  const positive = values.filter((v) => v > 0)
  if (log && positive.length > 0) {
    const ticks = logTicks(Math.min(...positive), Math.max(...positive))
    const lo = Math.log10(ticks[0]!)
    const hi = Math.log10(ticks[ticks.length - 1]!)
    return { ticks, at: (v) => from + ((Math.log10(Math.max(v, ticks[0]!)) - lo) / (hi - lo)) * (to - from) }
  }
  const ticks = linearTicks(Math.max(0, ...values))
  const hi = ticks[ticks.length - 1]!
  return { ticks, at: (v) => from + (v / hi) * (to - from) }
}

function frame(width: number, height: number, title: string, subtitle: string | undefined, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${MARGIN.left}" y="22" font-size="15" font-weight="600">${escapeXml(title)}</text>`,
    subtitle ? `<text x="${MARGIN.left}" y="40" font-size="12" fill="#555">${escapeXml(subtitle)}</text>` : '',
    ...body,
    '</svg>',
    '',
  ].join('\n')
}

function yAxis(y: Axis, left: number, right: number, label: string, height: number): string[] {
  const out = y.ticks.map(
    (t) =>
      `<line x1="${left}" x2="${right}" y1="${y.at(t).toFixed(1)}" y2="${y.at(t).toFixed(1)}" stroke="#e3e3e3"/>` +
      `<text x="${left - 6}" y="${(y.at(t) + 4).toFixed(1)}" text-anchor="end" fill="#444">${shortNumber(t)}</text>`,
  )
  const middle = (MARGIN.top + height - MARGIN.bottom) / 2
  out.push(`<text transform="translate(16 ${middle}) rotate(-90)" text-anchor="middle" fill="#222">${escapeXml(label)}</text>`)
  return out
}

function legend(names: string[], width: number): string[] {
  return names.map((name, i) => {
    const y = MARGIN.top + 4 + i * 16
    const x = width - MARGIN.right + 16
    return `<rect x="${x}" y="${y - 9}" width="12" height="10" fill="${COLOURS[i % COLOURS.length]}"/><text x="${x + 17}" y="${y}" fill="#222">${escapeXml(name)}</text>`
  })
}

/** A line per series, each point marked with its value. */
export function lineChart(chart: LineChart): string {
  const width = chart.width ?? 760
  const height = chart.height ?? 380
  const all = chart.series.flatMap((s) => s.points)
  const x = axis(
    all.map((p) => p.x),
    chart.logX ?? false,
    MARGIN.left,
    width - MARGIN.right,
  )
  const y = axis(
    all.map((p) => p.y),
    chart.logY ?? false,
    height - MARGIN.bottom,
    MARGIN.top,
  )
  const body = yAxis(y, MARGIN.left, width - MARGIN.right, chart.yLabel, height)
  for (const t of x.ticks) {
    body.push(
      `<line x1="${x.at(t).toFixed(1)}" x2="${x.at(t).toFixed(1)}" y1="${height - MARGIN.bottom}" y2="${height - MARGIN.bottom + 5}" stroke="#444"/>` +
        `<text x="${x.at(t).toFixed(1)}" y="${height - MARGIN.bottom + 18}" text-anchor="middle" fill="#444">${shortNumber(t)}</text>`,
    )
  }
  body.push(`<line x1="${MARGIN.left}" x2="${width - MARGIN.right}" y1="${height - MARGIN.bottom}" y2="${height - MARGIN.bottom}" stroke="#444"/>`)
  body.push(`<text x="${(MARGIN.left + width - MARGIN.right) / 2}" y="${height - 14}" text-anchor="middle" fill="#222">${escapeXml(chart.xLabel)}</text>`)
  chart.series.forEach((series, i) => {
    const colour = COLOURS[i % COLOURS.length]
    const points = [...series.points].sort((a, b) => a.x - b.x)
    body.push(`<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points.map((p) => `${x.at(p.x).toFixed(1)},${y.at(p.y).toFixed(1)}`).join(' ')}"/>`)
    points.forEach((p, n) => {
      // the last point's label to its left, clear of the legend
      const last = n === points.length - 1 && n > 0
      body.push(
        `<circle cx="${x.at(p.x).toFixed(1)}" cy="${y.at(p.y).toFixed(1)}" r="3.5" fill="${colour}"/>` +
          `<text x="${(x.at(p.x) + (last ? -6 : 5)).toFixed(1)}" y="${(y.at(p.y) - 6).toFixed(1)}" fill="${colour}" font-size="11"${last ? ' text-anchor="end"' : ''}>${shortNumber(p.y)}</text>`,
      )
    })
  })
  const names = chart.series.map((s) => s.name)
  body.push(...legend(names, width))
  return frame(width, height, chart.title, chart.subtitle, body)
}

/** Bars side by side in each group (one colour per bar name), each labelled with its value. */
export function barChart(chart: BarChart): string {
  const width = chart.width ?? 760
  const height = chart.height ?? 380
  const names = [...new Set(chart.groups.flatMap((g) => g.bars.map((b) => b.name)))]
  const y = axis(
    chart.groups.flatMap((g) => g.bars.map((b) => b.value)),
    false,
    height - MARGIN.bottom,
    MARGIN.top,
  )
  const body = yAxis(y, MARGIN.left, width - MARGIN.right, chart.yLabel, height)
  const groupWidth = (width - MARGIN.left - MARGIN.right) / Math.max(1, chart.groups.length)
  const barWidth = Math.min(60, (groupWidth * 0.7) / Math.max(1, names.length))
  chart.groups.forEach((group, g) => {
    const start = MARGIN.left + g * groupWidth + (groupWidth - barWidth * names.length) / 2
    group.bars.forEach((bar) => {
      const i = names.indexOf(bar.name)
      const left = start + i * barWidth
      const top = y.at(bar.value)
      body.push(
        `<rect x="${left.toFixed(1)}" y="${top.toFixed(1)}" width="${(barWidth - 4).toFixed(1)}" height="${(height - MARGIN.bottom - top).toFixed(1)}" fill="${COLOURS[i % COLOURS.length]}"/>` +
          `<text x="${(left + (barWidth - 4) / 2).toFixed(1)}" y="${(top - 4).toFixed(1)}" text-anchor="middle" font-size="11" fill="#222">${shortNumber(bar.value)}</text>`,
      )
    })
    body.push(`<text x="${(MARGIN.left + (g + 0.5) * groupWidth).toFixed(1)}" y="${height - MARGIN.bottom + 18}" text-anchor="middle" fill="#222">${escapeXml(group.label)}</text>`)
  })
  body.push(`<line x1="${MARGIN.left}" x2="${width - MARGIN.right}" y1="${height - MARGIN.bottom}" y2="${height - MARGIN.bottom}" stroke="#444"/>`)
  body.push(...legend(names, width))
  return frame(width, height, chart.title, chart.subtitle, body)
}
