/**
 * `npm run migrate`: runs this build's migrations on the database of DATABASE_URL
 * (the embedded SQLite file when unset), then seeds a new database (three brands; the
 * demo store where SEED_DEMO says, as start-up does), and prints as its last line
 * {"migrated": [names], "seeded": bool}. A step of its own before the instances of a
 * release start (they do not migrate on PostgreSQL unless MIGRATE_ON_START=true).
 * Run twice, the second run does nothing. Several at once: Kysely's migration lock
 * lets one migrate at a time. Log lines go to stderr.
 */
import { pathToFileURL } from 'node:url'
import { openDatabase } from './connection.ts'
import { migrateToLatest } from './migrate.ts'
import { seedDatabase } from './seed/index.ts'
import { parseEnv, shouldSeedDemo } from '../env.ts'

export async function migrateDatabase(source: Record<string, string | undefined> = process.env): Promise<{ migrated: string[]; seeded: boolean }> {
  // only what this step uses: the payment gateway and the rest are the instances' concern
  const env = parseEnv({ DATABASE_URL: source.DATABASE_URL, SEED_DEMO: source.SEED_DEMO })
  const store = openDatabase(env.DATABASE_URL)
  try {
    const migrated = await migrateToLatest(store.db)
    const { seeded } = await seedDatabase(store.db, { demo: shouldSeedDemo(env) })
    return { migrated, seeded }
  } finally {
    await store.close()
  }
}

// run as a program (not when a test imports it)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  migrateDatabase()
    .then((summary) => {
      process.stderr.write(
        `${JSON.stringify({ level: 'info', time: new Date().toISOString(), msg: summary.migrated.length ? `migrated: ${summary.migrated.join(', ')}` : 'the database was up to date' })}\n`,
      )
      process.stdout.write(`${JSON.stringify(summary)}\n`)
    })
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
      process.exit(1)
    })
}
