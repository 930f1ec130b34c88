import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type StoreDb } from './connection.ts'
import { migrateToLatest } from './migrate.ts'
import { seedLargeStore } from './seed/large-store.ts'
import { seedDatabase } from './seed/index.ts'

/**
 * SQLite plans with statistics (connection.ts keepPlannerStatistics): without them its planner
 * took any index that names the brand, so a customer's order history walked every order of the
 * brand and a page of customers counted every order of the brand (docs/performance.md).
 */
describe('a SQLite store reopened after it grew plans by its statistics', () => {
  const dir = mkdtempSync(join(tmpdir(), 'planner-'))
  const url = `sqlite:${join(dir, 'store.sqlite')}`
  let store: StoreDb
  let customerId: string

  beforeAll(async () => {
    const first = openDatabase(url)
    await migrateToLatest(first.db)
    await seedDatabase(first.db, { demo: true })
    await seedLargeStore(first.db, { brandId: 'popfitclothing', items: 20, orders: 3000, customers: 200, now: new Date('2026-11-29T10:00:00Z') })
    customerId = (await first.db.selectFrom('orders').select('customer_id').where('customer_id', 'is not', null).executeTakeFirstOrThrow()).customer_id!
    await first.close()
    store = openDatabase(url)
  }, 60_000)
  afterAll(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const plan = async (query: ReturnType<typeof sql>) => {
    const rows = await sql<{ detail: string }>`explain query plan ${query}`.execute(store.db)
    return rows.rows.map((row) => row.detail).join(' | ')
  }

  it('has statistics', async () => {
    const stats = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'orders'`.execute(store.db)
    expect(Number(stats.rows[0]?.n)).toBeGreaterThan(0)
  })

  it("reads a customer's orders through the customer's index", async () => {
    const detail = await plan(
      sql`select * from orders where brand_id = 'popfitclothing' and customer_id = ${customerId} and status in ('paid', 'delivered') order by created_at desc, order_number desc limit 11`,
    )
    expect(detail).toMatch(/INDEX orders_customer\w* \(customer_id=\?/)
  })
})
