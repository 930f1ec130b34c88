import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'

/**
 * A row's brand must be a brand the store has, on both databases; on PostgreSQL without locking
 * the brand's row (migration 052: every shopper's write pointed at it).
 */
describe.each(DIALECTS)('the brand a row points at on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const newCart = (brandId: string) => {
    const now = new Date().toISOString()
    return t.store.db.insertInto('carts').values({ id: randomUUID(), brand_id: brandId, customer_id: null, session_key: null, created_at: now, updated_at: now }).execute()
  }

  it('refuses a row of a brand the store does not have, and a change of brand to one', async () => {
    await expect(newCart('no-such-brand')).rejects.toThrow()
    await newCart('glow')
    await expect(t.store.db.updateTable('carts').set({ brand_id: 'no-such-brand' }).where('brand_id', '=', 'glow').execute()).rejects.toThrow()
  })

  it('never lets a brand with rows go', async () => {
    await newCart('ckb')
    await expect(t.store.db.deleteFrom('brands').where('id', '=', 'ckb').execute()).rejects.toThrow()
    expect(await t.store.db.selectFrom('brands').select('id').where('id', '=', 'ckb').executeTakeFirst()).toEqual({ id: 'ckb' })
  })

  it.runIf(dialect === 'postgres')('writes a shopper’s cart without holding a lock on the brand while its transaction is open', async () => {
    const where = (await sql<{ database: string; schema: string }>`select current_database() as database, current_schema() as schema`.execute(t.store.db)).rows[0]!
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.pathname = `/${where.database}`
    const other = new pg.Client({ connectionString: url.toString(), options: `-c search_path=${where.schema}` })
    await other.connect()
    try {
      await t.store.db.transaction().execute(async (trx) => {
        const now = new Date().toISOString()
        await trx.insertInto('carts').values({ id: randomUUID(), brand_id: 'popfitclothing', customer_id: null, session_key: null, created_at: now, updated_at: now }).execute()
        // a foreign key to brands would hold FOR KEY SHARE on the brand's row until the commit: NOWAIT would fail
        const locked = await other.query(`select id from brands where id = 'popfitclothing' for update nowait`)
        expect(locked.rows).toEqual([{ id: 'popfitclothing' }])
      })
    } finally {
      await other.end()
    }
  })
})
