import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import * as m001 from './migrations/001-store.ts'
import * as m002 from './migrations/002-accounts.ts'
import * as m003 from './migrations/003-checkout.ts'
import * as m004 from './migrations/004-hardening.ts'
import * as m005 from './migrations/005-members.ts'
import * as m006 from './migrations/006-cart-integrity.ts'
import * as m007 from './migrations/007-brand-isolation.ts'
import * as m007club from './migrations/007-club.ts'
import * as m008 from './migrations/008-members-orders.ts'
import * as m009 from './migrations/009-tracking-brand.ts'
import * as m010 from './migrations/010-one-throttle.ts'
import * as m011 from './migrations/011-front-image-index.ts'
import * as m012 from './migrations/012-session-orders.ts'
import * as m013 from './migrations/013-offer-pending-line.ts'
import * as m014 from './migrations/014-sweeper-indexes.ts'
import * as m015 from './migrations/015-declined-offers.ts'
import * as m016 from './migrations/016-order-club-fee.ts'
import * as m017 from './migrations/017-first-order-codes.ts'
import * as m018 from './migrations/018-spent-tokens.ts'
import * as m019 from './migrations/019-waiting-orders.ts'
import * as m020 from './migrations/020-order-bundle-discount.ts'
import * as m021 from './migrations/021-attempt-owner.ts'
import * as m022 from './migrations/022-card-setups.ts'
import * as m023 from './migrations/023-discount-code-claims.ts'
import * as m024 from './migrations/024-order-history.ts'
import * as m025 from './migrations/025-payments-ledger.ts'
import * as m026 from './migrations/026-returns.ts'
import * as m027 from './migrations/027-operator-orders.ts'
import * as m028 from './migrations/028-staff.ts'
import * as m029 from './migrations/029-audit-log.ts'
import * as m030 from './migrations/030-customer-care.ts'
import * as m031 from './migrations/031-item-photos.ts'
import * as m032 from './migrations/032-membership-events.ts'
import * as m033 from './migrations/033-promotions.ts'
import * as m034 from './migrations/034-conversions-outbox.ts'
import * as m036 from './migrations/036-outbox-waiting-index.ts'
import * as m037 from './migrations/037-child-rows-by-owner-key.ts'
import * as m038 from './migrations/038-club-fee-ledger.ts'
import * as m040 from './migrations/040-exchange-lines.ts'
import * as m041 from './migrations/041-content-versions.ts'
import * as m043 from './migrations/043-club-months.ts'
import * as m045 from './migrations/045-pixel-events-by-visitor.ts'
import * as m046 from './migrations/046-attempts-by-payment.ts'
import * as m047 from './migrations/047-throttle-unlogged.ts'
import * as m050 from './migrations/050-content-page-status.ts'
import * as m051 from './migrations/051-category-cards-in-order.ts'
import * as m052 from './migrations/052-brand-key-without-locks.ts'
import * as m053 from './migrations/053-test-gateway-unlogged.ts'
import * as m054 from './migrations/054-memberships-due-in-order.ts'
import { buildIndexOnline, type OnlineIndex } from './migrate-online.ts'

/**
 * Migrations are listed here, not read from disk, so any bundler or runner finds them.
 * Kysely runs them in the order of their names and records each name: a name, once
 * deployed, is never changed (docs/decisions/163-two-migrations-numbered-007.md).
 */
export const migrations: Record<string, Migration> = {
  '001-store': m001,
  '002-accounts': m002,
  '003-checkout': m003,
  '004-hardening': m004,
  '005-members': m005,
  '006-cart-integrity': m006,
  '007-brand-isolation': m007,
  '007-club': m007club,
  '008-members-orders': m008,
  '009-tracking-brand': m009,
  '010-one-throttle': m010,
  '011-front-image-index': m011,
  '012-session-orders': m012,
  '013-offer-pending-line': m013,
  '014-sweeper-indexes': m014,
  '015-declined-offers': m015,
  '016-order-club-fee': m016,
  '017-first-order-codes': m017,
  '018-spent-tokens': m018,
  '019-waiting-orders': m019,
  '020-order-bundle-discount': m020,
  '021-attempt-owner': m021,
  '022-card-setups': m022,
  '023-discount-code-claims': m023,
  '024-order-history': m024,
  '025-payments-ledger': m025,
  '026-returns': m026,
  '027-operator-orders': m027,
  '028-staff': m028,
  '029-audit-log': m029,
  '030-customer-care': m030,
  '031-item-photos': m031,
  '032-membership-events': m032,
  '033-promotions': m033,
  '034-conversions-outbox': m034,
  '036-outbox-waiting-index': m036,
  '037-child-rows-by-owner-key': m037,
  '038-club-fee-ledger': m038,
  '040-exchange-lines': m040,
  '041-content-versions': m041,
  '043-club-months': m043,
  '045-pixel-events-by-visitor': m045,
  '046-attempts-by-payment': m046,
  '047-throttle-unlogged': m047,
  '050-content-page-status': m050,
  '051-category-cards-in-order': m051,
  '052-brand-key-without-locks': m052,
  '053-test-gateway-unlogged': m053,
  '054-memberships-due-in-order': m054,
}

/** Indexes the migrations declare to be built online, after them and outside their transaction (db/migrate-online.ts). */
const ONLINE_INDEXES: OnlineIndex[] = [...m036.online, ...m045.online, ...m046.online, ...m051.online, ...m054.online]

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any database
async function migratorFor(db: Kysely<any>): Promise<Migrator> {
  // On PostgreSQL the migrator's own tables live in the connection's schema: named
  // explicitly, or it would take another schema's lock table for ours (tests run
  // each store in a schema of its own, side by side)
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined
  // migrations written side by side may land out of order; each stands alone, so a database
  // that already ran a later one still takes an earlier one that arrives after it
  return new Migrator({
    db,
    provider: new StaticProvider(),
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  })
}

/** The names of this build's migrations the database has not run yet (all of them on an empty database). */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any database
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const known = await (await migratorFor(db)).getMigrations()
  return known.filter((migration) => !migration.executedAt).map((migration) => migration.name)
}

/**
 * Start-up's part (main.ts): migrate when asked (MIGRATE_ON_START), else refuse a
 * database that has not run every migration of this build, saying what to do.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any database
export async function migrateOrRequireCurrent(db: Kysely<any>, migrate: boolean): Promise<string[]> {
  if (migrate) return migrateToLatest(db)
  const pending = await pendingMigrations(db)
  if (pending.length > 0) {
    const some = pending.slice(0, 3).join(', ') + (pending.length > 3 ? ', ...' : '')
    throw new Error(
      `The database is behind this build: ${pending.length} migration${pending.length === 1 ? '' : 's'} not run (${some}). ` +
        'Run `npm run migrate` with the same DATABASE_URL first, then start the store (or set MIGRATE_ON_START=true to migrate at start-up).',
    )
  }
  return []
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any database
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = await migratorFor(db)
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName)
    throw new Error(`Migration failed: ${reason}`)
  }
  // after the migrations, outside their transaction: indexes of live tables, built without locking them
  await buildOnlineIndexes(db)
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}

/** Builds every online index that is missing (or left invalid by a failed build); quick when all are there. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any database
export async function buildOnlineIndexes(db: Kysely<any>): Promise<string[]> {
  const built: string[] = []
  for (const index of ONLINE_INDEXES) if ((await buildIndexOnline(db, index)) === 'built') built.push(index.name)
  return built
}
