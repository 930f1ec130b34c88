/**
 * npm run bench:refunds: refunds per second on SQLite (a file, WAL) and on PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL), in-process. BENCH_ORDERS paid orders of two
 * pieces are placed first through the API (not timed); then CONNECTIONS operators at once each
 * refund the next order in full, pieces back in stock, the shopper e-mailed (orders/refunds.ts
 * refundOrder, as POST /api/admin/orders/{number}/refunds calls it: plan with its pending ledger
 * rows, the provider's refund, complete), each under a new Idempotency-Key. The orders are the
 * same size of one item: the stock row every refund gives back to is the hottest there is.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { onEachDatabase } from './lib/databases.ts'
import { expectOk, form, host, readyToPay } from './lib/shopper-loop.ts'
import { buildApp } from '../apps/server/src/app.ts'
import { brandsWithOrigins } from '../apps/server/src/brands/registry.ts'
import { systemContext } from '../apps/server/src/context/request-context.ts'
import type { StoreDb } from '../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../apps/server/src/db/seed/index.ts'
import { parseEnv } from '../apps/server/src/env.ts'
import { refundOrder } from '../apps/server/src/orders/refunds.ts'
import { gatewayFor } from '../apps/server/src/payments/gateway.ts'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 400)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const quiet = { info() {}, warn() {}, error() {} }

/** Order `n` comes from an address of its own: the store allows 300 test card tokens an hour per address (accounts/request-limits.ts TEST_TOKENS), fewer than the bench places. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

async function placeOrder(app: FastifyInstance, itemId: number, size: string, n: number): Promise<string> {
  const remoteAddress = addressOf(n)
  const { cookie, body } = await readyToPay(app, itemId, size, remoteAddress, 2)
  const placed = await app.inject({ method: 'POST', url: '/api/checkout', headers: { host, cookie, ...form, 'idempotency-key': randomUUID() }, remoteAddress, payload: body })
  expectOk('checkout', placed)
  return placed.json().data.order_number as string
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
  await store.db.updateTable('item_sizes').set({ stock: 10_000_000 }).where('item_id', '=', item.id).where('size', '=', item.size).execute()
  const env = parseEnv({ LOG_LEVEL: 'silent', OUTBOX_INTERVAL_MS: '0' })
  const app = await buildApp({ env, store, webBuildDir: '/nonexistent' })
  await app.ready()
  try {
    const orders: string[] = []
    for (let i = 0; i < ORDERS; i++) orders.push(await placeOrder(app, item.id, item.size, i))
    const brand = brandsWithOrigins(env.publicOrigins).find((candidate) => candidate.id === 'popfitclothing')!
    const ctx = systemContext({ store, sessions: app.sessionStore, env }, brand, quiet)
    const gateway = await gatewayFor(env)
    const latencies: number[] = []
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < orders.length) {
          const orderNumber = orders[next++]!
          const t0 = performance.now()
          const outcome = await refundOrder(ctx, orderNumber, { idempotencyKey: randomUUID(), all: true, restock: true, reason: 'bench', notify: true }, 'staff:bench', { gateway })
          if (outcome !== 'succeeded') throw new Error(`refund of ${orderNumber}: ${outcome}`)
          latencies.push(performance.now() - t0)
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000
    const refunded = await store.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'refunded')
      .executeTakeFirstOrThrow()
    if (Number(refunded.n) !== orders.length) throw new Error(`${refunded.n} orders refunded of ${orders.length}`)
    latencies.sort((a, b) => a - b)
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
    return { name, perSecond: orders.length / elapsed, p50: at(0.5), p99: at(0.99), n: orders.length }
  } finally {
    await app.close()
    await store.close()
  }
}

async function main() {
  const rows = await onEachDatabase('refunds', benchOn)
  console.log(`\nRefunds in full, ${CONNECTIONS} at once, ${ORDERS} orders, in-process:\n`)
  console.log('| database | refunds/s | refund p50 ms | refund p99 ms |')
  console.log('|---|---:|---:|---:|')
  for (const row of rows) console.log(`| ${row.name} | ${row.perSecond.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} |`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
