/**
 * The club's billing inside the server (DESIGN §6): every
 * CLUB_BILLING_INTERVAL_MS (an hour by default) the run bills what is due today.
 * Runs are idempotent and any number may overlap across instances (each period
 * is claimed in the database), so every instance may run it: nothing to elect.
 * The timer is unref'd, so it never keeps a process alive.
 */
import { brandsWithOrigins } from '../brands/registry.ts'
import type { ContextLog } from '../context/request-context.ts'
import type { StoreDb } from '../db/connection.ts'
import type { Env } from '../env.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { runBilling } from './billing.ts'
import { sendSkipReminders } from './skip-reminder.ts'
import { recordBilling, timedJob } from '../operations/metrics.ts'

export function startBillingScheduler(store: StoreDb, env: Env, log: ContextLog): () => Promise<void> {
  const brandRegistry = brandsWithOrigins(env.publicOrigins)
  let running: Promise<unknown> = Promise.resolve()
  let busy = false
  let stopped = false
  const tick = () => {
    if (stopped || busy) return
    busy = true
    const asOf = new Date().toISOString().slice(0, 10)
    running = gatewayFor(env)
      .then((gateway) => timedJob('club-billing', () => runBilling(store, { gateway, log, brandRegistry, concurrency: env.CLUB_BILLING_CONCURRENCY }, asOf)))
      .then((summary) => {
        recordBilling(summary)
        if (summary.charged + summary.failed > 0) log.info({ asOf, ...summary }, 'club billing run')
      })
      // the reminders before the skip cut-off (skip-reminder.ts), once per member and month whatever the number of runs
      .then(() => sendSkipReminders(store, { log, brandRegistry }, asOf))
      .catch((error: unknown) => log.error({ err: error }, 'club billing: the run failed; the next one tries again'))
      .finally(() => {
        busy = false
      })
  }
  const timer = env.CLUB_BILLING_INTERVAL_MS > 0 ? setInterval(tick, env.CLUB_BILLING_INTERVAL_MS) : undefined
  timer?.unref()
  // the first run shortly after start-up, off the start-up path
  const first = timer ? setTimeout(tick, 30_000) : undefined
  first?.unref()
  return async () => {
    stopped = true
    if (timer) clearInterval(timer)
    if (first) clearTimeout(first)
    await running
  }
}
