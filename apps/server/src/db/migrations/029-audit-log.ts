import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * The audit log of the operator area (docs/staff.md): who (staff id), when, from which
 * address, what (action, entity and id) and the values before and after, written in the
 * transaction of the change (staff/audit.ts). Append-only: the database itself refuses an
 * UPDATE or DELETE of a row (a trigger on both dialects; TRUNCATE too on PostgreSQL).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export const AUDIT_APPEND_ONLY = 'the audit log is append-only'

const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('staff_id', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute()
  await db.schema.createIndex('audit_log_brand_at').on('audit_log').columns(['brand_id', 'at', 'id']).execute()
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['brand_id', 'entity', 'entity_id', 'at']).execute()
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['brand_id', 'staff_id', 'at']).execute()

  if (isPostgres(db)) {
    await sql`
      create or replace function audit_log_refuse() returns trigger language plpgsql as $$
      begin
        raise exception ${sql.lit(AUDIT_APPEND_ONLY)};
      end $$`.execute(db)
    await sql`create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_refuse()`.execute(db)
    await sql`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_refuse()`.execute(db)
    return
  }
  await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, ${sql.lit(AUDIT_APPEND_ONLY)}); end`.execute(db)
  await sql`create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, ${sql.lit(AUDIT_APPEND_ONLY)}); end`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('audit_log').execute()
  if (!isPostgres(db)) return
  await sql`drop function if exists audit_log_refuse()`.execute(db)
}
