import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertLedgerAgrees } from '../../test/ledger.ts'
import { DIALECTS, startTestStore, type TestStore } from '../../test/harness.ts'
import { seedLargeStore } from './large-store.ts'

/** The operator area's figures are measured on this generated store: it must be a store the API reads like any other. */
describe.each(DIALECTS)('the large generated store (%s)', (dialect) => {
  let t: TestStore
  const now = new Date('2026-11-29T10:00:00Z')
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(async () => {
    await t.close()
  })

  it('adds styles in several colours with sizes, customers and paid orders with their charges and history', async () => {
    const db = t.store.db
    const before = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const counts = await seedLargeStore(db, { brandId: 'popfitclothing', items: 30, orders: 400, customers: 60, now })
    expect(counts.styles).toBe(30)
    expect(counts.items).toBeGreaterThanOrEqual(60)
    expect(counts.items).toBeLessThanOrEqual(120)
    expect(counts.sizes).toBe(counts.items * 6)
    expect(counts.customers).toBe(60)
    expect(counts.orders).toBe(400)

    const after = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n) - Number(before.n)).toBe(400)
    const statuses = await db.selectFrom('orders').select('status').distinct().where('order_number', 'like', 'L%').execute()
    expect(statuses.map((row) => row.status)).toEqual(expect.arrayContaining(['delivered', 'shipped', 'cancelled', 'refunded']))
    // every order has its "created" entry, written by the order row's trigger
    const created = await db
      .selectFrom('order_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event', '=', 'created')
      .where('order_number', 'in', db.selectFrom('orders').select('order_number').where('email', 'like', '%@large.example'))
      .executeTakeFirstOrThrow()
    expect(Number(created.n)).toBe(400)
    await assertLedgerAgrees(db)
  })

  it("serves a generated item's page", async () => {
    const item = await t.store.db.selectFrom('items').select(['id', 'name']).where('style_id', 'like', 'L%').orderBy('id', 'desc').executeTakeFirstOrThrow()
    const answer = await t.app.inject({ method: 'GET', url: `/api/items/${item.id}`, headers: { host: 'localhost' } })
    expect(answer.statusCode).toBe(200)
    expect(answer.json().data.name).toBe(item.name)
  })

  it('refuses a brand that is not there, in words', async () => {
    await expect(seedLargeStore(t.store.db, { brandId: 'nosuch', items: 1, orders: 1, customers: 1, now })).rejects.toThrow(/No brand nosuch/)
  })
})
