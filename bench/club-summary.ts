/**
 * npm run bench:club: the club's health figures (GET /api/admin/club/summary's service) over a
 * made-up club of 100,000 memberships with two years of history (BENCH_MEMBERS; club-admin/club-seed.ts),
 * on SQLite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names one, on PostgreSQL. Prints
 * the p50 and p95 of 40 summaries for the default range (the last twelve months) and for 24 months.
 * Target: p95 under 300 ms (docs/admin-club.md).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { brandData } from '../apps/server/src/context/request-context.ts'
import { clubSummary } from '../apps/server/src/club-admin/club-health.service.ts'
import { seedClub } from '../apps/server/src/club-admin/club-seed.ts'
import { openDatabase, type StoreDb } from '../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../apps/server/src/db/seed/index.ts'

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 40)
const today = new Date().toISOString().slice(0, 10)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function measure(name: string, store: StoreDb, settle: () => Promise<unknown> = async () => undefined) {
  const started = Date.now()
  const written = await seedClub(store.db, { brandId: 'popfitclothing', members: MEMBERS, months: 24, today, seed: 1 })
  console.log(`${name}: ${written.memberships} memberships, ${written.events} events written in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  // after a bulk load, what autovacuum would do: the planner's figures and the visibility map (index-only scans read no rows)
  await settle()
  const ctx = { data: brandData(store, 'popfitclothing'), now: () => new Date() }
  const [y, m] = today.split('-').map(Number) as [number, number]
  const from24 = `${m === 12 ? y - 1 : y - 2}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}`
  for (const [label, query] of [
    ['12 months', {}],
    ['24 months', { from: from24 }],
  ] as const) {
    await clubSummary(ctx, query)
    const times: number[] = []
    const cpu: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now()
      const c0 = process.cpuUsage()
      await clubSummary(ctx, query)
      const used = process.cpuUsage(c0)
      times.push(performance.now() - t0)
      cpu.push((used.user + used.system) / 1000)
    }
    times.sort((a, b) => a - b)
    cpu.sort((a, b) => a - b)
    // on a shared machine the wall time waits for a core; this process's CPU time is the work itself (SQLite runs in it; PostgreSQL's work is in its server)
    console.log(
      `${name} ${label}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms over ${RUNS} runs (this process's CPU: p50 ${percentile(cpu, 50).toFixed(0)} ms, p95 ${percentile(cpu, 95).toFixed(0)} ms); load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
    )
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-club-'))
const sqlite = openDatabase(`sqlite:${join(dir, 'store.sqlite')}`)
await migrateToLatest(sqlite.db)
await seedDatabase(sqlite.db)
try {
  await measure('SQLite', sqlite)
} finally {
  await sqlite.close()
  rmSync(dir, { recursive: true, force: true })
}

const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (base) {
  const schema = `bench_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`
  const store = openDatabase(url)
  try {
    await migrateToLatest(store.db)
    await seedDatabase(store.db)
    // (one statement at a time: VACUUM runs outside a transaction)
    await measure('PostgreSQL', store, async () => {
      for (const table of ['memberships', 'membership_events', 'club_months']) await admin.query(`vacuum analyze ${schema}.${table}`)
    })
  } finally {
    await store.close()
    await admin.query(`drop schema ${schema} cascade`)
    await admin.end()
  }
} else console.log('PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too')
