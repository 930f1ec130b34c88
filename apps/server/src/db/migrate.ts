import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import * as m001 from './migrations/001-store.ts'
import * as m002 from './migrations/002-accounts.ts'
import * as m004 from './migrations/004-hardening.ts'

/** Migrations are listed here, not read from disk, so any bundler or runner finds them. */
const migrations: Record<string, Migration> = {
  '001-store': m001,
  '002-accounts': m002,
  '004-hardening': m004,
}

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations
  }
}

// biome-ignore lint: the migrator works on any database
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // PostgreSQL: the migration tables live in the connection's own schema, named, since
  // Kysely otherwise takes a lock table found in any schema for its own (tests run one schema per file)
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined
  const migrator = new Migrator({ db, provider: new StaticProvider(), migrationTableSchema: schema })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName)
    throw new Error(`Migration failed: ${reason}`)
  }
}
