import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * Schema work that must not lock a live table (docs/operations.md "Migrations on a live
 * database"). Kysely's migrator runs a release's migrations in one transaction on
 * PostgreSQL, and a plain CREATE INDEX there blocks every write to the table until it
 * is built. An index a migration declares here is built after the migrations, outside
 * any transaction, with CREATE INDEX CONCURRENTLY (writes go on meanwhile); on SQLite (one
 * machine, one writer) it is a plain CREATE INDEX. Building is idempotent: an index
 * already there and valid is left alone, and one a failed concurrent build left invalid is
 * dropped and built again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export interface OnlineIndex {
  name: string
  table: string
  columns: string[]
  /** a partial index's condition, as SQL both dialects read (`sent_at is null`) */
  where?: string
}

const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter

/** Whether the index exists in the connection's schema, and (PostgreSQL) whether it is valid. */
async function indexState(db: Db, name: string): Promise<'missing' | 'valid' | 'invalid'> {
  if (!isPostgres(db)) {
    const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name = ${name}`.execute(db)
    return rows.rows.length > 0 ? 'valid' : 'missing'
  }
  const rows = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_class c
    join pg_index i on i.indexrelid = c.oid
    join pg_namespace n on n.oid = c.relnamespace
    where c.relname = ${name} and n.nspname = current_schema()`.execute(db)
  const row = rows.rows[0]
  return row === undefined ? 'missing' : row.valid ? 'valid' : 'invalid'
}

/** Builds the index without holding writes up (PostgreSQL: CONCURRENTLY, outside any transaction). */
export async function buildIndexOnline(db: Db, index: OnlineIndex): Promise<'built' | 'there'> {
  const state = await indexState(db, index.name)
  if (state === 'valid') return 'there'
  const columns = sql.join(index.columns.map((column) => sql.id(column)))
  const where = index.where ? sql` where ${sql.raw(index.where)}` : sql``
  if (!isPostgres(db)) {
    await sql`create index if not exists ${sql.id(index.name)} on ${sql.id(index.table)} (${columns})${where}`.execute(db)
    return 'built'
  }
  if (state === 'invalid') await sql`drop index concurrently if exists ${sql.id(index.name)}`.execute(db)
  await sql`create index concurrently ${sql.id(index.name)} on ${sql.id(index.table)} (${columns})${where}`.execute(db)
  return 'built'
}

/** Drops an online index (a migration's down), without locking the table on PostgreSQL. */
export async function dropIndexOnline(db: Db, name: string): Promise<void> {
  if (isPostgres(db)) await sql`drop index concurrently if exists ${sql.id(name)}`.execute(db)
  else await sql`drop index if exists ${sql.id(name)}`.execute(db)
}
