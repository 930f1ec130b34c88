/**
 * Server-rendered pages under load beside a static file of the same server,
 * the JavaScript a first visit to an item page loads, and Lighthouse mobile
 * runs of home, category and item in Debian's Chromium (each page's median of
 * LIGHTHOUSE_RUNS runs).
 */
import { existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { get } from 'node:http'
import autocannon from 'autocannon'

/** GET JSON with a Host header of our choosing (fetch does not let us set Host). */
function getJson(origin: string, path: string, host: string): Promise<unknown> {
  return new Promise((done, fail) => {
    get(`${origin}${path}`, { headers: { host } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        try {
          done(JSON.parse(Buffer.concat(chunks).toString('utf8')))
        } catch (error) {
          fail(error)
        }
      })
    }).on('error', fail)
  })
}

interface PageOptions {
  duration: number
  connections: number
  itemId: number
  /** the session cookie of a shopper with a cart: their pages are personal, never from the page cache */
  cookie: string
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

async function load(origin: string, path: string, options: PageOptions, cookie?: string) {
  const result = await autocannon({
    url: `${origin}${path}`,
    connections: options.connections,
    duration: options.duration,
    headers: { host: 'localhost', 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) },
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99 }
}

/**
 * Scripts a first visit loads: the entry module and every modulepreload, whether
 * written as links or, as the page defers them (apps/web/app/lib/deferred-scripts.ts),
 * listed in the entry script's data-modules; and every module the entry imports.
 */
async function firstVisitJavaScript(origin: string, path: string) {
  const html = await (await fetch(`${origin}${path}`, { headers: { host: 'localhost' } })).text()
  const sources = new Set<string>()
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) sources.add(match[1]!)
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) sources.add(match[1]!)
  for (const match of html.matchAll(/data-modules="([^"]+)"/g)) for (const source of match[1]!.split(/\s+/).filter(Boolean)) sources.add(source)
  for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) sources.add(match[1]!)
  for (const match of html.matchAll(/\bfrom\s*"([^"]+\.js)"/g)) sources.add(match[1]!)
  let raw = 0
  let gzipped = 0
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, origin), { headers: { host: 'localhost' } })).arrayBuffer())
    raw += body.length
    gzipped += gzipSync(body, { level: 9 }).length
  }
  return { files: sources.size, rawKb: raw / 1024, gzipKb: gzipped / 1024 }
}

/** One Lighthouse report's headline figures. */
export interface LighthouseScores {
  url: string
  performance: number
  accessibility: number
  seo: number
  lcpMs: number
  cls: number
  /** The page's main thread from navigation to the end of the trace (see mainThreadTime); absent without the trace. */
  mainThread?: MainThreadTime
}

/**
 * The measured page's main thread, from its navigation to the end of Lighthouse's trace: its tasks' time
 * by the wall clock (what Lighthouse's Total Blocking Time is made of) and their CPU time (the thread's
 * own clock). On a machine of 2 cores, where the browser's other processes, Lighthouse and the store
 * share the cores with the page, a task waits for a core part of its wall time; the two side by side
 * say how much of a run's blocking time was the page's work and how much was waiting.
 * `longestCpuMs` is the longest task by its CPU time.
 */
export interface MainThreadTime {
  wallMs: number
  cpuMs: number
  longestCpuMs: number
}

/** Lighthouse's trace event, with the thread's own clock that Chromium records and Lighthouse's type leaves out. */
type TraceEvent = LighthouseArtifacts['Trace']['traceEvents'][number] & { tdur?: number }

export function mainThreadTime(trace: { traceEvents: TraceEvent[] }, url: string): MainThreadTime | undefined {
  const events = trace.traceEvents
  const navigation = events.find((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame && event.args.data.documentLoaderURL === url)
  if (!navigation) return undefined
  let wall = 0
  let cpu = 0
  let longest = 0
  for (const event of events) {
    if (event.pid !== navigation.pid || event.tid !== navigation.tid || event.ph !== 'X' || event.name !== 'RunTask' || event.ts < navigation.ts) continue
    wall += event.dur
    cpu += event.tdur ?? 0
    longest = Math.max(longest, event.tdur ?? 0)
  }
  return { wallMs: Math.round(wall / 1000), cpuMs: Math.round(cpu / 1000), longestCpuMs: Math.round(longest / 1000) }
}

type RunnerResult = NonNullable<Awaited<ReturnType<typeof import('lighthouse')['default']>>>
export type LighthouseResult = RunnerResult['lhr']
export type LighthouseArtifacts = RunnerResult['artifacts']

/**
 * Lighthouse 12 on each URL in one headless Debian Chromium: mobile form factor,
 * default simulated throttling (150 ms RTT, 1.6 Mbps, 4x CPU). Hands each report
 * to `read` as it comes; null when there is no Chromium. Each page is visited once
 * right before (visit), so it comes from the page cache, and measured in a fresh
 * browser, as a first visit.
 */
export async function lighthouseReports<T>(urls: string[], read: (url: string, lhr: LighthouseResult, artifacts: LighthouseArtifacts) => T | Promise<T>): Promise<T[] | null> {
  if (!existsSync(CHROMIUM)) return null
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const rows: T[] = []
  for (const url of urls) {
    const status = await visit(url)
    if (status !== 200) throw new Error(`${url} answered ${status}`)
    // a run now and then fails to record its trace (NO_NAVSTART): run that page again, up to three times
    for (let attempt = 1; attempt <= 3; attempt++) {
      // a browser of its own (a fresh profile) per page, as the Lighthouse CLI runs: every page is a first
      // visit (Lighthouse clears the HTTP cache between pages of one browser, but not localStorage or cookies)
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, ignoreDefaultFlags: true, chromeFlags: lighthouseChromeFlags(chromeLauncher.Launcher.defaultFlags()) })
      try {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'seo'],
          formFactor: 'mobile',
        })
        const lhr = result?.lhr
        if (!lhr) break
        if (lhr.runtimeError && attempt < 3) continue
        rows.push(await read(url, lhr, result.artifacts))
        break
      } finally {
        chrome.kill()
      }
    }
  }
  return rows
}

/**
 * The Lighthouse CLI's Chromium flags (chrome-launcher's defaults), headless, with two features of
 * the browser's own UI switched off. Headless Chromium 156 is the whole browser with its window
 * hidden, and soon after it starts it loads its WebUI omnibox popups
 * (chrome://omnibox-popup.top-chrome/ and its AI-mode page) in a renderer of their own, which took
 * 14-549 ms of CPU during the measured page's load on this machine's 2 cores. They are not the page,
 * and a phone's browser does not load them.
 */
export function lighthouseChromeFlags(defaults: string[]): string[] {
  const browserUi = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']
  const flags = defaults.map((flag) => (flag.startsWith('--disable-features=') ? `${flag},${browserUi.join(',')}` : flag))
  if (!flags.some((flag) => flag.startsWith('--disable-features='))) flags.push(`--disable-features=${browserUi.join(',')}`)
  return [...flags, '--disable-setuid-sandbox', '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']
}

export function lighthouseScores(url: string, lhr: LighthouseResult, artifacts?: LighthouseArtifacts): LighthouseScores {
  const mainThread = artifacts ? mainThreadTime(artifacts.Trace, lhr.mainDocumentUrl ?? lhr.finalDisplayedUrl) : undefined
  return {
    ...(mainThread ? { mainThread } : {}),
    url,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    lcpMs: Math.round(Number(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)),
    cls: Number(Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
  }
}

/**
 * GET a page of this machine as a cookieless visitor's browser would, so that the
 * next visitor (Lighthouse) gets it from the page cache as every visitor after
 * the first does.
 */
function visit(url: string): Promise<number> {
  const { host, pathname, search, port } = new URL(url)
  return new Promise((done, fail) => {
    get(`http://127.0.0.1:${port}${pathname}${search}`, { headers: { host, accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      response.resume()
      response.on('end', () => done(response.statusCode ?? 0))
    }).on('error', fail)
  })
}

/** Home, main category and its first item of each brand (Chromium resolves *.localhost to this machine). */
export async function lighthousePages(origin: string): Promise<string[]> {
  const port = new URL(origin).port
  const urls: string[] = []
  for (const [host, category] of [
    ['localhost', 'leggings'],
    ['ckb.localhost', 'underwear'],
    ['glow.localhost', 'loungewear'],
  ] as const) {
    const brandOrigin = `http://${host}:${port}`
    const answer = (await getJson(origin, `/api/categories/${category}`, host)) as { data: { items: { id: number }[] } }
    urls.push(`${brandOrigin}/`, `${brandOrigin}/category/${category}`, `${brandOrigin}/item/${answer.data.items[0]!.id}`)
  }
  return urls
}

export async function runPageBench(origin: string, options: PageOptions): Promise<void> {
  const home = await fetch(`${origin}/`, { headers: { host: 'localhost' } })
  if (!home.ok) {
    console.log(`\n(storefront not served: GET / answered ${home.status}; run npm run build first)`)
    return
  }
  const html = await home.text()
  const asset = html.match(/\/assets\/[^"]+\.css/)?.[0] ?? html.match(/\/assets\/[^"]+\.js/)?.[0]
  const pages = [
    { name: `static file (${asset})`, path: asset ?? '/favicon.svg' },
    { name: 'home / (visitor: page cache)', path: '/' },
    { name: 'category /category/leggings (visitor: page cache)', path: '/category/leggings' },
    { name: `item /item/${options.itemId} (visitor: page cache)`, path: `/item/${options.itemId}` },
    { name: 'home / (shopper with a cart: rendered)', path: '/', cookie: options.cookie },
    { name: 'category /category/leggings (shopper with a cart: rendered)', path: '/category/leggings', cookie: options.cookie },
    { name: `item /item/${options.itemId} (shopper with a cart: rendered)`, path: `/item/${options.itemId}`, cookie: options.cookie },
  ]
  const results = []
  for (const page of pages) results.push({ ...page, ...(await load(origin, page.path, options, page.cookie)) })
  const baseline = results[0]!
  console.log(`\nServer-rendered pages, ${options.connections} connections, ${options.duration} s each:\n`)
  console.log('| page | req/s | p99 ms | ratio to static file |')
  console.log('|---|---:|---:|---:|')
  for (const row of results) {
    console.log(`| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p99.toFixed(1)} | ${(row.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)} |`)
  }

  const js = await firstVisitJavaScript(origin, `/item/${options.itemId}`)
  console.log(`\nJavaScript of a first visit to an item page: ${js.files} files, ${js.rawKb.toFixed(1)} kB raw, ${js.gzipKb.toFixed(1)} kB gzipped`)
  // the other pages a first visit lands on, for comparison
  for (const [name, path] of [
    ['home', '/'],
    ['category', '/category/leggings'],
  ] as const) {
    const page = await firstVisitJavaScript(origin, path)
    console.log(`  ${name} (${path}): ${page.files} files, ${page.rawKb.toFixed(1)} kB raw, ${page.gzipKb.toFixed(1)} kB gzipped`)
  }

  if (process.env.BENCH_LIGHTHOUSE === '0') return
  const urls = await lighthousePages(origin)
  // a Lighthouse score moves a few points from one run to the next: LIGHTHOUSE_RUNS rounds over all pages, in turn,
  // and each page's median run (by performance score) is reported, with every run's score beside it
  const runs: LighthouseScores[][] = []
  for (let round = 0; round < LIGHTHOUSE_RUNS; round++) {
    const scores = await lighthouseReports(urls, lighthouseScores)
    if (!scores) {
      console.log('\n(Lighthouse skipped: no Chromium at /usr/bin/chromium)')
      return
    }
    runs.push(scores)
  }
  console.log(`\nLighthouse, mobile, Debian Chromium (each page's median of ${LIGHTHOUSE_RUNS} runs):\n`)
  console.log('| page | performance | runs | accessibility | SEO | LCP ms | CLS | main thread, CPU / wall ms |')
  console.log('|---|---:|---|---:|---:|---:|---:|---:|')
  for (const url of urls) {
    const ofPage = runs.flatMap((round) => round.filter((row) => row.url === url))
    if (ofPage.length === 0) continue
    const row = medianRun(ofPage)
    console.log(
      `| ${row.url} | ${row.performance} | ${ofPage.map((run) => run.performance).join(' / ')} | ${row.accessibility} | ${row.seo} | ${row.lcpMs} | ${row.cls} | ${cpuAndWall(row.mainThread)} |`,
    )
  }
}

/** "CPU / wall" of a run's main thread, e.g. `590 / 1190`, and its longest task by CPU time. */
export function cpuAndWall(time: MainThreadTime | undefined): string {
  return time ? `${time.cpuMs} / ${time.wallMs} (longest ${time.longestCpuMs})` : '-'
}

/** Lighthouse runs per page in `npm run bench` (LIGHTHOUSE_RUNS, 3 unless set). */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))

/** The run in the middle when the runs are ordered by performance score (the lower middle of an even count). */
export function medianRun(runs: LighthouseScores[]): LighthouseScores {
  const sorted = runs.slice().sort((a, b) => a.performance - b.performance)
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}
