/**
 * npm run bench:split-tests: a split test's results (GET /api/admin/experiments/{name}/results,
 * the work after the staff door) over 100,000 visitors (BENCH_VISITORS) with their orders, on
 * SQLite and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names one. Vip4sh at
 * popfitclothing: half the visitors each side, 3.0% and 3.4% of them with a paid order ($60, $58),
 * a tenth of those joining the club. Prints p50 and p95 of 30 reads (after 3 to warm up); the
 * target is p95 < 300 ms (docs/admin-promotions.md).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase, type StoreDb } from '../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../apps/server/src/db/seed/index.ts'
import { readSplitTestResults } from '../apps/server/src/experiments/experiments-admin.service.ts'
import { insertSplitTestTraffic } from '../apps/server/src/experiments/split-test-traffic.ts'

const VISITORS = Number(process.env.BENCH_VISITORS ?? 100_000)
const READS = 30

async function bench(label: string, store: StoreDb, analyze: () => Promise<unknown> = async () => undefined) {
  const half = Math.floor(VISITORS / 2)
  await insertSplitTestTraffic(store.db, 'popfitclothing', 'Vip4sh', [
    { value: 'Control', visitors: half, converted: Math.round(half * 0.03), orderCents: 6000, joins: Math.round(half * 0.003) },
    { value: '4sh', visitors: VISITORS - half, converted: Math.round((VISITORS - half) * 0.034), orderCents: 5800, joins: Math.round((VISITORS - half) * 0.0034) },
  ])
  // the planner's figures after a bulk load, as autovacuum would gather them
  await analyze()
  const times: number[] = []
  let summary = ''
  for (let i = 0; i < READS + 3; i++) {
    const started = performance.now()
    const results = await readSplitTestResults(store.db, 'popfitclothing', 'Vip4sh')
    const ms = performance.now() - started
    if (i >= 3) times.push(ms)
    summary = results.summary
    if (results.variants.reduce((sum, variant) => sum + variant.visitors, 0) !== VISITORS)
      throw new Error(`${label}: the results count ${results.variants.map((v) => v.visitors)} visitors`)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1))
  console.log(JSON.stringify({ dialect: label, visitors: VISITORS, reads: READS, p50_ms: at(0.5), p95_ms: at(0.95), target_p95_ms: 300, summary }))
}

async function sqlite() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-split-tests-'))
  const store = openDatabase(`sqlite:${join(dir, 'store.sqlite')}`)
  await migrateToLatest(store.db)
  await seedDatabase(store.db)
  try {
    await bench('sqlite', store)
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
  const store = openDatabase(url)
  try {
    await migrateToLatest(store.db)
    await seedDatabase(store.db)
    await bench('postgres', store, () => admin.query(`analyze ${schema}.orders; analyze ${schema}.split_test_assignments`))
  } finally {
    await store.close()
    await admin.query(`drop schema ${schema} cascade`)
    await admin.end()
  }
}

await sqlite()
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (pgUrl) await postgres(pgUrl)
else console.log('PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too')
