/**
 * npm run bench:checkout: the shopper's three database paths on SQLite (a file, WAL) and on
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) in one run, through the API in-process
 * (Fastify inject: the whole request pipeline, no sockets), CONNECTIONS shoppers at once:
 *
 * - GET /api/cart of a two-line cart (each of the CONNECTIONS shoppers its own, over and over);
 * - POST /api/cart/items by a new visitor (a session, a cart and its first line made);
 * - POST /api/checkout alone: each round first adds one item and gets a test token (not timed), then
 *   checks out with a new Idempotency-Key.
 *
 * Both databases are open at once and the rounds alternate between them (all three paths on SQLite,
 * then on PostgreSQL, BENCH_ROUNDS times), so load that drifts weighs on both alike. Each round
 * starts by refreshing the planner's statistics (`analyze`): a schema made seconds before has none,
 * and a round's thousands of new carts left PostgreSQL planning the cart's lines by guesses (a scan
 * of every item size for each cart, decision 273), which a store's autovacuum does not leave. Each path is
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
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { type BenchDatabase, onBothDatabases } from './lib/databases.ts'
import { checkout, cookieOf, expectOk, type Figures, form, host, loop, newAddress, readyToPay, type Timed } from './lib/shopper-loop.ts'
import { buildApp } from '../apps/server/src/app.ts'
import type { StoreDb } from '../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../apps/server/src/db/seed/index.ts'
import { parseEnv } from '../apps/server/src/env.ts'

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1))

function addToNewCart(app: FastifyInstance, itemId: number, size: string, remoteAddress: string): Timed {
  return async () => {
    const started = performance.now()
    const added = await app.inject({ method: 'POST', url: '/api/cart/items', remoteAddress, headers: { host, ...form }, payload: `item_id=${itemId}&size=${size}&qty=1` })
    const ms = performance.now() - started
    expectOk('add to cart', added)
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
/** BENCH_PATHS (comma-separated: cart, add, checkout) measures only those; all three by default */
/** BENCH_ONLY=sqlite or postgres measures one database (a CPU profile of one side) */
const ONLY = process.env.BENCH_ONLY?.toLowerCase()
const PATH_KEYS = (Object.keys(PATH_NAMES) as PathKey[]).filter((key) => !process.env.BENCH_PATHS || process.env.BENCH_PATHS.split(',').includes(key))

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
  // a two-line cart for each of the shoppers: each reads its own (concurrent reads of one session
  // would share one row where the store coalesces reads, db/coalesced-read.ts)
  const cookies: string[] = []
  for (let i = 0; i < CONNECTIONS; i++) {
    const remoteAddress = newAddress()
    const one = await app.inject({ method: 'POST', url: '/api/cart/items', remoteAddress, headers: { host, ...form }, payload: `item_id=${first.id}&size=${first.size}&qty=1` })
    const cookie = cookieOf(one, '')
    expectOk(
      'add',
      await app.inject({ method: 'POST', url: '/api/cart/items', remoteAddress, headers: { host, cookie, ...form }, payload: `item_id=${second.id}&size=${second.size}&qty=1` }),
    )
    cookies.push(cookie)
  }
  let shopper = 0
  const paths: Record<PathKey, () => Timed> = {
    cart: () => cartRead(app, cookies[shopper++ % cookies.length]!),
    add: () => addToNewCart(app, first.id, first.size, newAddress()),
    checkout: () => checkout(app, first.id, first.size, newAddress()),
  }
  // warm every path (caches, JIT), then count one request of each
  for (const make of Object.values(paths)) await loop(backends, make, { durationMs: 300, connections: CONNECTIONS })
  const counts: Record<PathKey, Counted> = {
    cart: await counted(store, () => paths.cart()()),
    add: await counted(store, () => paths.add()()),
    checkout: await countedCheckout(app, store, first.id, first.size),
  }
  const rounds: Record<PathKey, Figures[]> = { cart: [], add: [], checkout: [] }
  return {
    async round() {
      // the planner's statistics of what the last round wrote, as autovacuum (PostgreSQL) and the store's optimize (SQLite) keep them
      await sql`analyze`.execute(store.db)
      for (const key of PATH_KEYS) rounds[key].push(await loop(backends, paths[key], { durationMs: DURATION_MS, connections: CONNECTIONS }))
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
  const { cookie, body } = await readyToPay(app, itemId, size, remoteAddress)
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
      for (const database of databases.filter((d) => !ONLY || d.label.toLowerCase().startsWith(ONLY))) benches.push(await readyOn(database))
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
