import { sql, type Kysely } from 'kysely'

/**
 * The VIP club (docs/club-membership.md): what a membership needs beyond SPEC §3's
 * fields to be billed (billing day, saved card, where the box goes, the failed
 * charge being retried), the charges themselves with one row per membership and
 * period (the database's guarantee of at most one charge per period), the
 * member's picks for a coming period, and the monthly orders tied to their period.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('memberships')
    .addColumn('billing_day', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  for (const [name, type] of [
    ['payment_method_id', 'text'],
    ['ship_to', 'text'],
    ['failed_on', 'text'],
    ['failed_period', 'text'],
    ['joined_on', 'text'],
    ['cancel_reasons', 'text'],
  ] as const) {
    await db.schema.alterTable('memberships').addColumn(name, type).execute()
  }
  for (const name of ['retries_done', 'was_paused', 'save_offer_seen']) {
    await db.schema
      .alterTable('memberships')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  }
  await db.schema
    .alterTable('memberships')
    .addColumn('how_many', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await db.schema.createIndex('memberships_due').on('memberships').columns(['brand_id', 'status', 'next_billing_date']).execute()

  await db.schema
    .createTable('membership_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('membership_id', 'text', (c) => c.notNull().references('memberships.id'))
    // 'YYYY-MM': the month of the billing date (core periodOf)
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('billing_date', 'text', (c) => c.notNull())
    // 'fee' (box month), 'pause_fee', 'prepaid' (no charge), 'skipped' (no charge), 'join' (charged at checkout)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    // pending -> charged | failed; 'none' for prepaid and skipped periods
    .addColumn('status', 'text', (c) => c.notNull())
    // 1 for the first try, +1 per retry: the gateway key names it
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('gateway_key', 'text')
    .addColumn('gateway_payment_id', 'text')
    .addColumn('decline_code', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('next_retry_on', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('membership_charges_period', ['membership_id', 'period'])
    .execute()
  await db.schema.createIndex('membership_charges_retry').on('membership_charges').columns(['brand_id', 'status', 'next_retry_on']).execute()

  await db.schema
    .createTable('membership_picks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('membership_id', 'text', (c) => c.notNull().references('memberships.id'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('membership_picks_one', ['membership_id', 'period', 'item_id', 'size'])
    .execute()

  await db.schema.alterTable('orders').addColumn('membership_id', 'text').execute()
  await db.schema.alterTable('orders').addColumn('club_period', 'text').execute()
  // one monthly order per membership and period
  await db.schema.createIndex('orders_club_period').unique().on('orders').columns(['membership_id', 'club_period']).where(sql.ref('membership_id'), 'is not', null).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_club_period').execute()
  await db.schema.alterTable('orders').dropColumn('club_period').execute()
  await db.schema.alterTable('orders').dropColumn('membership_id').execute()
  await db.schema.dropTable('membership_picks').execute()
  await db.schema.dropTable('membership_charges').execute()
  await db.schema.dropIndex('memberships_due').execute()
  for (const name of [
    'billing_day',
    'payment_method_id',
    'ship_to',
    'failed_on',
    'failed_period',
    'joined_on',
    'cancel_reasons',
    'retries_done',
    'was_paused',
    'save_offer_seen',
    'how_many',
  ]) {
    await db.schema.alterTable('memberships').dropColumn(name).execute()
  }
}
