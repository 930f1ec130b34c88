import { fileURLToPath } from 'node:url'
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../test/database-template.ts'
import { DIALECTS } from '../test/harness.ts'
import { dialectOf } from './connection.ts'
import { readDeclaredTables, type ColumnKind, type DeclaredColumn, type DeclaredTables } from './declared-tables.ts'
import type { Database } from './schema.ts'

/**
 * db/schema.ts is written by hand: this holds it against the tables the
 * migrations make, on each database (docs/decisions/162-table-types-checked-against-the-database.md).
 */
const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url))

/** The database's column types, as the drivers hand their values to the store. */
const KINDS: Record<string, ColumnKind> = {
  // SQLite (declared type names) and PostgreSQL (pg_type names)
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  integer: 'number',
  int: 'number',
  int2: 'number',
  int4: 'number',
  // read as a number by connection.ts's type parser
  int8: 'number',
  bigint: 'number',
  real: 'number',
  float4: 'number',
  float8: 'number',
  bool: 'boolean',
  boolean: 'boolean',
}

interface ActualColumn {
  /** the database's type name, lower case */
  type: string
  nullable: boolean
  /** has a default, counts up by itself, or an insert trigger fills it */
  generated: boolean
  filledByTrigger: boolean
}

type ActualTables = Map<string, Map<string, ActualColumn>>

/** Table -> columns an insert trigger fills when a row leaves them out. */
async function triggerFilledColumns(db: Kysely<Database>): Promise<Map<string, Set<string>>> {
  const filled = new Map<string, Set<string>>()
  const add = (table: string, column: string) => filled.set(table, (filled.get(table) ?? new Set()).add(column))
  if (dialectOf(db) === 'postgres') {
    // row triggers on insert (tgtype bit 2) in this schema, and the source of their function
    const { rows } = await sql<{ table_name: string; source: string }>`
      select c.relname as table_name, p.prosrc as source
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = t.tgfoid
      where n.nspname = current_schema() and not t.tgisinternal and (t.tgtype & 4) <> 0`.execute(db)
    for (const { table_name, source } of rows) {
      for (const match of source.matchAll(/\bnew\.(\w+)\s*:=/gi)) add(table_name, match[1]!.toLowerCase())
    }
  } else {
    const { rows } = await sql<{ table_name: string; source: string }>`
      select tbl_name as table_name, sql as source from sqlite_master where type = 'trigger'`.execute(db)
    for (const { table_name, source } of rows) {
      if (!/\b(before|after)\s+insert\b/i.test(source)) continue
      const setsOwnRow = new RegExp(`\\bupdate\\s+"?${table_name}"?\\s+set\\s+"?(\\w+)"?\\s*=`, 'gi')
      for (const match of source.matchAll(setsOwnRow)) add(table_name, match[1]!.toLowerCase())
    }
  }
  return filled
}

/**
 * SQLite's primary key columns of a table, and whether the table counts its
 * integer key up by itself (AUTOINCREMENT).
 */
async function sqliteKeys(db: Kysely<Database>, table: string): Promise<{ keys: Set<string>; autoincrement: boolean }> {
  const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(db)
  const { rows: definition } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db)
  return {
    keys: new Set(rows.filter((row) => row.pk > 0).map((row) => row.name)),
    autoincrement: /\bautoincrement\b/i.test(definition[0]?.sql ?? ''),
  }
}

async function readActualTables(db: Kysely<Database>): Promise<ActualTables> {
  const postgres = dialectOf(db) === 'postgres'
  const schema = postgres ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined
  const filled = await triggerFilledColumns(db)
  const tables: ActualTables = new Map()
  for (const table of await db.introspection.getTables()) {
    if (table.isView || (postgres && table.schema !== schema)) continue
    // SQLite lets a primary key other than INTEGER PRIMARY KEY hold NULL (a legacy
    // quirk the store never uses: every insert gives the key), and makes an INTEGER
    // PRIMARY KEY the rowid, filled when left out; the store gives those ids
    // explicitly (decision 001), so only AUTOINCREMENT counts as filled
    const sqlite = postgres ? undefined : await sqliteKeys(db, table.name)
    const columns = new Map<string, ActualColumn>()
    for (const column of table.columns) {
      const filledByTrigger = filled.get(table.name)?.has(column.name) ?? false
      const key = sqlite?.keys.has(column.name) ?? false
      const autoIncrementing = column.isAutoIncrementing && (postgres || sqlite?.autoincrement === true)
      columns.set(column.name, {
        type: column.dataType.toLowerCase(),
        nullable: column.isNullable && !key,
        generated: column.hasDefaultValue || autoIncrementing || filledByTrigger,
        filledByTrigger,
      })
    }
    tables.set(table.name, columns)
  }
  return tables
}

const describeColumn = (column: DeclaredColumn) => `${column.generated ? 'Generated<' : ''}${column.kind}${column.nullable ? ' | null' : ''}${column.generated ? '>' : ''}`

/** Every way schema.ts and the database disagree, in words. */
function differences(declared: DeclaredTables, actual: ActualTables, dialect: string): string[] {
  const found: string[] = []
  for (const table of declared.keys()) if (!actual.has(table)) found.push(`${table}: in schema.ts, no such table in the ${dialect} database`)
  for (const [table, columns] of actual) {
    const declaredColumns = declared.get(table)
    if (!declaredColumns) {
      found.push(`${table}: a table of the ${dialect} database missing from schema.ts's Database`)
      continue
    }
    for (const column of declaredColumns.keys()) if (!columns.has(column)) found.push(`${table}.${column}: in schema.ts, no such column in the ${dialect} database`)
    for (const [name, column] of columns) {
      const mine = declaredColumns.get(name)
      if (!mine) {
        found.push(`${table}.${name}: a column of the ${dialect} database (${column.type}${column.nullable ? ', null' : ', not null'}) missing from schema.ts`)
        continue
      }
      const where = `${table}.${name}: schema.ts says ${describeColumn(mine)}, the ${dialect} database has ${column.type}`
      const kind = KINDS[column.type]
      if (!kind) found.push(`${where}, a type this test does not know (add it to KINDS)`)
      else if (kind !== mine.kind) found.push(`${where}, read as ${kind}`)
      // SQLite cannot add a NOT NULL column without a default to a table (ALTER TABLE):
      // a column an insert trigger fills is kept filled by the triggers there
      const nullable = column.nullable && !(dialect === 'sqlite' && column.filledByTrigger && !mine.nullable)
      if (nullable !== mine.nullable) found.push(`${where} ${column.nullable ? 'null' : 'not null'}`)
      // Kysely lets an insert leave out a nullable column whether or not it is Generated
      // (the database writes NULL or its default), so Generated only tells on NOT NULL ones
      if (!mine.nullable && !nullable && column.generated !== mine.generated) {
        found.push(
          `${where} ${column.generated ? 'that the database fills (a default or a trigger): Generated<...>' : 'that nothing fills: an insert must give it, not Generated'}`,
        )
      }
    }
  }
  return found
}

describe.each(DIALECTS)('db/schema.ts against the migrated tables (%s)', (dialect) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase(dialect)
  })
  afterAll(async () => {
    await database.close()
  })

  it('declares every table and column the migrations make, with their type, nullability and defaults', async () => {
    const declared = readDeclaredTables(SCHEMA_FILE)
    const actual = await readActualTables(database.store.db)
    expect(actual.size).toBeGreaterThan(10)
    expect(differences(declared, actual, dialect)).toEqual([])
  })
})
