// first: V8's settings hold from the start (v8-flags.ts)
import './v8-flags.ts'
import { buildApp } from './app.ts'
import { BRANDS, localOrigins } from './brands/registry.ts'
import { openDatabase } from './db/connection.ts'
import { migrateOrRequireCurrent } from './db/migrate.ts'
import { seedDatabase } from './db/seed/index.ts'
import { startReservationSweeper } from './checkout/reservations.ts'
import { startOutboxWorker } from './email/outbox-worker.ts'
import { startConversionsWorker } from './analytics/conversions.ts'
import { startBillingScheduler } from './membership/billing-scheduler.ts'
import { parseEnv, shouldMigrateOnStart, shouldSeedDemo, testPaymentsWarning } from './env.ts'
import { gatewayFor } from './payments/gateway.ts'
import { startPurgeSchedule } from './jobs/purge.ts'
import { flushErrorReports } from './error-reporting/error-reporting.ts'
import { shutDownGracefully } from './operations/shutdown.ts'

/** Starts the store: environment, database (migrated where asked, seeded on first start), server. */
async function main() {
  const env = parseEnv()
  const store = openDatabase(env.DATABASE_URL)
  // migrated here only where asked (MIGRATE_ON_START; SQLite by default), else `npm run migrate` did it
  await migrateOrRequireCurrent(store.db, shouldMigrateOnStart(env))
  const demo = shouldSeedDemo(env)
  const { seeded } = await seedDatabase(store.db, { demo })
  const app = await buildApp({ env, store, webBuildDir: env.WEB_BUILD_DIR })
  // a production store on the built-in test gateway says so at every start
  const testPayments = testPaymentsWarning(env)
  if (testPayments) app.log.warn(testPayments)
  if (seeded)
    app.log.info(
      demo ? 'new database: migrated and seeded three brands with the demo store' : 'new database: migrated and seeded three brands (no demo data: SEED_DEMO=true adds it)',
    )

  // expired sessions, reset links and old throttle counts go every hour (jobs/purge.ts)
  const purge = startPurgeSchedule(store, app.log)
  // e-mail leaves through the outbox (SMTP when configured, else the log), every OUTBOX_INTERVAL_MS
  const stopOutbox = startOutboxWorker(store, env, app.log)
  // the pixel's server-side twin, where META_PIXEL_ID and META_CAPI_TOKEN are set (analytics/conversions.ts)
  const stopConversions = startConversionsWorker(store, env, app.log)
  // the club's billing: what is due today, every CLUB_BILLING_INTERVAL_MS, on any instance
  const stopBilling = startBillingScheduler(store, env, app.log)
  // reservations that ran out; a charge that had no answer is asked about at the gateway first
  const stopSweeper = startReservationSweeper(store, app.log, { gateway: await gatewayFor(env), context: { store, sessions: app.sessionStore, env } })

  // SIGTERM/SIGINT: not ready, in-flight requests and job rounds finished within a bound, pools closed (operations/shutdown.ts)
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    await shutDownGracefully({
      app,
      store,
      jobs: { purge: () => purge.stop(), outbox: stopOutbox, conversions: stopConversions, billing: stopBilling, sweeper: stopSweeper },
      delayMs: env.SHUTDOWN_DELAY_MS,
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    })
    // what was reported on the way out is sent before the process ends
    await flushErrorReports()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: env.PORT, host: env.HOST })
  // where each brand is published, and where it answers on this machine
  const here = localOrigins(env.PORT)
  const brands = BRANDS.map((brand) => {
    const local = here[brand.id]
    const published = env.publicOrigins[brand.id]
    return published === local ? `${brand.id} ${local}` : `${brand.id} ${published} (here ${local})`
  })
  app.log.info(`store ready: ${brands.join(', ')}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
