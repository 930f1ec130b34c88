import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, startTestStore, type TestStore } from '../test/harness.ts'
import * as m016 from './migrations/016-order-club-fee.ts'
import * as m017 from './migrations/017-first-order-codes.ts'
import * as m018 from './migrations/018-spent-tokens.ts'
import * as m019 from './migrations/019-waiting-orders.ts'
import * as m020 from './migrations/020-order-bundle-discount.ts'
import * as m021 from './migrations/021-attempt-owner.ts'
import * as m036 from './migrations/036-outbox-waiting-index.ts'
import { buildOnlineIndexes, migrateToLatest } from './migrate.ts'

/**
 * Migrations that fill a new column from what a store already holds, run on a store with orders in
 * it (as an operator's upgrade runs them), not only on an empty database: each is taken down and up
 * again over the rows the store wrote.
 */
describe.each(DIALECTS)('upgrading a store with orders on %s', (dialect) => {
  let t: TestStore
  let joined: string
  let plain: string
  let unused: string

  beforeAll(async () => {
    t = await startTestStore(dialect)
    const item = await itemWithStock(t, 5)
    const member = await shopperWithCart(t, item.itemId, item.size)
    expect((await member.post('/api/register', { name: 'Una Upgrade', email: `upgrade-${randomUUID()}@example.com`, password: 'leggings-forever' })).statusCode).toBe(200)
    joined = dataOf<{ order_number: string }>(await placeOrder(member, await tokenFor(member), randomUUID(), { checkout_flow: 'checkout_club_flow' })).order_number
    const visitor = await shopperWithCart(t, item.itemId, item.size)
    plain = dataOf<{ order_number: string }>(await placeOrder(visitor, await tokenFor(visitor))).order_number
    unused = await tokenFor(visitor)
  })
  afterAll(() => t.close())

  const feeOf = async (orderNumber: string) =>
    (await t.store.db.selectFrom('orders').select('club_fee_cents').where('order_number', '=', orderNumber).executeTakeFirstOrThrow()).club_fee_cents

  it("016 gives an order that joined the club its first month's fee back from its subtotal less its lines, and others 0", async () => {
    expect(await feeOf(joined)).toBe(2499)
    await m017.down(t.store.db)
    await m016.down(t.store.db)
    await m016.up(t.store.db)
    await m017.up(t.store.db)
    expect(await feeOf(joined)).toBe(2499)
    expect(await feeOf(plain)).toBe(0)
  })

  it('017 marks the store’s first-order codes, and only those', async () => {
    await m017.down(t.store.db)
    await m017.up(t.store.db)
    const marked = await t.store.db.selectFrom('discount_codes').select('code').distinct().where('first_order_only', '=', 1).orderBy('code').execute()
    expect(marked.map((row) => row.code)).toEqual(['10FIRST', 'FIRST15'])
  })

  it('018 marks every test token a charge used as used by its first charge, and leaves a token nobody charged unused', async () => {
    await m018.down(t.store.db)
    await m018.up(t.store.db)
    const tokens = await t.store.db.selectFrom('test_gateway_tokens').select(['token', 'used_at', 'used_by']).execute()
    const charges = await t.store.db.selectFrom('test_gateway_charges').select(['token', 'idempotency_key', 'created_at']).orderBy('created_at').orderBy('id').execute()
    expect(charges.length).toBeGreaterThanOrEqual(2)
    for (const { token, used_at, used_by } of tokens) {
      const first = charges.find((charge) => charge.token === token)
      expect({ token, used_at, used_by }).toEqual(first ? { token, used_at: first.created_at, used_by: first.idempotency_key } : { token, used_at: null, used_by: null })
    }
    expect(tokens.find((row) => row.token === unused)).toMatchObject({ used_at: null })
  })

  it("019 is taken down and up again over a store with orders: the waiting orders' two indexes go and come back", async () => {
    const names = async () => {
      const rows =
        dialect === 'sqlite'
          ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name like 'orders_%_waiting'`.execute(t.store.db)
          : await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and indexname like 'orders_%_waiting'`.execute(t.store.db)
      return rows.rows.map((row) => row.name).sort()
    }
    expect(await names()).toEqual(['orders_customer_waiting', 'orders_visitor_waiting'])
    await m019.down(t.store.db)
    expect(await names()).toEqual([])
    await m019.up(t.store.db)
    expect(await names()).toEqual(['orders_customer_waiting', 'orders_visitor_waiting'])
  })

  it('020 is taken down and up again over a store with orders: they keep their discount, and the bundle part starts at 0 (one row, as before)', async () => {
    await m020.down(t.store.db)
    await m020.up(t.store.db)
    const rows = await t.store.db.selectFrom('orders').select(['order_number', 'bundle_discount_cents']).where('order_number', 'in', [joined, plain]).execute()
    expect(rows.map((row) => row.bundle_discount_cents)).toEqual([0, 0])
  })

  it('021 is taken down and up again over a store with payment attempts: they keep their payment, and their owner is unknown after (null)', async () => {
    const before = await t.store.db.selectFrom('checkout_attempts').select(['idempotency_key', 'payment_id', 'visitor_id']).orderBy('idempotency_key').execute()
    expect(before.length).toBeGreaterThanOrEqual(2)
    expect(before.every((row) => row.visitor_id !== null)).toBe(true)
    await m021.down(t.store.db)
    await m021.up(t.store.db)
    const after = await t.store.db.selectFrom('checkout_attempts').select(['idempotency_key', 'payment_id', 'visitor_id']).orderBy('idempotency_key').execute()
    expect(after).toEqual(before.map((row) => ({ ...row, visitor_id: null })))
  })

  /** The index of the outbox's waiting e-mails: absent, or there and (PostgreSQL) valid or not. */
  const waitingIndex = async (): Promise<'missing' | 'valid' | 'invalid'> => {
    if (dialect === 'sqlite') {
      const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name = 'outbox_emails_waiting'`.execute(t.store.db)
      return rows.rows.length > 0 ? 'valid' : 'missing'
    }
    const rows = await sql<{ valid: boolean }>`select i.indisvalid as valid from pg_class c join pg_index i on i.indexrelid = c.oid join pg_namespace n on n.oid = c.relnamespace
      where c.relname = 'outbox_emails_waiting' and n.nspname = current_schema()`.execute(t.store.db)
    return rows.rows[0] === undefined ? 'missing' : rows.rows[0].valid ? 'valid' : 'invalid'
  }

  it("036 applies to the previous release's database with orders and e-mails in it, through the migrator; its index is built after, outside the transaction (CONCURRENTLY on PostgreSQL)", async () => {
    const emails = await t.store.db.selectFrom('outbox_emails').select(['id', 'sent_at']).orderBy('id').execute()
    expect(emails.length).toBeGreaterThanOrEqual(2)
    expect(await waitingIndex()).toBe('valid')
    // the previous release's database: 036 not run, its index not there
    await m036.down(t.store.db)
    await sql`delete from kysely_migration where name = '036-outbox-waiting-index'`.execute(t.store.db)
    expect(await waitingIndex()).toBe('missing')
    // the release's `npm run migrate`: the migrator runs 036 (in its transaction), then the index is built
    // outside it; CREATE INDEX CONCURRENTLY inside a transaction would have failed
    expect(await migrateToLatest(t.store.db)).toEqual(['036-outbox-waiting-index'])
    expect(await waitingIndex()).toBe('valid')
    expect(await t.store.db.selectFrom('outbox_emails').select(['id', 'sent_at']).orderBy('id').execute()).toEqual(emails)
    // run again, nothing to do
    expect(await migrateToLatest(t.store.db)).toEqual([])
    expect(await buildOnlineIndexes(t.store.db)).toEqual([])
  })

  it.skipIf(dialect === 'sqlite')('builds again an index a failed concurrent build left invalid', async () => {
    await sql`update pg_index set indisvalid = false where indexrelid = (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relname = 'outbox_emails_waiting' and n.nspname = current_schema())`.execute(
      t.store.db,
    )
    expect(await waitingIndex()).toBe('invalid')
    expect(await buildOnlineIndexes(t.store.db)).toEqual(['outbox_emails_waiting'])
    expect(await waitingIndex()).toBe('valid')
  })
})
