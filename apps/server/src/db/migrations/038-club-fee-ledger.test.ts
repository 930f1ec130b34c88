import { Migrator, sql, type Migration } from 'kysely'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../connection.ts'
import { migrations } from '../migrate.ts'
import { up } from './038-club-fee-ledger.ts'

/**
 * Migration 038 on SQLite, which cannot drop a NOT NULL: the payments table is made again. A store
 * with a charge, its refund and the refund's lines keeps them all, still referenced, and a paused
 * month charged before it gets its ledger row, naming no order (decision 221).
 */
describe('migration 038: a paused month’s price in the ledger', () => {
  it('keeps the ledger and the refund lines naming it, makes order_number optional, and backfills a paused month', async () => {
    const store = openDatabase('sqlite::memory:')
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '038'))
      const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => before as Record<string, Migration> }, allowUnorderedMigrations: true })
      const { error } = await migrator.migrateToLatest()
      if (error) throw error
      const at = '2027-01-10T00:00:00.000Z'
      await sql`insert into brands (id, name, created_at) values ('b1', 'Brand', ${at})`.execute(store.db)
      await sql`insert into customers (id, brand_id, name, email, created_at) values ('c1', 'b1', 'Ada', 'ada@example.com', ${at})`.execute(store.db)
      await sql`insert into orders (order_number, brand_id, email, status, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, shipping_method,
        shipping_name, shipping_country, shipping_address, shipping_city, shipping_state, shipping_zip, billing_name, billing_country, billing_address, billing_city,
        billing_state, billing_zip, created_at)
        values ('1001', 'b1', 'ada@example.com', 'partially_refunded', 5000, 0, 0, 0, 5000, 'standard', 'Ada', 'US', '1 Way', 'Austin', 'TX', '78701', 'Ada', 'US',
        '1 Way', 'Austin', 'TX', '78701', ${at})`.execute(store.db)
      await sql`insert into payments (id, brand_id, order_number, gateway, gateway_payment_id, idempotency_key, amount_cents, status, kind, created_at, updated_at)
        values ('p1', 'b1', '1001', 'test', 'ch_1', 'checkout:b1:k', 5000, 'succeeded', 'charge', ${at}, ${at}),
               ('p2', 'b1', '1001', 'test', 're_1', 'refund:1001:r:p1', 1000, 'succeeded', 'refund', ${at}, ${at})`.execute(store.db)
      await sql`update payments set refund_of = 'p1', refund_group = 'r' where id = 'p2'`.execute(store.db)
      await sql`insert into refund_lines (id, brand_id, payment_id, order_number, order_line_id, qty, amount_cents) values ('rl1', 'b1', 'p2', '1001', 'l1', 1, 1000)`.execute(
        store.db,
      )
      await sql`insert into memberships (id, brand_id, customer_id, status, amount_cents, created_at) values ('m1', 'b1', 'c1', 'paused', 2499, ${at})`.execute(store.db)
      await sql`insert into membership_charges (id, brand_id, membership_id, period, billing_date, kind, amount_cents, status, attempt, gateway_key, gateway_payment_id, created_at, updated_at)
        values ('mc1', 'b1', 'm1', '2027-01', '2027-01-10', 'pause_fee', 499, 'charged', 1, 'club:b1:m1:2027-01:1', 'ch_2', ${at}, ${at}),
               ('mc2', 'b1', 'm1', '2027-02', '2027-02-10', 'pause_fee', 499, 'failed', 1, 'club:b1:m1:2027-02:1', null, ${at}, ${at})`.execute(store.db)

      await up(store.db)

      const rows = await store.db.selectFrom('payments').select(['id', 'order_number', 'kind', 'amount_cents', 'gateway_payment_id', 'idempotency_key']).orderBy('id').execute()
      expect(rows).toEqual([
        { id: 'club:mc1', order_number: null, kind: 'charge', amount_cents: 499, gateway_payment_id: 'ch_2', idempotency_key: 'club:b1:m1:2027-01:1' },
        { id: 'p1', order_number: '1001', kind: 'charge', amount_cents: 5000, gateway_payment_id: 'ch_1', idempotency_key: 'checkout:b1:k' },
        { id: 'p2', order_number: '1001', kind: 'refund', amount_cents: 1000, gateway_payment_id: 're_1', idempotency_key: 'refund:1001:r:p1' },
      ])
      // the refund lines still name their refund, and the references hold
      expect((await sql`pragma foreign_key_check`.execute(store.db)).rows).toEqual([])
      const indexes = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'payments' and sql is not null order by name`.execute(store.db)
      expect(indexes.rows.map((index) => index.name)).toEqual(['payments_order', 'payments_refund_key', 'payments_status'])
      // a second refund under the same key is still refused by the unique index
      await expect(
        sql`insert into payments (id, brand_id, order_number, gateway, idempotency_key, amount_cents, status, kind, created_at, updated_at)
          values ('p3', 'b1', '1001', 'test', 'refund:1001:r:p1', 1, 'pending', 'refund', ${at}, ${at})`.execute(store.db),
      ).rejects.toThrow(/UNIQUE/)
      expect(((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db)).rows[0] ?? { foreign_keys: 0 }).foreign_keys).toBe(1)
    } finally {
      await store.close()
    }
  })
})
