import { sql, type Kysely } from 'kysely'
import { isPostgresDb } from './007-brand-isolation.ts'

/**
 * A paused month's fee (membership_charges kind 'pause_fee') is money taken like the monthly fee,
 * but buys no box, so no order: its row in the payments ledger names no order (decision 221). The
 * ledger's order_number becomes optional; a charge row without one is a club fee, found by its
 * idempotency key, the period's gateway key, as the box's row is.
 *
 * SQLite cannot drop a NOT NULL: the table is made again without it (its rows, indexes and the
 * references to it kept), foreign keys off meanwhile so the refund lines that name its rows stay.
 *
 * Backfill: every paused month charged before this has its ledger row.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  if (await isPostgresDb(db)) {
    await sql`alter table payments alter column order_number drop not null`.execute(db)
  } else {
    const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'payments'`.execute(db)
    const create = table.rows[0]?.sql ?? ''
    const nullable = create.replace('"order_number" text not null references', '"order_number" text references')
    if (nullable === create) throw new Error('038: payments.order_number is not as migration 003 made it')
    const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'payments' and sql is not null`.execute(db)
    await sql`pragma foreign_keys = off`.execute(db)
    try {
      await db.transaction().execute(async (trx) => {
        await sql.raw(nullable.replace('CREATE TABLE "payments"', 'CREATE TABLE "payments_038"')).execute(trx)
        await sql`insert into payments_038 select * from payments`.execute(trx)
        await sql`drop table payments`.execute(trx)
        await sql`alter table payments_038 rename to payments`.execute(trx)
        for (const index of indexes.rows) await sql.raw(index.sql).execute(trx)
        const broken = await sql`pragma foreign_key_check`.execute(trx)
        if (broken.rows.length > 0) throw new Error('038: the payments table made again breaks a reference')
      })
    } finally {
      await sql`pragma foreign_keys = on`.execute(db)
    }
  }
  await sql`insert into payments (id, brand_id, order_number, offer_id, gateway, gateway_payment_id, idempotency_key, amount_cents, status, kind, created_at, updated_at)
    select 'club:' || c.id, c.brand_id, null, null,
      case when c.gateway_payment_id like 'pi_%' then 'stripe' else 'test' end,
      c.gateway_payment_id, c.gateway_key, c.amount_cents, 'succeeded', 'charge', c.updated_at, c.updated_at
    from membership_charges c
    where c.kind = 'pause_fee' and c.status = 'charged' and c.amount_cents > 0 and c.gateway_key is not null
      and not exists (select 1 from payments p where p.kind = 'charge' and p.idempotency_key = c.gateway_key)`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await sql`delete from payments where order_number is null`.execute(db)
  // SQLite keeps the column optional (no rows without an order are left); PostgreSQL takes the NOT NULL back
  if (await isPostgresDb(db)) await sql`alter table payments alter column order_number set not null`.execute(db)
}
