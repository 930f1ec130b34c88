/**
 * npm run bench:checkout: the shopper's three database paths on SQLite (a file, WAL) and on
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) in one run, through the API in-process
 * (Fastify inject: the whole request pipeline, no sockets), CONNECTIONS shoppers at once:
 *
 * - GET /api/cart of a two-line cart (the same shopper's, over and over);
 * - POST /api/cart/items by a new visitor (a session, a cart and its first line made);
 * - POST /api/checkout alone: each round first adds one item and gets a test token (not timed), then
 *   checks out with a new Idempotency-Key.
 *
 * Both databases are open at once and the rounds alternate between them (all three paths on SQLite,
 * then on PostgreSQL, BENCH_ROUNDS times), so load that drifts weighs on both alike. Each path is
 * measured on its own (BENCH_SECONDS each) after a warm-up; per path: requests per
 * second, p50 and p99 of the request, its SQL statements and transactions (begin ... commit, one
 * request counted alone after the others' warm-up: a cache one of them emptied, or the settings'
 * 30 s, shows as a statement more than db/shopper-round-trips.test.ts holds), and the CPU time a request costs: the store's
 * process and, on PostgreSQL, the database's backends serving it (read from /proc: the machine's
 * load moves the wall-clock figures far more than it moves these), and how many requests waited for
 * a connection of PostgreSQL's pool, on average. The last table is PostgreSQL's figure over
 * SQLite's: issue 38 item 8 asks each within twice SQLite's (docs/performance.md, "PostgreSQL").
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { type Backends, type BenchDatabase, onBothDatabases } from './lib/databases.ts'
import { buildApp } from '../apps/server/src/app.ts'
import type { StoreDb } from '../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../apps/server/src/db/seed/index.ts'
import { parseEnv } from '../apps/server/src/env.ts'
import { watchedPools } from '../apps/server/src/operations/metrics.ts'

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1))

const ADDRESS = {
  email: 'bench@example.com',
  shipping_name: 'Bench Shopper',
  shipping_country: 'US',
  shipping_address: '1 Load Lane',
  shipping_city: 'Austin',
  shipping_state: 'TX',
  shipping_zip: '78701',
  shipping_phone: '5125550100',
  billing_same: 'true',
}

const host = 'localhost'
const form = { 'content-type': 'application/x-www-form-urlencoded' }

function cookieOf(response: { cookies: { name: string; value: string }[] }, previous: string): string {
  const sid = response.cookies.find((cookie) => cookie.name === 'sid')
  return sid ? `sid=${sid.value}` : previous
}

/**
 * Each shopper loop comes from its own address (documentation range 198.18.0.0/15), as shoppers
 * do: the cart writes' per-address limit (accounts/request-limits.ts) is far above one shopper's
 * pace but below a whole bench's from one address.
 */
let shoppers = 0
const newAddress = () => {
  shoppers += 1
  return `198.18.${(shoppers >> 8) & 255}.${shoppers & 255}`
}

function expectOk(what: string, response: { statusCode: number; body: string }) {
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`)
}

/** A timed request: what it answered and how long it took. */
type Timed = () => Promise<number>

function addToNewCart(app: FastifyInstance, itemId: number, size: string, remoteAddress: string): Timed {
  return async () => {
    const started = performance.now()
    const added = await app.inject({ method: 'POST', url: '/api/cart/items', remoteAddress, headers: { host, ...form }, payload: `item_id=${itemId}&size=${size}&qty=1` })
    const ms = performance.now() - started
    expectOk('add to cart', added)
    return ms
  }
}

function checkout(app: FastifyInstance, itemId: number, size: string, remoteAddress: string): Timed {
  return async () => {
    const added = await app.inject({ method: 'POST', url: '/api/cart/items', remoteAddress, headers: { host, ...form }, payload: `item_id=${itemId}&size=${size}&qty=1` })
    expectOk('add to cart', added)
    const cookie = cookieOf(added, '')
    const year = new Date().getFullYear() + 2
    const token = await app.inject({
      method: 'POST',
      url: '/api/payments/test-tokens',
      remoteAddress,
      headers: { host, cookie, ...form },
      payload: `number=4242424242424242&cvc=123&exp_month=12&exp_year=${year}`,
    })
    expectOk('test token', token)
    const body = new URLSearchParams({ ...ADDRESS, payment_token: token.json().data.token }).toString()
    const started = performance.now()
    const placed = await app.inject({ method: 'POST', url: '/api/checkout', remoteAddress, headers: { host, cookie, ...form, 'idempotency-key': randomUUID() }, payload: body })
    const ms = performance.now() - started
    expectOk('checkout', placed)
    return ms
  }
}

function cartRead(app: FastifyInstance, cookie: string): Timed {
  return async () => {
    const started = performance.now()
    const response = await app.inject({ method: 'GET', url: '/api/cart', headers: { host, cookie } })
    const ms = performance.now() - started
    expectOk('cart', response)
    return ms
  }
}

interface Figures {
  perSecond: number
  p50: number
  p99: number
  /** CPU ms per request, the store's process */
  serverCpu: number
  /** CPU ms per request, PostgreSQL's backends of this store (0 on SQLite: it runs in the store's process) */
  databaseCpu: number
  /** requests waiting for a pool connection, on average over the loop (PostgreSQL's pool; 0 on SQLite) */
  poolWaiting: number
}

/** Requests waiting for a connection of the PostgreSQL pools, sampled every 5 ms while `run` runs: their mean. */
async function poolWaitingDuring(run: () => Promise<void>): Promise<number> {
  let samples = 0
  let waiting = 0
  const timer = setInterval(() => {
    samples += 1
    for (const pool of watchedPools) waiting += pool.waitingCount
  }, 5)
  try {
    await run()
  } finally {
    clearInterval(timer)
  }
  return samples === 0 ? 0 : waiting / samples
}

/** CPU seconds a process has used (utime + stime of /proc/<pid>/stat), 0 once it is gone. */
function processCpu(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** The CPU seconds of the PostgreSQL backends serving this store, by pid. */
async function backendCpu(backends: Backends): Promise<Map<number, number>> {
  return new Map((await backends()).map((pid) => [pid, processCpu(pid)]))
}

/** CONNECTIONS loops of `make()`'s request (one per loop: its own shopper) for DURATION_MS. */
async function loop(backends: Backends, make: () => Timed, durationMs = DURATION_MS): Promise<Figures> {
  const latencies: number[] = []
  const backendsBefore = await backendCpu(backends)
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const deadline = started + durationMs
  const poolWaiting = await poolWaitingDuring(async () => {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const run = make()
        while (performance.now() < deadline) latencies.push(await run())
      }),
    )
  })
  const elapsed = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  let database = 0
  // a backend started during the loop counts from 0; one that ended is not counted (the pool keeps them)
  for (const [pid, after] of await backendCpu(backends)) database += after - (backendsBefore.get(pid) ?? 0)
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  const n = Math.max(1, latencies.length)
  return { perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), serverCpu: (cpu.user + cpu.system) / 1000 / n, databaseCpu: (database * 1000) / n, poolWaiting }
}

interface Counted {
  statements: number
  transactions: number
}

/** The statements and transactions of one request (the caches warm), counted alone. */
async function counted(store: StoreDb, run: () => Promise<unknown>): Promise<Counted> {
  const seen: string[] = []
  const stop = store.watchQueries((sql) => seen.push(sql))
  try {
    await run()
  } finally {
    stop()
  }
  const transactions = seen.filter((sql) => /^\s*begin\b/i.test(sql)).length
  // begin and commit are counted by the driver as statements on PostgreSQL only: leave them out, to compare
  const statements = seen.filter((sql) => !/^\s*(begin|commit|rollback)\b/i.test(sql)).length
  return { statements, transactions }
}

interface PathFigures extends Figures, Counted {
  name: string
}

const PATH_NAMES = { cart: 'GET /api/cart (2 lines)', add: 'POST /api/cart/items (new cart)', checkout: 'POST /api/checkout' } as const
type PathKey = keyof typeof PATH_NAMES
const PATH_KEYS = Object.keys(PATH_NAMES) as PathKey[]

/** A database's store made ready for the bench: its paths warm and counted; `round` measures each path once. */
async function readyOn({ label, store, backends }: BenchDatabase) {
  await migrateToLatest(store.db)
  await seedDatabase(store.db)
  const item = await store.db
    .selectFrom('item_sizes')
    .innerJoin('items', 'items.id', 'item_sizes.item_id')
    .select(['items.id', 'item_sizes.size'])
    .where('items.brand_id', '=', 'popfitclothing')
    .where('items.vip_exclusive', '=', 0)
    .where('items.active', '=', 1)
    .where('item_sizes.stock', '>', 5)
    .orderBy('items.id')
    .limit(2)
    .execute()
  const [first, second] = item
  if (!first || !second) throw new Error('the seed has no two items in stock')
  // every shopper buys the same size: the hottest row there is
  await store.db.updateTable('item_sizes').set({ stock: 10_000_000 }).where('item_id', '=', first.id).where('size', '=', first.size).execute()
  const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', OUTBOX_INTERVAL_MS: '0' }), store, webBuildDir: '/nonexistent' })
  await app.ready()
  // the two-line cart
  const one = await app.inject({ method: 'POST', url: '/api/cart/items', headers: { host, ...form }, payload: `item_id=${first.id}&size=${first.size}&qty=1` })
  const cookie = cookieOf(one, '')
  expectOk('add', await app.inject({ method: 'POST', url: '/api/cart/items', headers: { host, cookie, ...form }, payload: `item_id=${second.id}&size=${second.size}&qty=1` }))
  const paths: Record<PathKey, () => Timed> = {
    cart: () => cartRead(app, cookie),
    add: () => addToNewCart(app, first.id, first.size, newAddress()),
    checkout: () => checkout(app, first.id, first.size, newAddress()),
  }
  // warm every path (caches, JIT), then count one request of each
  for (const make of Object.values(paths)) await loop(backends, make, 300)
  const counts: Record<PathKey, Counted> = {
    cart: await counted(store, () => paths.cart()()),
    add: await counted(store, () => paths.add()()),
    checkout: await countedCheckout(app, store, first.id, first.size),
  }
  const rounds: Record<PathKey, Figures[]> = { cart: [], add: [], checkout: [] }
  return {
    async round() {
      for (const key of PATH_KEYS) rounds[key].push(await loop(backends, paths[key]))
    },
    result() {
      const rows: PathFigures[] = PATH_KEYS.map((key) => {
        const measured = rounds[key]
        const median = (pick: (f: Figures) => number) => measured.map(pick).sort((a, b) => a - b)[Math.floor(measured.length / 2)]!
        return {
          name: PATH_NAMES[key],
          perSecond: median((f) => f.perSecond),
          p50: median((f) => f.p50),
          p99: median((f) => f.p99),
          serverCpu: median((f) => f.serverCpu),
          databaseCpu: median((f) => f.databaseCpu),
          poolWaiting: median((f) => f.poolWaiting),
          ...counts[key],
        }
      })
      return { name: label, rows }
    },
    async close() {
      await app.close()
      await store.close()
    },
  }
}

/** One checkout's statements (its add and token made first, not counted). */
async function countedCheckout(app: FastifyInstance, store: StoreDb, itemId: number, size: string): Promise<Counted> {
  const remoteAddress = newAddress()
  const added = await app.inject({ method: 'POST', url: '/api/cart/items', remoteAddress, headers: { host, ...form }, payload: `item_id=${itemId}&size=${size}&qty=1` })
  const cookie = cookieOf(added, '')
  const year = new Date().getFullYear() + 2
  const token = await app.inject({
    method: 'POST',
    url: '/api/payments/test-tokens',
    remoteAddress,
    headers: { host, cookie, ...form },
    payload: `number=4242424242424242&cvc=123&exp_month=12&exp_year=${year}`,
  })
  const body = new URLSearchParams({ ...ADDRESS, payment_token: token.json().data.token }).toString()
  return counted(store, async () =>
    expectOk(
      'checkout',
      await app.inject({ method: 'POST', url: '/api/checkout', remoteAddress, headers: { host, cookie, ...form, 'idempotency-key': randomUUID() }, payload: body }),
    ),
  )
}

async function main() {
  const results = await onBothDatabases('checkout', async (databases) => {
    const benches: Awaited<ReturnType<typeof readyOn>>[] = []
    try {
      for (const database of databases) benches.push(await readyOn(database))
      // each round on each database in turn: load that drifts weighs on both
      for (let round = 0; round < ROUNDS; round++) for (const bench of benches) await bench.round()
      return benches.map((bench) => bench.result())
    } finally {
      for (const bench of benches) await bench.close()
    }
  })
  console.log(`\n${CONNECTIONS} shoppers at once, ${DURATION_MS / 1000} s per path, median of ${ROUNDS} round(s), in-process:\n`)
  console.log('| database | request | req/s | p50 ms | p99 ms | CPU ms/request (store + PostgreSQL) | waiting for the pool | statements | transactions |')
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|')
  for (const result of results) {
    for (const row of result.rows) {
      console.log(
        `| ${result.name} | ${row.name} | ${row.perSecond.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${(row.serverCpu + row.databaseCpu).toFixed(2)} (${row.serverCpu.toFixed(2)} + ${row.databaseCpu.toFixed(2)}) | ${row.poolWaiting.toFixed(2)} | ${row.statements} | ${row.transactions} |`,
      )
    }
  }
  const [sqlite, postgres] = results
  if (sqlite && postgres) {
    console.log('\n| request | SQLite/PostgreSQL req/s (goal <= 2) | PostgreSQL/SQLite p50 | PostgreSQL/SQLite CPU per request |')
    console.log('|---|---:|---:|---:|')
    sqlite.rows.forEach((row, i) => {
      const other = postgres.rows[i]!
      const cpu = (other.serverCpu + other.databaseCpu) / (row.serverCpu + row.databaseCpu)
      console.log(`| ${row.name} | ${(row.perSecond / other.perSecond).toFixed(2)} | ${(other.p50 / row.p50).toFixed(2)} | ${cpu.toFixed(2)} |`)
    })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
