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
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { startStore } from '../scripts/store-process.mjs'

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const profileDir = process.env.SHOPPER_PROFILE
const only = process.env.SHOPPER_PAGES?.split(',')

/** CPU time (user + system, ms) the process listening on this port has used. */
function serverCpuMs(port: number): number {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' })
  const pid = /pid=(\d+)/.exec(line)?.[1]
  if (!pid) return Number.NaN
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

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
  const get = (path: string) => fetch(`${store.origin}${path}`, { headers: { host: 'localhost' } })
  const category = (await (await get('/api/categories/leggings')).json()) as { data: { items: { id: number }[] } }
  const itemId = category.data.items[0]!.id
  let cookie = ''
  for (const id of category.data.items.slice(1, 3).map((item) => item.id)) {
    const detail = (await (await get(`/api/items/${id}`)).json()) as { data: { availableSizes: string[] } }
    const added = await fetch(`${store.origin}/api/cart/items`, {
      method: 'POST',
      headers: { host: 'localhost', cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `item_id=${id}&size=${encodeURIComponent(detail.data.availableSizes[0]!)}&qty=1`,
    })
    cookie = added.headers.get('set-cookie')?.split(';')[0] ?? cookie
  }
  const html = await (await get('/')).text()
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
    console.log(`${row.name.padEnd(10)} ${row.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${String(row.p99).padStart(4)} ms  ratio ${(row.requestsPerSecond / rows[0]!.requestsPerSecond).toFixed(3)}  server CPU ${row.cpuPerRequest.toFixed(2)} ms/request`)
  }
} finally {
  await store.stop()
}
