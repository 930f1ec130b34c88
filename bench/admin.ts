/**
 * npm run bench:admin: the operator area's answers on the large generated store (issue 35 item 11):
 * the order list, order search, the order page, the item list, item search, the item page and the
 * customer search, each asked by two members of staff at once (BENCH_ADMIN_REQUESTS times, with
 * different filters, searches, pages and ids), on SQLite and on PostgreSQL; p50, p95 and the worst.
 * Then the whole catalogue's CSV export, with the server's peak memory while it streams.
 *
 * The store is made by `npm run seed:large` (20,000 styles, 50,000 customers, 200,000 orders) into
 * BENCH_ADMIN_SQLITE (default /tmp/store-large.sqlite) and BENCH_ADMIN_POSTGRES (default: a database
 * `store_large` on TEST_DATABASE_URL's server, when that is set); a database already made is reused.
 * The server runs as production runs it (the compiled build, plain node), so `npm run build` first.
 * BENCH_ADMIN_ONLY=sqlite (or postgres) measures one database.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import pg from 'pg'
import { openDatabase } from '../apps/server/src/db/connection.ts'
import { grantStaff } from '../apps/server/src/staff/staff-accounts.ts'
import { startStore } from '../scripts/store-process.mjs'

const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 200)
const OPERATORS = 2
const PASSWORD = 'Bench-operator-Lantern-77'
const SQLITE_PATH = process.env.BENCH_ADMIN_SQLITE ?? '/tmp/store-large.sqlite'

interface Figures {
  target: string
  p50: number
  p95: number
  max: number
  requests: number
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

const round = (ms: number) => Math.round(ms * 10) / 10

async function postgresUrl(): Promise<string | null> {
  if (process.env.BENCH_ADMIN_POSTGRES) return process.env.BENCH_ADMIN_POSTGRES
  const base = process.env.TEST_DATABASE_URL
  if (!base) return null
  const url = new URL(base)
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', ['store_large'])
    if (found.rowCount === 0) await admin.query('create database store_large')
  } finally {
    await admin.end()
  }
  url.pathname = '/store_large'
  return url.toString()
}

/** Seeds the large store once: a database that has it already is used as it is. */
async function ensureLargeStore(databaseUrl: string): Promise<void> {
  const store = openDatabase(databaseUrl)
  let orders = 0
  try {
    const row = await store.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
      .catch(() => undefined)
    orders = Number(row?.n ?? 0)
  } finally {
    await store.close()
  }
  if (orders >= 100_000) return
  process.stderr.write(`seeding the large store into ${databaseUrl} ...\n`)
  execFileSync(process.execPath, ['apps/server/dist/db/seed/large-store-job.js'], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit'] })
}

interface Samples {
  itemIds: number[]
  orderNumbers: string[]
  emails: string[]
  names: string[]
  words: string[]
}

async function samplesOf(databaseUrl: string): Promise<{ samples: Samples; staffEmail: string }> {
  const store = openDatabase(databaseUrl)
  try {
    const db = store.db
    const items = await db.selectFrom('items').select(['id', 'name']).where('brand_id', '=', 'popfitclothing').orderBy('id', 'desc').limit(400).execute()
    const orders = await db
      .selectFrom('orders')
      .select(['order_number', 'email', 'shipping_name'])
      .where('brand_id', '=', 'popfitclothing')
      .orderBy('created_at', 'desc')
      .limit(400)
      .execute()
    const staffEmail = `bench-owner-${Date.now()}@staff.example.com`
    await grantStaff(
      db,
      { staffId: null, ip: 'bench', now: () => new Date() },
      { email: staffEmail, name: 'Bench Owner', role: 'owner', brandIds: ['popfitclothing'], password: PASSWORD },
    )
    const pick = <T>(list: T[], n: number) => list.filter((_, i) => i % Math.max(1, Math.floor(list.length / n)) === 0).slice(0, n)
    return {
      staffEmail,
      samples: {
        itemIds: items.map((item) => item.id),
        orderNumbers: orders.map((order) => order.order_number),
        emails: pick(
          orders.map((order) => order.email),
          60,
        ),
        names: pick(
          orders.map((order) => order.shipping_name),
          30,
        ),
        words: ['Leggings', 'Seamless', 'Bra', 'Pocket', 'Cloud', 'Tee', 'Ribbed', 'Lace'],
      },
    }
  } finally {
    await store.close()
  }
}

async function login(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (!response.ok) throw new Error(`staff login: ${response.status} ${await response.text()}`)
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('staff_sid='))
  if (!cookie) throw new Error('staff login: no staff_sid cookie')
  return cookie.split(';')[0] as string
}

interface Target {
  name: string
  /** the n-th request's path (n from 0); `previous` is the last answer's data, for cursors */
  path(n: number, previous: Record<string, unknown> | null): string
}

function targets(samples: Samples): Target[] {
  const at = <T>(list: T[], n: number) => list[n % list.length] as T
  const cursorPath = (base: string, every: number) => (n: number, previous: Record<string, unknown> | null) => {
    const cursor = previous && typeof previous.next_cursor === 'string' && n % every !== 0 ? previous.next_cursor : null
    return cursor ? `${base}${base.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : base
  }
  const statuses = ['', 'delivered', 'shipped', 'packing', 'cancelled', 'refunded']
  return [
    {
      name: 'order list (filters, pages)',
      path: (n, previous) => cursorPath(`/api/admin/orders${at(statuses, Math.floor(n / 5)) ? `?status=${at(statuses, Math.floor(n / 5))}` : ''}`, 5)(n, previous),
    },
    {
      name: 'order search (number, e-mail, name)',
      path: (n) => `/api/admin/orders?query=${encodeURIComponent(n % 3 === 0 ? at(samples.orderNumbers, n) : n % 3 === 1 ? at(samples.emails, n) : at(samples.names, n))}`,
    },
    { name: 'order page', path: (n) => `/api/admin/orders/${encodeURIComponent(at(samples.orderNumbers, n * 7))}` },
    { name: 'item list (pages)', path: cursorPath('/api/admin/items', 10) },
    { name: 'item search', path: (n) => `/api/admin/items?query=${encodeURIComponent(at(samples.words, n))}` },
    { name: 'item page', path: (n) => `/api/admin/items/${at(samples.itemIds, n * 13)}` },
    { name: 'customer search', path: (n) => `/api/admin/customers?query=${encodeURIComponent(n % 2 === 0 ? at(samples.emails, n) : at(samples.names, n))}` },
  ]
}

async function measure(origin: string, cookie: string, target: Target): Promise<Figures | string> {
  const times: number[] = []
  let next = 0
  const operator = async () => {
    let previous: Record<string, unknown> | null = null
    for (;;) {
      const n = next
      next += 1
      if (n >= REQUESTS) return
      const path = target.path(n, previous)
      const started = performance.now()
      const response = await fetch(`${origin}${path}`, { headers: { host: 'localhost', cookie } })
      const body = await response.text()
      const ms = performance.now() - started
      if (response.status === 404 && body.includes('No such page')) throw new NotThere(path)
      if (!response.ok) throw new Error(`${target.name}: ${path} answered ${response.status}: ${body.slice(0, 200)}`)
      previous = (JSON.parse(body) as { data: Record<string, unknown> }).data
      if (n >= OPERATORS) times.push(ms) // the first of each operator warms the path up
    }
  }
  try {
    await Promise.all(Array.from({ length: OPERATORS }, operator))
  } catch (error) {
    if (error instanceof NotThere) return 'not in this build'
    throw error
  }
  times.sort((a, b) => a - b)
  return { target: target.name, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(times[times.length - 1] ?? 0), requests: times.length }
}

class NotThere extends Error {}

/** The whole catalogue as CSV, streamed: its rows, its time, and the server's peak memory (VmHWM) before and after. */
async function measureExport(origin: string, cookie: string, pid: number | undefined): Promise<string> {
  const peak = () => (pid ? Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024 : Number.NaN)
  const before = peak()
  const started = performance.now()
  const response = await fetch(`${origin}/api/admin/items.csv`, { headers: { host: 'localhost', cookie } })
  if (response.status === 404) return 'CSV export: not in this build'
  if (!response.ok || !response.body) throw new Error(`CSV export answered ${response.status}`)
  let rows = 0
  let bytes = 0
  const decoder = new TextDecoder()
  for await (const chunk of response.body) {
    bytes += chunk.length
    rows += decoder.decode(chunk, { stream: true }).split('\n').length - 1
  }
  const seconds = (performance.now() - started) / 1000
  return `CSV export: ${rows - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; server peak memory ${before.toFixed(0)} MB before, ${peak().toFixed(0)} MB after`
}

async function benchDatabase(label: string, databaseUrl: string): Promise<void> {
  await ensureLargeStore(databaseUrl)
  const { samples, staffEmail } = await samplesOf(databaseUrl)
  const store = await startStore({ env: { DATABASE_URL: databaseUrl, MIGRATE_ON_START: 'true', SEED_DEMO: 'true', LOG_LEVEL: 'warn' } })
  try {
    const cookie = await login(store.origin, staffEmail)
    console.log(`\n${label}: ${REQUESTS} requests per target, ${OPERATORS} operators at once`)
    console.log('target                                  p50 ms   p95 ms   max ms')
    for (const target of targets(samples)) {
      const figures = await measure(store.origin, cookie, target)
      if (typeof figures === 'string') console.log(`${target.name.padEnd(38)}  ${figures}`)
      else
        console.log(
          `${figures.target.padEnd(38)}${String(figures.p50).padStart(7)}  ${String(figures.p95).padStart(7)}  ${String(figures.max).padStart(7)}${figures.p95 > 150 ? '   (over 150 ms)' : ''}`,
        )
    }
    console.log(await measureExport(store.origin, cookie, store.pid))
  } finally {
    await store.stop()
  }
}

if (!existsSync('apps/server/dist/main.js')) throw new Error('run npm run build first')
// BENCH_ADMIN_ONLY=sqlite or postgres measures one of them (the machine is shared: one at a time)
const only = process.env.BENCH_ADMIN_ONLY
if (only !== 'postgres') await benchDatabase('SQLite', `sqlite:${SQLITE_PATH}`)
const postgres = only === 'sqlite' ? null : await postgresUrl()
if (postgres) await benchDatabase('PostgreSQL', postgres)
else if (only !== 'sqlite') console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_ADMIN_POSTGRES)')
