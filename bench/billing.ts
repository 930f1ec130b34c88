/**
 * npm run bench:billing: the club's billing run over 10,000 members (BENCH_MEMBERS)
 * on SQLite, and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * names one. Two runs start at once (on PostgreSQL from two connections, as two
 * instances would), against the built-in test gateway; the bench then checks
 * that no member was charged twice for a period. Prints members per second and
 * the summary. Members: 85% active, 10% skipped, 5% paused; 3% of cards decline.
 * Stock is raised first so every box finds its item (monthly items take stock).
 *
 * BENCH_CHARGE_MS (default 0): the payment service's answer time, a real timer in the test gateway
 * (issue 38's goal is 200 ms). BENCH_CONCURRENCY (default 200): each run's charges at the service at
 * once (CLUB_BILLING_CONCURRENCY). BENCH_RUNS=1 starts one run alone (one instance; default 2).
 * BENCH_ONLY=sqlite or postgres measures one database.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { openDatabase, type StoreDb } from '../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../apps/server/src/db/seed/index.ts'
import { runBilling, type BillingSummary } from '../apps/server/src/membership/billing.ts'
import { TestGateway } from '../apps/server/src/payments/test-gateway.ts'
import { insertMembers } from './lib/club-members.ts'

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000)
const CHARGE_MS = Number(process.env.BENCH_CHARGE_MS ?? 0)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200)
const ONLY = process.env.BENCH_ONLY
const RUNS = Number(process.env.BENCH_RUNS ?? 2)
const AS_OF = '2027-01-05'
const quiet = { info() {}, warn() {}, error() {} }

/** The test gateway, counting the charges waiting at it (sent, not yet answered). */
class CountingGateway extends TestGateway {
  waiting = 0
  override async charge(...args: Parameters<TestGateway['charge']>) {
    this.waiting += 1
    try {
      return await super.charge(...args)
    } finally {
      this.waiting -= 1
    }
  }
}

async function bench(label: string, stores: [StoreDb, StoreDb]) {
  await insertMembers(stores[0], MEMBERS, AS_OF)
  // a warehouse stocked for the month: every size of the brand's items has enough for the boxes
  await stores[0].db
    .updateTable('item_sizes')
    .set({ stock: 100_000 })
    .where('item_id', 'in', (eb) => eb.selectFrom('items').select('id').where('brand_id', '=', 'popfitclothing'))
    .execute()
  // the planner's statistics of the tables just filled, as a store's own tables have them (autovacuum
  // analyzes them): without, PostgreSQL takes `memberships` for nearly empty and reads each page of
  // due members by sorting every due member (up to a second a page at 100,000)
  if (label === 'postgres') await sql`analyze`.execute(stores[0].db)
  const statementsBefore = stores[0].queryCount() + (stores[1] === stores[0] ? 0 : stores[1].queryCount())
  const load = loadavg()[0]!
  const started = performance.now()
  // how many charges wait at the service, sampled every 50 ms: the run keeps its concurrency there, or something else holds it back
  const gateway = new CountingGateway({ latencyMs: CHARGE_MS })
  const samples: number[] = []
  const sampler = setInterval(() => samples.push(gateway.waiting), 50)
  const runs: BillingSummary[] = await Promise.all(
    stores.slice(0, RUNS).map((store) => runBilling(store, { gateway, log: quiet, brands: ['popfitclothing'], concurrency: CONCURRENCY }, AS_OF)),
  )
  clearInterval(sampler)
  const seconds = (performance.now() - started) / 1000
  const statements = stores[0].queryCount() + (stores[1] === stores[0] ? 0 : stores[1].queryCount()) - statementsBefore
  const db = stores[0].db
  const charges = await db.selectFrom('test_gateway_charges').select('idempotency_key').where('status', '=', 'succeeded').where('idempotency_key', 'like', 'club:%').execute()
  const periods = new Set(charges.map((c) => c.idempotency_key.split(':').slice(0, 4).join(':')))
  const twice = charges.length - periods.size
  const monthly = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('checkout_flow', '=', 'club_monthly')
    .executeTakeFirstOrThrow()
  const total = runs.reduce((sum, r) => ({ charged: sum.charged + r.charged, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), {
    charged: 0,
    failed: 0,
    skipped: 0,
  })
  console.log(
    JSON.stringify({
      dialect: label,
      members: MEMBERS,
      charge_ms: CHARGE_MS,
      runs_at_once: RUNS,
      concurrency_per_run: CONCURRENCY,
      load_average_before: Number(load.toFixed(2)),
      load_average_after: Number(loadavg()[0]!.toFixed(2)),
      seconds: Number(seconds.toFixed(2)),
      members_per_second: Math.round(MEMBERS / seconds),
      at_service_mean: Math.round(samples.reduce((sum, n) => sum + n, 0) / Math.max(1, samples.length)),
      // the charges at the service each half second, from the start: where the run kept it full and where it did not
      at_service_by_half_second: samples.filter((_, i) => i % 10 === 0),
      statements_per_member: Number((statements / MEMBERS).toFixed(1)),
      gateway_charges: charges.length,
      charged_twice: twice,
      monthly_orders: Number(monthly.n),
      runs,
      total,
    }),
  )
  if (twice > 0) throw new Error(`${label}: ${twice} members charged twice for a period`)
}

async function sqlite() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-billing-'))
  const store = openDatabase(`sqlite:${join(dir, 'store.sqlite')}`)
  await migrateToLatest(store.db)
  await seedDatabase(store.db)
  try {
    await bench('sqlite', [store, store])
  } finally {
    await store.close()
  }
}

async function postgres(base: string) {
  const schema = `bench_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`
  const a = openDatabase(url)
  const b = openDatabase(url)
  try {
    await migrateToLatest(a.db)
    await seedDatabase(a.db)
    await bench('postgres', [a, b])
  } finally {
    await a.close()
    await b.close()
    await admin.query(`drop schema ${schema} cascade`)
    await admin.end()
  }
}

if (ONLY !== 'postgres') await sqlite()
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (ONLY !== 'sqlite') {
  if (pgUrl) await postgres(pgUrl)
  else console.log('PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too')
}
