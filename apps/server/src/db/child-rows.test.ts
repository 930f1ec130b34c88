import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/database-template.ts'
import type { StoreDb } from './connection.ts'

/**
 * A size written without its brand takes its item's (migration 007), found through the items'
 * primary key (037): adding an item's sizes must not read the whole catalogue, which on a large
 * one made a new item take seconds.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a child row takes its owner brand by the owner key (postgres)', () => {
  let database: { store: StoreDb; close(): Promise<void> }
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
  })
  afterAll(() => database.close())

  it('fills the brand of a size from its item without scanning the items', async () => {
    const db = database.store.db
    const item = await db.selectFrom('items').select(['id', 'brand_id']).where('brand_id', '=', 'ckb').orderBy('id').executeTakeFirstOrThrow()
    const scans = async () => {
      await sql`select pg_stat_clear_snapshot()`.execute(db)
      const row = await sql<{ n: string }>`select coalesce(seq_scan, 0)::text as n from pg_stat_user_tables where relname = 'items' and schemaname = current_schema()`.execute(db)
      return Number(row.rows[0]?.n ?? 0)
    }
    await sql`set enable_seqscan = on`.execute(db)
    const before = await scans()
    await db.insertInto('item_sizes').values({ item_id: item.id, size: '7XL', stock: 3, position: 99 }).execute()
    // the statistics collector reports a session's counts when its transaction ends
    await sql`select pg_stat_force_next_flush()`.execute(db)
    const after = await scans()
    const written = await db.selectFrom('item_sizes').select('brand_id').where('item_id', '=', item.id).where('size', '=', '7XL').executeTakeFirstOrThrow()
    expect(written.brand_id).toBe(item.brand_id)
    expect(after - before).toBe(0)
  })
})

/** 037: a brand's child rows are found through their owner's key, not by reading the brand's every row. */
describe('child rows are read through their owner key (sqlite)', () => {
  let database: { store: StoreDb; close(): Promise<void> }
  beforeAll(async () => {
    database = await openTestDatabase('sqlite')
  })
  afterAll(() => database.close())

  it.each([
    ['cart_lines', 'cart_id', "'c1'"],
    ['order_lines', 'order_number', "'1234567890'"],
    ['item_sizes', 'item_id', '1001'],
    ['item_images', 'item_id', '1001'],
    ['shipments', 'order_number', "'1234567890'"],
  ])('%s by %s', async (table, column, value) => {
    const plan = await sql<{
      detail: string
    }>`explain query plan select * from ${sql.table(table)} where brand_id = 'popfitclothing' and ${sql.ref(column)} in (${sql.raw(value)})`.execute(database.store.db)
    const detail = plan.rows.map((row) => row.detail).join(' | ')
    expect(detail).toMatch(new RegExp(`USING (COVERING )?INDEX \\S+ \\(${column}=\\?`))
    expect(detail).not.toMatch(/\(brand_id=\?\)/)
  })
})
