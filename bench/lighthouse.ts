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
 * LIGHTHOUSE_JSON=dir writes each full report and its trace there; LIGHTHOUSE_SIMULATION=0 leaves out
 * the simulated LCP graph. LIGHTHOUSE_RUNS=n measures the pages n rounds in turn and ends with each
 * page's median run and every run's score (as `npm run bench` reports them); BENCH_PORT=n serves the
 * store on that port.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startStore } from '../scripts/store-process.mjs'
import { cpuAndWall, lighthousePages, lighthouseReports, lighthouseScores, medianRun, type LighthouseArtifacts, type LighthouseResult, type LighthouseScores } from './pages.ts'

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

  const longTasks = table(lhr, 'long-tasks')
  if (longTasks?.items.length) {
    lines.push(
      `  long tasks (simulated): ${longTasks.items
        .slice(0, 8)
        .map((row) => `${shortUrl(row.url)} ${ms(row.duration)} at ${ms(row.startTime)}`)
        .join('; ')}`,
    )
  }
  const work = table(lhr, 'mainthread-work-breakdown')
  if (work?.items.length) lines.push(`  main thread: ${work.items.map((row) => `${String(row.groupLabel ?? row.group)} ${ms(row.duration)}`).join(', ')}`)

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

interface SimulatedNode {
  type: string
  request?: { url: string; resourceType?: string; priority: string; transferSize: number }
}

/**
 * Lighthouse's own simulation of the LCP (lantern), node by node: the network
 * requests of the pessimistic graph with their simulated start and end, and the
 * CPU time it counted, so one sees what the simulated LCP waited for.
 */
export async function simulatedLcp(lhr: LighthouseResult, artifacts: LighthouseArtifacts): Promise<string[]> {
  const { LanternLargestContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js')
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  }
  const result = (await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings: lhr.configSettings })) as {
    timing: number
    optimisticEstimate: { timeInMs: number; nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }> }
    pessimisticEstimate: { timeInMs: number; nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }> }
  }
  const lines = [
    `  simulated LCP ${ms(result.timing)} = mean of optimistic ${ms(result.optimisticEstimate.timeInMs)} and pessimistic ${ms(result.pessimisticEstimate.timeInMs)}; pessimistic graph:`,
  ]
  let cpu = 0
  const rows = [...result.pessimisticEstimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)
  for (const [node, timing] of rows) {
    if (node.type !== 'network' || !node.request) {
      cpu += timing.endTime - timing.startTime
      continue
    }
    const request = node.request
    lines.push(
      `    ${String(request.resourceType).padEnd(10)} ${request.priority.padEnd(8)} ${kb(request.transferSize).padStart(9)}  ${ms(timing.startTime).padStart(7)}-${ms(timing.endTime).padStart(7)}  ${shortUrl(request.url)}`,
    )
  }
  lines.push(`    + CPU ${ms(cpu)} (simulated, summed)`)
  return lines
}

async function main() {
  const filter = process.argv[2]
  const rounds = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1))
  const store = await startStore(process.env.BENCH_PORT ? { port: Number(process.env.BENCH_PORT) } : {})
  try {
    const urls = (await lighthousePages(store.origin)).filter((url) => !filter || url.includes(filter))
    const outDir = process.env.LIGHTHOUSE_JSON
    if (outDir) mkdirSync(outDir, { recursive: true })
    const all: LighthouseScores[] = []
    for (let round = 1; round <= rounds; round++) {
      const rows = await lighthouseReports(urls, async (url, lhr, artifacts) => {
        const scores = lighthouseScores(url, lhr, artifacts)
        console.log(`\n${url}: performance ${scores.performance}, accessibility ${scores.accessibility}, SEO ${scores.seo}, LCP ${scores.lcpMs} ms, CLS ${scores.cls}`)
        console.log(`  main thread, CPU / wall ms: ${cpuAndWall(scores.mainThread)}`)
        for (const line of describe(lhr)) console.log(line)
        if (process.env.LIGHTHOUSE_SIMULATION !== '0') {
          try {
            for (const line of await simulatedLcp(lhr, artifacts)) console.log(line)
          } catch (error) {
            console.log(`  (no simulated LCP: ${String(error)})`)
          }
        }
        if (outDir) {
          const name = `${new URL(url).host}${new URL(url).pathname.replaceAll('/', '_')}${rounds > 1 ? `.${round}` : ''}`
          writeFileSync(join(outDir, `${name}.json`), JSON.stringify(lhr))
          writeFileSync(join(outDir, `${name}.trace.json`), JSON.stringify(artifacts.Trace))
        }
        return scores
      })
      if (!rows) throw new Error('no Chromium at /usr/bin/chromium')
      all.push(...rows)
    }
    console.log(`\n| page | performance${rounds > 1 ? ` (median of ${rounds}) | runs` : ''} | accessibility | SEO | LCP ms | CLS | main thread, CPU / wall ms |`)
    console.log(`|---|---:|${rounds > 1 ? '---|' : ''}---:|---:|---:|---:|---:|`)
    for (const url of urls) {
      const ofPage = all.filter((row) => row.url === url)
      if (ofPage.length === 0) continue
      const row = medianRun(ofPage)
      const runs = rounds > 1 ? ` ${ofPage.map((run) => run.performance).join(' / ')} |` : ''
      console.log(`| ${row.url} | ${row.performance} |${runs} ${row.accessibility} | ${row.seo} | ${row.lcpMs} | ${row.cls} | ${cpuAndWall(row.mainThread)} |`)
    }
  } finally {
    await store.stop()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
