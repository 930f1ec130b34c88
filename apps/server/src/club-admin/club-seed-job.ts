/**
 * `npm run seed:club -- --members 100000 [--brand popfitclothing] [--months 24] [--seed 1]`:
 * writes a made-up club with two years of history (club-seed.ts) into the database of
 * DATABASE_URL (migrated first), for measuring the club's health figures. Not for a real
 * store: the members are made up. Prints {"memberships": n, "events": n, "ms": n} last.
 */
import { pathToFileURL } from 'node:url'
import { openDatabase } from '../db/connection.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { parseEnv } from '../env.ts'
import { seedClub } from './club-seed.ts'

/** The value of `--name value` or `--name=value`. */
function readOption(argv: readonly string[], name: string): string | undefined {
  const index = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))
  if (index === -1) return undefined
  const arg = argv[index]!
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1]
}

function count(argv: readonly string[], name: string, fallback: number, max: number): number {
  const value = readOption(argv, name)
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} needs a whole number from 1 to ${max}, got '${value}'`)
  return n
}

async function main() {
  const argv = process.argv.slice(2)
  const members = count(argv, 'members', 100_000, 2_000_000)
  const months = count(argv, 'months', 24, 120)
  const seed = count(argv, 'seed', 1, 2 ** 31)
  const brandId = readOption(argv, 'brand') ?? 'popfitclothing'
  const env = parseEnv()
  const store = openDatabase(env.DATABASE_URL)
  try {
    await migrateToLatest(store.db)
    const started = Date.now()
    const written = await seedClub(store.db, { brandId, members, months, seed, today: new Date().toISOString().slice(0, 10) })
    process.stdout.write(`${JSON.stringify({ ...written, ms: Date.now() - started })}\n`)
  } finally {
    await store.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}
