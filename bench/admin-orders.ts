/**
 * npm run bench:admin-orders: the operator's orders list (GET /api/admin/orders, its query
 * listAdminOrders) over 200,000 orders of one brand (BENCH_ORDERS), on SQLite, and on PostgreSQL
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names one. Prints the median and the slowest of
 * 20 runs of each kind of page: the first, one deep in by cursor, a status, a date range, a search
 * by number, e-mail and name. Each page must come back in well under 100 ms.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase, type StoreDb } from '../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../apps/server/src/db/seed/index.ts'
import { listAdminOrders, type OrdersQuery } from '../apps/server/src/orders-admin/orders-admin.queries.ts'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000)
const BRAND = 'popfitclothing'
const FIRST = ['maria', 'james', 'aisha', 'chen', 'olga', 'pedro', 'fatima', 'liam', 'sofia', 'noah']
const LAST = ['lopez', 'smith', 'khan', 'wang', 'ivanova', 'silva', 'haddad', 'murphy', 'rossi', 'kim']
const STATUSES = ['paid', 'paid', 'packing', 'shipped', 'shipped', 'delivered', 'delivered', 'delivered', 'refunded', 'cancelled']
const FLOWS = ['free_flow', 'free_flow', 'free_flow', 'checkout_club_flow', 'club_monthly']

async function insertOrders(store: StoreDb) {
  const start = Date.parse('2024-01-01T00:00:00Z')
  const BATCH = 500
  for (let from = 0; from < ORDERS; from += BATCH) {
    const rows = []
    for (let i = from; i < Math.min(ORDERS, from + BATCH); i++) {
      const name = `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]}`
      rows.push({
        order_number: String(1_000_000_000 + i * 37),
        brand_id: BRAND,
        customer_id: null,
        cart_id: null,
        email: `${name.replace(' ', '.')}${i}@example.com`,
        status: STATUSES[i % STATUSES.length]!,
        subtotal_cents: 5000,
        discount_cents: 0,
        shipping_cents: 500,
        tax_cents: 400,
        total_cents: 5900,
        shipping_method: 'Standard',
        shipping_name: name.replace(/\b\w/g, (c) => c.toUpperCase()),
        shipping_country: 'US',
        shipping_address: '1 Main St',
        shipping_city: 'Austin',
        shipping_state: 'TX',
        shipping_zip: '78701',
        billing_name: name,
        billing_country: 'US',
        billing_address: '1 Main St',
        billing_city: 'Austin',
        billing_state: 'TX',
        billing_zip: '78701',
        payment_method_id: null,
        idempotency_key: null,
        created_at: new Date(start + i * 150_000).toISOString(),
        placed_by_visitor_id: null,
        reserved_until: null,
        checkout_flow: FLOWS[i % FLOWS.length]!,
        membership_id: null,
        club_period: null,
      })
    }
    await store.db.insertInto('orders').values(rows).execute()
  }
}

async function time(store: StoreDb, label: string, query: OrdersQuery) {
  const runs: number[] = []
  let found = 0
  for (let i = 0; i < 20; i++) {
    const began = performance.now()
    const page = await listAdminOrders(store.db, BRAND, 'manager', query)
    runs.push(performance.now() - began)
    found = page.orders.length
  }
  runs.sort((a, b) => a - b)
  console.log(`  ${label.padEnd(34)} median ${runs[10]!.toFixed(1).padStart(6)} ms   slowest ${runs[19]!.toFixed(1).padStart(6)} ms   (${found} orders on the page)`)
}

async function measure(store: StoreDb, name: string, analyze?: () => Promise<unknown>) {
  console.log(`${name}: inserting ${ORDERS.toLocaleString('en-US')} orders…`)
  await insertOrders(store)
  await analyze?.()
  let cursor: string | undefined
  for (let i = 0; i < 100; i++) cursor = (await listAdminOrders(store.db, BRAND, 'manager', { cursor })).next_cursor ?? undefined
  await time(store, 'first page', {})
  await time(store, 'page 101 (by cursor)', { cursor })
  await time(store, 'status=delivered', { status: ['delivered'] })
  await time(store, 'one week of 2024', { from: '2024-03-01', to: '2024-03-07' })
  await time(store, 'club=yes', { club: true })
  await time(store, 'query=order number', { query: String(1_000_000_000 + 123_456 * 37) })
  await time(store, 'query=e-mail prefix', { query: 'maria.lopez12' })
  await time(store, 'query=name prefix (1 in 100)', { query: 'maria lopez' })
}

const dir = mkdtempSync(join(tmpdir(), 'bench-orders-'))
const sqlite = openDatabase(`sqlite:${join(dir, 'store.sqlite')}`)
await migrateToLatest(sqlite.db)
await seedDatabase(sqlite.db)
await measure(sqlite, 'SQLite')
await sqlite.close()

const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (base) {
  const schema = `bench_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  const store = openDatabase(`${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`)
  try {
    await migrateToLatest(store.db)
    await seedDatabase(store.db)
    await measure(store, 'PostgreSQL', () => admin.query(`analyze ${schema}.orders`))
  } finally {
    await store.close()
    await admin.query(`drop schema ${schema} cascade`)
    await admin.end()
  }
} else console.log('PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too')
