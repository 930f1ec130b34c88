import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARDS, itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { BRAND_OWNED_CHILDREN } from './migrations/007-brand-isolation.ts'
import { TRACKING_EVENTS } from './migrations/009-tracking-brand.ts'

/** Every brand-owned child table keeps to its parent's brand, by the database's own rules (migration 007). */
describe.each(DIALECTS)('brand isolation by construction on %s', (dialect) => {
  let t: TestStore
  let orderNumber: string
  const OTHER: Record<string, string> = { popfitclothing: 'ckb', ckb: 'popfitclothing', glow: 'popfitclothing' }

  beforeAll(async () => {
    t = await startTestStore(dialect)
    // rows for the tables the seed leaves empty: a cart line, an order with its lines, a shipment and its event
    const { itemId, size } = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, itemId, size)
    await shopperWithCart(t, itemId, size)
    const placed = await placeOrder(shopper, await tokenFor(shopper, CARDS.success), randomUUID())
    orderNumber = placed.json().data.order_number
    const shipmentId = randomUUID()
    // written without brand_id: the database gives them their order's brand
    await t.store.db.insertInto('shipments').values({ id: shipmentId, order_number: orderNumber, carrier: 'USPS', tracking_number: '9400', shipped_at: null }).execute()
    const brand = (await t.store.db.selectFrom('orders').select('brand_id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow()).brand_id
    const now = new Date().toISOString()
    await t.store.db
      .insertInto('tracking_events')
      .values({
        id: randomUUID(),
        brand_id: brand,
        order_number: orderNumber,
        shipment_id: shipmentId,
        event_key: `test:${shipmentId}`,
        source: 'carrier',
        status: null,
        description: 'Label created',
        occurred_at: now,
        created_at: now,
      })
      .execute()
  })
  afterAll(() => t.close())

  it('fills a row written without its brand from what owns it', async () => {
    const order = await t.store.db.selectFrom('orders').select('brand_id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow()
    const shipment = await t.store.db.selectFrom('shipments').select('brand_id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow()
    expect(shipment.brand_id).toBe(order.brand_id)
    const lines = await t.store.db.selectFrom('order_lines').select('brand_id').where('order_number', '=', orderNumber).execute()
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(line.brand_id).toBe(order.brand_id)
  })

  for (const { table, references } of [...BRAND_OWNED_CHILDREN, TRACKING_EVENTS]) {
    it(`${table}: every row has a brand, and none can take another brand's`, async () => {
      const db = t.store.db
      const missing = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where brand_id is null`.execute(db)
      expect(Number(missing.rows[0]!.n)).toBe(0)
      const row = (await sql<{ brand_id: string }>`select * from ${sql.table(table)} limit 1`.execute(db)).rows[0]
      expect(row, `${table} has a row to try`).toBeDefined()
      const owner = references[0]!
      const ownerValue = (row as Record<string, unknown>)[owner.column]
      // moving the row to another brand, its parent staying, is refused
      await expect(sql`update ${sql.table(table)} set brand_id = ${OTHER[row!.brand_id]!} where ${sql.ref(owner.column)} = ${ownerValue}`.execute(db)).rejects.toThrow()
      // pointing it at another brand's row is refused too
      for (const ref of references) {
        const foreign = await sql<{ key: unknown }>`select ${sql.ref(ref.key)} as key from ${sql.table(ref.parent)} where brand_id = ${OTHER[row!.brand_id]!} limit 1`.execute(db)
        if (!foreign.rows[0]) continue
        await expect(
          sql`update ${sql.table(table)} set ${sql.ref(ref.column)} = ${foreign.rows[0].key} where ${sql.ref(owner.column)} = ${ownerValue}`.execute(db),
        ).rejects.toThrow()
      }
      // and nothing changed
      const after = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where brand_id = ${row!.brand_id} and ${sql.ref(owner.column)} = ${ownerValue}`.execute(
        db,
      )
      expect(Number(after.rows[0]!.n)).toBeGreaterThan(0)
    })
  }
})
