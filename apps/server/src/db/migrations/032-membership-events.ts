import { sql, type Kysely } from 'kysely'

/**
 * The club's history (docs/admin-club.md): one row for each change of a membership's
 * state (join, skip, pause, cancel, a charge that failed, a retry that paid, the end of
 * the retries ...) and for the cancel page's save offer being shown, written in the
 * transaction of the change by membership/membership-events.ts. The club's health
 * figures (members by state over time, joins and cancels by month, save rate, payment
 * recovery, cohorts) are read from it. Memberships already there get their join, and
 * their end where they have ended, so the figures start from what is known.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('membership_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('membership_id', 'text', (c) => c.notNull().references('memberships.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('cause', 'text')
    .addColumn('retry_day', 'integer')
    .addColumn('staff_id', 'text')
    .addColumn('detail_json', 'text')
    .execute()
  // members by state over time: every change of state up to a month, grouped (an index-only scan)
  await db.schema.createIndex('membership_events_month').on('membership_events').columns(['brand_id', 'month', 'from_status', 'to_status', 'membership_id']).execute()
  // the figures of one kind of event in a range of months, counted by member (an index-only scan)
  await db.schema
    .createIndex('membership_events_event')
    .on('membership_events')
    .columns(['brand_id', 'event', 'month', 'membership_id', 'from_status', 'cause', 'retry_day', 'day', 'at'])
    .execute()
  // a member's history, and "the state on a day" of the members list
  await db.schema.createIndex('membership_events_member').on('membership_events').columns(['membership_id', 'day', 'at', 'event', 'to_status']).execute()
  // members by state today and the monthly recurring revenue (an index-only scan)
  await db.schema.createIndex('memberships_brand_state_amounts').on('memberships').columns(['brand_id', 'status', 'amount_cents', 'pause_monthly_price_cents']).execute()
  // cohorts by the month a membership was made
  await db.schema.createIndex('memberships_brand_created').on('memberships').columns(['brand_id', 'created_at']).execute()

  await sql`
    insert into membership_events (id, brand_id, membership_id, at, day, month, event, from_status, to_status)
    select 'backfill-join-' || id, brand_id, id, created_at, substr(created_at, 1, 10), substr(created_at, 1, 7), 'join', null, 'active'
    from memberships`.execute(db)
  await sql`
    insert into membership_events (id, brand_id, membership_id, at, day, month, event, from_status, to_status)
    select 'backfill-end-' || id, brand_id, id, cancelled_at, substr(cancelled_at, 1, 10), substr(cancelled_at, 1, 7), 'cancel', 'active', 'cancelled'
    from memberships where status = 'cancelled' and cancelled_at is not null`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('memberships_brand_created').execute()
  await db.schema.dropIndex('memberships_brand_state_amounts').execute()
  await db.schema.dropTable('membership_events').execute()
}
