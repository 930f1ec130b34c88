/**
 * `npm run billing -- --as-of YYYY-MM-DD` (DESIGN §4): bills every membership
 * due on or before that day, for every brand with a club, on the database of
 * DATABASE_URL with the gateway of PAYMENT_GATEWAY, and prints as its last line
 * the summary {"charged": n, "failed": n, "skipped": n}. Without --as-of, today
 * (UTC). Run twice for the same day, it charges nobody twice. Log lines go to
 * stderr, so stdout's last line is always the summary.
 */
import { pathToFileURL } from 'node:url'
import { isCalendarDate } from '@store/core'
import { brandsWithOrigins } from '../brands/registry.ts'
import { openDatabase } from '../db/connection.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { parseEnv, requireConfiguredOrigins } from '../env.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { runBilling } from './billing.ts'

export function readAsOf(argv: readonly string[], today = new Date()): string {
  const index = argv.findIndex((arg) => arg === '--as-of' || arg.startsWith('--as-of='))
  if (index === -1) return today.toISOString().slice(0, 10)
  const arg = argv[index]!
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1]
  if (!isCalendarDate(value)) throw new Error(`--as-of needs a date written YYYY-MM-DD, got '${value ?? ''}'`)
  return value
}

const stderrLog = (level: string) => (details: object, message: string) =>
  process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...serializable(details) })}\n`)

function serializable(details: object): object {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(details)) out[key] = value instanceof Error ? { message: value.message } : value
  return out
}

async function main() {
  const asOf = readAsOf(process.argv.slice(2))
  const env = parseEnv()
  // the e-mails' links name the store where it is served, not the port this program would listen on
  requireConfiguredOrigins(env, 'npm run billing')
  const store = openDatabase(env.DATABASE_URL)
  try {
    await migrateToLatest(store.db)
    const gateway = await gatewayFor(env)
    const log = { info: stderrLog('info'), warn: stderrLog('warn'), error: stderrLog('error') }
    const summary = await runBilling(store, { gateway, log, brandRegistry: brandsWithOrigins(env.publicOrigins), concurrency: env.CLUB_BILLING_CONCURRENCY }, asOf)
    process.stdout.write(`${JSON.stringify(summary)}\n`)
  } finally {
    await store.close()
  }
}

// run as a program (not when a test imports readAsOf)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}
