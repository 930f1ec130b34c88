import type { Kysely } from 'kysely'

/**
 * The public forms (contact, feedback) and e-mail changes count in
 * throttle_events like every other limit (accounts/request-limits.ts), so the
 * fixed-window form_counters of migration 005 goes. Its counts were for the
 * current hour only: nothing of value is lost.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema.dropTable('form_counters').ifExists().execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createTable('form_counters')
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('form_counters_pk', ['brand_id', 'key', 'window_start'])
    .execute()
}
