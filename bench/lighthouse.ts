/**
 * Lighthouse in detail on the nine pages of the bench (home, main category and
 * first item of each brand), one line of figures per page and then what the
 * LCP waited for: the LCP element, its phases, render-blocking resources, the
 * layout shifts, and the requests that ended before the LCP (Lighthouse's
 * simulation counts every one of them, low-priority images aside, in the LCP).
 *
 *   npm run build
 *   flock /tmp/bench.lock npx tsx --conditions=@store/source bench/lighthouse.ts [filter]
 *
 * `filter` keeps the pages whose URL contains it (e.g. `ckb` or `/item/`).
 * LIGHTHOUSE_JSON=dir writes each full report there.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startStore } from '../scripts/store-process.mjs'
import { lighthousePages, lighthouseReports, lighthouseScores, type LighthouseResult, type LighthouseScores } from './pages.ts'

interface TableDetails {
  type: 'table'
  items: Record<string, unknown>[]
  debugData?: Record<string, unknown>
}

function table(lhr: LighthouseResult, audit: string): TableDetails | undefined {
  const details = lhr.audits[audit]?.details as { type: string; items?: unknown[] } | undefined
  if (!details) return undefined
  if (details.type === 'table') return details as TableDetails
  // debugdata (metrics): its first item as a one-row table
  if (details.type === 'debugdata') return { type: 'table', items: (details.items ?? []) as Record<string, unknown>[] }
  // list details (largest-contentful-paint-element): the first table
  if (details.type === 'list') return details.items?.[0] as TableDetails | undefined
  return undefined
}

function ms(value: unknown): string {
  return typeof value === 'number' ? `${Math.round(value)} ms` : '-'
}

function kb(bytes: unknown): string {
  return typeof bytes === 'number' ? `${(bytes / 1024).toFixed(1)} kB` : '-'
}

function shortUrl(url: unknown): string {
  if (typeof url !== 'string') return String(url)
  try {
    const parsed = new URL(url)
    return parsed.pathname + parsed.search
  } catch {
    return url.slice(0, 80)
  }
}

interface NodeValue {
  selector?: string
  snippet?: string
  nodeLabel?: string
}

export function describe(lhr: LighthouseResult): string[] {
  const lines: string[] = []
  const element = table(lhr, 'largest-contentful-paint-element')
  const node = element?.items[0]?.node as NodeValue | undefined
  lines.push(`  LCP element: ${node?.snippet ?? '-'}  (${node?.selector ?? ''})`)

  const phasesDetails = (lhr.audits['largest-contentful-paint-element']?.details as { items?: TableDetails[] } | undefined)?.items?.[1]
  if (phasesDetails) lines.push(`  LCP phases: ${phasesDetails.items.map((row) => `${String(row.phase)} ${ms(row.timing)}`).join(', ')}`)

  const metrics = table(lhr, 'metrics')?.items[0] ?? {}
  lines.push(
    `  simulated: FCP ${ms(metrics.firstContentfulPaint)}, LCP ${ms(metrics.largestContentfulPaint)}, TBT ${ms(metrics.totalBlockingTime)}, SI ${ms(metrics.speedIndex)}; observed FCP ${ms(metrics.observedFirstContentfulPaint)}, LCP ${ms(metrics.observedLargestContentfulPaint)}`,
  )
  const scored = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
  lines.push(`  metric scores: ${scored.map((id) => `${id} ${lhr.audits[id]?.score ?? '-'}`).join(', ')}`)

  const blocking = table(lhr, 'render-blocking-insight') ?? table(lhr, 'render-blocking-resources')
  if (blocking?.items.length) {
    lines.push(`  render-blocking: ${blocking.items.map((row) => `${shortUrl(row.url)} ${kb(row.totalBytes)} ${ms(row.wastedMs)}`).join('; ')}`)
  }

  const shifts = table(lhr, 'layout-shifts')
  if (shifts?.items.length) {
    for (const row of shifts.items) lines.push(`  layout shift ${Number(row.score).toFixed(4)}: ${(row.node as NodeValue | undefined)?.snippet ?? '-'}`)
  }

  // requests that ended before the observed LCP: all of them (low-priority images aside) are in the simulated LCP graph
  const requests = table(lhr, 'network-requests')
  const networkStartTs = Number(requests?.debugData?.networkStartTimeTs ?? 0)
  const observedLcpTs = Number(metrics.observedLargestContentfulPaintTs ?? 0)
  const lcpAt = (observedLcpTs - networkStartTs) / 1000
  if (requests) {
    let bytes = 0
    let count = 0
    lines.push(`  requests ended before the observed LCP (${ms(lcpAt)} after the first request):`)
    for (const row of requests.items) {
      const end = Number(row.networkEndTime)
      if (!(end <= lcpAt)) continue
      const lowImage = row.resourceType === 'Image' && (row.priority === 'Low' || row.priority === 'VeryLow')
      if (!lowImage) {
        bytes += Number(row.transferSize ?? 0)
        count += 1
      }
      lines.push(
        `    ${lowImage ? '(low image) ' : ''}${String(row.resourceType).padEnd(10)} ${String(row.priority).padEnd(8)} ${kb(row.transferSize).padStart(9)}  ${ms(row.networkRequestTime).padStart(7)}-${ms(row.networkEndTime).padStart(7)}  ${shortUrl(row.url)}`,
      )
    }
    const after = requests.items.filter((row) => !(Number(row.networkEndTime) <= lcpAt))
    const laterBytes = after.reduce((sum, row) => sum + Number(row.transferSize ?? 0), 0)
    lines.push(`    = ${count} requests, ${kb(bytes)} in the LCP graph; ${after.length} requests (${kb(laterBytes)}) ended later`)
  }
  return lines
}

async function main() {
  const filter = process.argv[2]
  const store = await startStore()
  try {
    const urls = (await lighthousePages(store.origin)).filter((url) => !filter || url.includes(filter))
    const outDir = process.env.LIGHTHOUSE_JSON
    if (outDir) mkdirSync(outDir, { recursive: true })
    const rows = await lighthouseReports(urls, (url, lhr) => {
      const scores = lighthouseScores(url, lhr)
      console.log(`\n${url}: performance ${scores.performance}, accessibility ${scores.accessibility}, SEO ${scores.seo}, LCP ${scores.lcpMs} ms, CLS ${scores.cls}`)
      for (const line of describe(lhr)) console.log(line)
      if (outDir) writeFileSync(join(outDir, `${new URL(url).host}${new URL(url).pathname.replaceAll('/', '_')}.json`), JSON.stringify(lhr))
      return scores
    })
    if (!rows) throw new Error('no Chromium at /usr/bin/chromium')
    console.log('\n| page | performance | accessibility | SEO | LCP ms | CLS |')
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const row of rows as LighthouseScores[]) console.log(`| ${row.url} | ${row.performance} | ${row.accessibility} | ${row.seo} | ${row.lcpMs} | ${row.cls} |`)
  } finally {
    await store.stop()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
