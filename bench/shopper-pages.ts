/**
 * A shopper's rendered pages only, beside the static file: a quicker loop than
 * `npm run bench` while working on page rendering (no build, no API part).
 *
 *   flock /tmp/bench.lock npx tsx bench/shopper-pages.ts
 *
 * SHOPPER_PROFILE=dir writes a CPU profile of the store into dir (bench/cpu-profile.mjs);
 * SHOPPER_PAGES=item (a comma list of static, home, category, item) loads only those;
 * BENCH_PORT=n starts the store on that port (else any free one).
 */
import autocannon from 'autocannon'
import { startStore } from '../scripts/store-process.mjs'
import { serverCpuMs, shopperWithCart } from './shopper-store.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const profileDir = process.env.SHOPPER_PROFILE
const only = process.env.SHOPPER_PAGES?.split(',')

async function load(origin: string, path: string, cookie?: string) {
  const port = Number(new URL(origin).port)
  const cpuBefore = serverCpuMs(port)
  const result = await autocannon({
    url: `${origin}${path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { host: 'localhost', 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) },
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  const cpuPerRequest = (serverCpuMs(port) - cpuBefore) / result.requests.total
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, cpuPerRequest }
}

const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined
const store = await startStore({ port, env: profileDir ? { NODE_OPTIONS: `--import=${new URL('./cpu-profile.mjs', import.meta.url).href}`, PROF_OUT: profileDir } : {} })
try {
  const { cookie, itemId } = await shopperWithCart(store.origin)
  const html = await (await fetch(`${store.origin}/`, { headers: { host: 'localhost' } })).text()
  const asset = html.match(/\/assets\/[^"]+\.css/)?.[0] ?? '/favicon.svg'
  const pages = [
    { name: 'static', path: asset },
    { name: 'home', path: '/', cookie },
    { name: 'category', path: '/category/leggings', cookie },
    { name: 'item', path: `/item/${itemId}`, cookie },
  ].filter((page) => !only || only.includes(page.name))
  // warm up every page once
  for (const page of pages) await fetch(`${store.origin}${page.path}`, { headers: { host: 'localhost', cookie: page.cookie ?? '' } })
  const rows = []
  for (const page of pages) rows.push({ ...page, ...(await load(store.origin, page.path, page.cookie)) })
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(10)} ${row.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${String(row.p99).padStart(4)} ms  ratio ${(row.requestsPerSecond / rows[0]!.requestsPerSecond).toFixed(3)}  server CPU ${row.cpuPerRequest.toFixed(2)} ms/request`,
    )
  }
} finally {
  await store.stop()
}
