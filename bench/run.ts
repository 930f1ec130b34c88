/**
 * npm run bench: the API's hot reads under load, each beside a trivial Fastify
 * route of the same server in the same run, so the figures read as ratios that
 * hold across machines. Also counts the SQL statements each request makes.
 *
 * Each target is warmed up first (BENCH_WARMUP seconds, not counted: the JIT
 * has compiled every path before anything is measured), then measured in
 * BENCH_ROUNDS rounds taken in turn (health, cart, item, category, health, ...),
 * so a machine whose load drifts during the run weighs on the baseline and the
 * targets alike. A target's req/s is all its requests over all its time; the
 * range beside the ratio is the lowest and highest ratio of single rounds.
 */
import autocannon from 'autocannon'
import { buildApp } from '../apps/server/src/app.ts'
import { openDatabase } from '../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../apps/server/src/db/seed/index.ts'
import { parseEnv } from '../apps/server/src/env.ts'
import { startStore } from '../scripts/store-process.mjs'
import { runPageBench } from './pages.ts'
import { shopperWithCart } from './shopper-store.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3))
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1)

interface Target {
  name: string
  path: string
}

interface Result {
  name: string
  requestsPerSecond: number
  p99: number
  queries: number | null
  /** req/s of each round */
  rounds: number[]
}

interface Round {
  requests: number
  seconds: number
  p99: number
}

async function measure(origin: string, target: Target, cookie: string, duration: number): Promise<Round> {
  const result = await autocannon({
    url: `${origin}${target.path}`,
    connections: CONNECTIONS,
    duration,
    headers: { host: 'localhost', cookie },
  })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  }
  return { requests: result.requests.total, seconds: result.duration, p99: result.latency.p99 }
}

/** SQL statements per request, counted on an in-process copy of the same data. */
async function countQueries(targets: Target[]): Promise<Map<string, number>> {
  const store = openDatabase('sqlite::memory:')
  await migrateToLatest(store.db)
  await seedDatabase(store.db)
  const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent' }), store, webBuildDir: '/nonexistent' })
  // a shopper with a cart: the first line written starts the session
  const category = await app.inject({ method: 'GET', url: '/api/categories/leggings', headers: { host: 'localhost' } })
  const item = (category.json() as { data: { items: { id: number; availableSizes: string[] }[] } }).data.items.find((i) => i.availableSizes.length > 0)!
  const first = await app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `item_id=${item.id}&size=${encodeURIComponent(item.availableSizes[0]!)}&qty=1`,
  })
  const cookie = first.headers['set-cookie']?.toString().split(';')[0] ?? ''
  const counts = new Map<string, number>()
  for (const target of targets) {
    const before = store.queryCount()
    const response = await app.inject({ method: 'GET', url: target.path, headers: { host: 'localhost', cookie } })
    if (response.statusCode !== 200) throw new Error(`${target.path}: ${response.statusCode}`)
    counts.set(target.name, store.queryCount() - before)
  }
  await app.close()
  await store.close()
  return counts
}

function table(rows: Result[], baseline: Result): string {
  const roundRatios = (row: Result) => row.rounds.map((perSecond, i) => perSecond / baseline.rounds[i]!)
  const range = (row: Result) => {
    const ratios = roundRatios(row)
    return ratios.length > 1 ? ` (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})` : ''
  }
  const lines = [
    `| request | req/s | p99 ms | ratio to ${baseline.name} (rounds' range) | SQL queries |`,
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p99.toFixed(1)} | ${(row.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}${range(row)} | ${row.queries ?? '-'} |`,
    ),
  ]
  return lines.join('\n')
}

async function main() {
  const store = await startStore(process.env.BENCH_PORT ? { port: Number(process.env.BENCH_PORT) } : {})
  try {
    const category = (await (await fetch(`${store.origin}/api/categories/leggings`, { headers: { host: 'localhost' } })).json()) as {
      data: { items: { id: number }[] }
    }
    // two lines in the benchmarked cart so the cart read does real work
    const { cookie, itemId } = await shopperWithCart(store.origin)
    const targets: Target[] = [
      { name: 'trivial route (GET /api/health)', path: '/api/health' },
      { name: 'GET /api/cart (2 lines)', path: '/api/cart' },
      { name: `GET /api/items/${itemId}`, path: `/api/items/${itemId}` },
      { name: `GET /api/categories/leggings (${category.data.items.length} items)`, path: '/api/categories/leggings' },
    ]
    const queries = await countQueries(targets)
    if (WARMUP > 0) for (const target of targets) await measure(store.origin, target, cookie, WARMUP)
    const rounds = new Map<Target, Round[]>(targets.map((target) => [target, []]))
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) rounds.get(target)!.push(await measure(store.origin, target, cookie, DURATION))
      console.log(`measured round ${round + 1} of ${ROUNDS}`)
    }
    const results: Result[] = targets.map((target) => {
      const measured = rounds.get(target)!
      const requests = measured.reduce((sum, r) => sum + r.requests, 0)
      const seconds = measured.reduce((sum, r) => sum + r.seconds, 0)
      return {
        name: target.name,
        requestsPerSecond: requests / seconds,
        p99: Math.max(...measured.map((r) => r.p99)),
        queries: target.path === '/api/health' ? 0 : (queries.get(target.name) ?? null),
        rounds: measured.map((r) => r.requests / r.seconds),
      }
    })
    console.log(`\nAPI, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each, taken in turn after a ${WARMUP} s warm-up (SQLite):\n`)
    console.log(table(results, results[0]!))
    // BENCH_PAGES=0: the API part only (no storefront build needed)
    if (process.env.BENCH_PAGES !== '0') await runPageBench(store.origin, { duration: DURATION, connections: CONNECTIONS, itemId, cookie })
  } finally {
    await store.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
