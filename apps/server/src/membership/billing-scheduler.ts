/**
 * The club's billing inside the server (DESIGN §6): every
 * CLUB_BILLING_INTERVAL_MS (an hour by default) the run bills what is due today.
 * Runs are idempotent and any number may overlap across instances (each period
 * is claimed in the database), so every instance may run it: nothing to elect.
 * It runs on the one job loop (jobs/job-loop.ts).
 */
import { brandsWithOrigins } from '../brands/registry.ts'
import type { ContextLog } from '../context/request-context.ts'
import type { StoreDb } from '../db/connection.ts'
import type { Env } from '../env.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { runBilling } from './billing.ts'
import { sendSkipReminders } from './skip-reminder.ts'
import { startJobLoop } from '../jobs/job-loop.ts'
import { recordBilling } from '../operations/metrics.ts'

export function startBillingScheduler(store: StoreDb, env: Env, log: ContextLog): () => Promise<void> {
  if (env.CLUB_BILLING_INTERVAL_MS <= 0) return async () => {}
  const brandRegistry = brandsWithOrigins(env.publicOrigins)
  const round = async () => {
    const asOf = new Date().toISOString().slice(0, 10)
    const gateway = await gatewayFor(env)
    const summary = await runBilling(store, { gateway, log, brandRegistry, concurrency: env.CLUB_BILLING_CONCURRENCY }, asOf)
    recordBilling(summary)
    if (summary.charged + summary.failed > 0) log.info({ asOf, ...summary }, 'club billing run')
    // the reminders before the skip cut-off (skip-reminder.ts), once per member and month whatever the number of runs
    await sendSkipReminders(store, { log, brandRegistry }, asOf)
  }
  // the first run shortly after start-up, off the start-up path
  const loop = startJobLoop(
    { job: 'club-billing', intervalMs: env.CLUB_BILLING_INTERVAL_MS, firstAfterMs: 30_000, log, failure: 'club billing: the run failed; the next one tries again' },
    round,
  )
  return loop.stop
}
