import { sql } from 'kysely'
/**
 * How the club's billing day costs as the club grows (bench/cost-curves.ts): for each size, a new
 * store with that many members due (bench/lib/club-members.ts), one billing run through the
 * built-in test gateway (it answers at once), members per second; then a check that nobody was
 * charged twice.
 */
import type { StoreDb } from '../../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../../apps/server/src/db/seed/index.ts'
import { runBilling } from '../../apps/server/src/membership/billing.ts'
import { TestGateway } from '../../apps/server/src/payments/test-gateway.ts'
import { insertMembers } from './club-members.ts'

const AS_OF = '2027-01-05'
const quiet = { info() {}, warn() {}, error() {} }

export interface BillingPoint {
  members: number
  seconds: number
  membersPerSecond: number
  statementsPerMember: number
  /** CPU ms of the bench's process per member (SQLite works in it): what the machine's load moves least */
  cpuMsPerMember: number
  charged: number
  failed: number
  skipped: number
}

/** One billing day over `members` members of a new store (`open` makes it; it is closed here). */
export async function billingPoint(open: () => StoreDb, members: number): Promise<BillingPoint> {
  const store = open()
  try {
    await migrateToLatest(store.db)
    await seedDatabase(store.db)
    await insertMembers(store, members, AS_OF)
    await store.db
      .updateTable('item_sizes')
      .set({ stock: 10_000_000 })
      .where('item_id', 'in', (eb) => eb.selectFrom('items').select('id').where('brand_id', '=', 'popfitclothing'))
      .execute()
    // the planner's statistics of the members just written, as the store keeps them (db/connection.ts: SQLite's
    // optimize at open and every hour; PostgreSQL's autovacuum): without, SQLite took the brand's index for
    // `brand_id = ? and id in (…)` and read every member and customer of the brand for each batch of 200
    await sql`analyze`.execute(store.db)
    const statementsBefore = store.queryCount()
    const cpuBefore = process.cpuUsage()
    const started = performance.now()
    const run = await runBilling(store, { gateway: new TestGateway(), log: quiet, brands: ['popfitclothing'], concurrency: 8 }, AS_OF)
    const seconds = (performance.now() - started) / 1000
    const cpu = process.cpuUsage(cpuBefore)
    const statements = store.queryCount() - statementsBefore
    const charges = await store.db
      .selectFrom('test_gateway_charges')
      .select('idempotency_key')
      .where('status', '=', 'succeeded')
      .where('idempotency_key', 'like', 'club:%')
      .execute()
    const periods = new Set(charges.map((c) => c.idempotency_key.split(':').slice(0, 4).join(':')))
    if (charges.length !== periods.size) throw new Error(`${charges.length - periods.size} members charged twice for a period`)
    const point = {
      members,
      seconds,
      membersPerSecond: members / seconds,
      statementsPerMember: statements / members,
      cpuMsPerMember: (cpu.user + cpu.system) / 1000 / members,
      charged: run.charged,
      failed: run.failed,
      skipped: run.skipped,
    }
    console.error(`billing ${members} members: ${point.membersPerSecond.toFixed(0)}/s in ${seconds.toFixed(1)} s, CPU ${point.cpuMsPerMember.toFixed(2)} ms a member`)
    return point
  } finally {
    await store.close()
  }
}
