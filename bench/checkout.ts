/**
 * npm run bench:checkout: checkouts per second and checkout latency (p50, p99)
 * on SQLite (a file, WAL) and on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL), through the API in-process (Fastify inject: the whole
 * request pipeline, no sockets). Each of CONNECTIONS shoppers loops: a new
 * visitor adds one item, gets a test token and checks out with a new
 * Idempotency-Key. checkouts/s counts whole rounds (add, token, checkout:
 * three requests); the latencies are the POST /api/checkout alone. Beside it, GET
 * /api/cart of a one-line cart in the same run, as the ratio's baseline.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { onEachDatabase } from './lib/databases.ts'
import { buildApp } from '../apps/server/src/app.ts'
import type { StoreDb } from '../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../apps/server/src/db/seed/index.ts'
import { parseEnv } from '../apps/server/src/env.ts'

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)

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

function cookieOf(response: { cookies: { name: string; value: string }[] }, previous: string): string {
  const sid = response.cookies.find((cookie) => cookie.name === 'sid')
  return sid ? `sid=${sid.value}` : previous
}

let lastCheckoutStatements = 0

/** Each checkout from an address of its own: the store allows 300 test card tokens an hour per address (accounts/request-limits.ts TEST_TOKENS), fewer than a fast run places. */
let checkouts = 0
const nextAddress = () => {
  const n = checkouts++
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

async function checkoutOnce(app: FastifyInstance, itemId: number, size: string, store?: StoreDb): Promise<number> {
  const remoteAddress = nextAddress()
  const host = 'localhost'
  const form = { 'content-type': 'application/x-www-form-urlencoded' }
  const added = await app.inject({ method: 'POST', url: '/api/cart/items', headers: { host, ...form }, remoteAddress, payload: `item_id=${itemId}&size=${size}&qty=1` })
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
  const count = store?.queryCount() ?? 0
  const started = performance.now()
  const placed = await app.inject({ method: 'POST', url: '/api/checkout', headers: { host, cookie, ...form, 'idempotency-key': randomUUID() }, remoteAddress, payload: body })
  const ms = performance.now() - started
  if (store) lastCheckoutStatements = store.queryCount() - count
  if (placed.statusCode !== 200) throw new Error(`checkout: ${placed.statusCode} ${placed.body}`)
  return ms
}

async function cartRead(app: FastifyInstance, cookie: string): Promise<number> {
  const started = performance.now()
  const response = await app.inject({ method: 'GET', url: '/api/cart', headers: { host: 'localhost', cookie } })
  if (response.statusCode !== 200) throw new Error(`cart: ${response.statusCode}`)
  return performance.now() - started
}

async function loop(run: () => Promise<number>): Promise<{ perSecond: number; p50: number; p99: number; n: number }> {
  const latencies: number[] = []
  const started = performance.now()
  const deadline = started + DURATION_MS
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) latencies.push(await run())
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), n: latencies.length }
}

async function benchOn(name: string, store: StoreDb) {
  await migrateToLatest(store.db)
  await seedDatabase(store.db)
  const item = await store.db
    .selectFrom('item_sizes')
    .innerJoin('items', 'items.id', 'item_sizes.item_id')
    .select(['items.id', 'item_sizes.size'])
    .where('items.brand_id', '=', 'popfitclothing')
    .where('item_sizes.stock', '>', 5)
    .orderBy('items.id')
    .executeTakeFirstOrThrow()
  // every shopper buys the same size: the hottest row there is
  await store.db.updateTable('item_sizes').set({ stock: 10_000_000 }).where('item_id', '=', item.id).where('size', '=', item.size).execute()
  const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', OUTBOX_INTERVAL_MS: '0' }), store, webBuildDir: '/nonexistent' })
  await app.ready()
  try {
    const added = await app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `item_id=${item.id}&size=${item.size}&qty=1`,
    })
    const cookie = cookieOf(added, '')
    await checkoutOnce(app, item.id, item.size) // warm caches
    await checkoutOnce(app, item.id, item.size, store)
    const statements = lastCheckoutStatements
    const cart = await loop(() => cartRead(app, cookie))
    const checkout = await loop(() => checkoutOnce(app, item.id, item.size))
    return { name, cart, checkout, statements }
  } finally {
    await app.close()
    await store.close()
  }
}

async function main() {
  const rows = await onEachDatabase('checkout', benchOn)
  console.log(`\nCheckout, ${CONNECTIONS} concurrent shoppers, ${DURATION_MS / 1000} s each, in-process:\n`)
  console.log('| database | checkouts/s (with add + token) | checkout p50 ms | checkout p99 ms | GET /api/cart req/s | ratio checkout/cart | SQL per checkout |')
  console.log('|---|---:|---:|---:|---:|---:|---:|')
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.checkout.perSecond.toFixed(0)} | ${row.checkout.p50.toFixed(1)} | ${row.checkout.p99.toFixed(1)} | ${row.cart.perSecond.toFixed(0)} | ${(row.checkout.perSecond / row.cart.perSecond).toFixed(3)} | ${row.statements} |`,
    )
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
