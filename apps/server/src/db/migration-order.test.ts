import { randomBytes } from 'node:crypto'
import { Migrator, sql, type Kysely, type Migration } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { DIALECTS } from '../test/harness.ts'
import { dialectOf, openDatabase, type StoreDb } from './connection.ts'
import { migrateToLatest, migrations } from './migrate.ts'
import type { Database } from './schema.ts'

/**
 * Two migrations share the number 007 (docs/decisions/163-two-migrations-numbered-007.md).
 * A new database runs them in the order of their names (007-brand-isolation, then
 * 007-club); a database migrated while only 007-club and 008 had landed ran those
 * first and 007-brand-isolation after them. Both roads must end in the same tables.
 */

/** An empty database of the dialect (PostgreSQL: a schema of its own), and how to drop it. */
async function emptyDatabase(dialect: 'sqlite' | 'postgres'): Promise<{ store: StoreDb; schema?: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const store = openDatabase('sqlite::memory:')
    return { store, drop: () => store.close() }
  }
  const base = process.env.TEST_DATABASE_URL!
  const schema = `t_${randomBytes(6).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base })
    await client.connect()
    await client.query(statement).finally(() => client.end())
  }
  await admin(`create schema ${schema}`)
  const separator = base.includes('?') ? '&' : '?'
  const store = openDatabase(`${base}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`)
  return {
    store,
    schema,
    async drop() {
      await store.close()
      await admin(`drop schema ${schema} cascade`)
    },
  }
}

/** Runs the named migrations only, as a store deployed when only those had landed. */
async function migrateOnly(db: Kysely<Database>, schema: string | undefined, names: string[]): Promise<void> {
  const landed = Object.fromEntries(names.map((name): [string, Migration] => [name, migrations[name]!]))
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => landed },
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error
}

/** Everything a migration makes, in words, sorted: columns, indexes, constraints, triggers. */
async function describeSchema(db: Kysely<Database>, schema: string | undefined): Promise<string[]> {
  const lines: string[] = []
  if (dialectOf(db) === 'sqlite') {
    const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
    for (const { name } of tables) {
      const { rows: columns } = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
        select name, type, "notnull", dflt_value, pk from pragma_table_info(${name})`.execute(db)
      for (const column of columns) lines.push(`column ${name}.${column.name} ${column.type} notnull=${column.notnull} default=${column.dflt_value} pk=${column.pk}`)
      const { rows: keys } = await sql<{ from: string; table: string; to: string }>`select "from", "table", "to" from pragma_foreign_key_list(${name})`.execute(db)
      for (const key of keys) lines.push(`foreign key ${name}.${key.from} -> ${key.table}.${key.to}`)
    }
    const { rows: objects } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where type in ('index', 'trigger')`.execute(db)
    for (const object of objects) lines.push(`${object.type} ${object.name} ${(object.sql ?? 'automatic').replace(/\s+/g, ' ')}`)
  } else {
    const { rows } = await sql<{ line: string }>`
      select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' nullable=' || is_nullable || ' default=' || coalesce(column_default, '-') as line
        from information_schema.columns where table_schema = current_schema()
      union all
      select 'index ' || indexname || ' ' || indexdef from pg_indexes where schemaname = current_schema()
      union all
      select 'constraint ' || c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid)
        from pg_constraint c where c.connamespace = current_schema()::regnamespace
      union all
      select 'trigger ' || pg_get_triggerdef(t.oid)
        from pg_trigger t join pg_class r on r.oid = t.tgrelid
        where r.relnamespace = current_schema()::regnamespace and not t.tgisinternal`.execute(db)
    // the schema's own name appears in index and trigger definitions
    for (const { line } of rows) lines.push(schema ? line.replaceAll(`${schema}.`, '') : line)
  }
  return lines.sort()
}

describe.each(DIALECTS)('the two migrations numbered 007 (%s)', (dialect) => {
  const made: { drop(): Promise<void> }[] = []
  afterAll(async () => {
    for (const database of made) await database.drop()
  })

  it('a store that ran 007-club and 008 before 007-brand-isolation ends with the same tables as a new one', async () => {
    const fresh = await emptyDatabase(dialect)
    const deployed = await emptyDatabase(dialect)
    made.push(fresh, deployed)
    await migrateToLatest(fresh.store.db)

    const names = Object.keys(migrations)
    const before = names.filter((name) => name < '007-brand-isolation' || name === '007-club' || name.startsWith('008-'))
    await migrateOnly(deployed.store.db, deployed.schema, before)
    await migrateToLatest(deployed.store.db)

    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by timestamp, name`.execute(deployed.store.db)
    const ranAs = rows.map((row) => row.name)
    expect(ranAs.indexOf('007-club')).toBeLessThan(ranAs.indexOf('007-brand-isolation'))
    expect(ranAs.indexOf('008-members-orders')).toBeLessThan(ranAs.indexOf('007-brand-isolation'))
    expect(await describeSchema(deployed.store.db, deployed.schema)).toEqual(await describeSchema(fresh.store.db, fresh.schema))
  })
})
