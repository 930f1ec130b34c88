/**
 * The one way a background job runs in an instance (the outboxes, the club's billing, the
 * reservations sweeper, the purge): a round every interval, never two at once (a round that
 * outlasts its interval delays the next one, it does not pile up), each round counted for
 * /metrics (operations/metrics.ts), a failed round logged and left to the next. The timers are
 * unref'd, so a job never keeps the process alive; stop() clears them and resolves once the round
 * in progress is over (operations/shutdown.ts). Rounds must be safe to run on every instance at
 * once: each job claims its rows in the database, so there is nothing to elect.
 */
import { timedJob } from '../operations/metrics.ts'

export interface JobLoopLog {
  error(details: object, message: string): void
}

export interface JobLoopOptions {
  /** the job's name in the logs and in /metrics (store_job_runs_total{job}) */
  job: string
  /** time between rounds; above 0 (a caller whose setting is 0 runs no loop at all) */
  intervalMs: number
  /** when the first round runs: 0 at once, else after this long (default: one interval) */
  firstAfterMs?: number
  log: JobLoopLog
  /** what the log says when a round fails */
  failure?: string
}

export interface JobLoop {
  timer: NodeJS.Timeout
  /** clears the timers; resolves once the round in progress (if any) is over */
  stop(): Promise<void>
}

export function startJobLoop(options: JobLoopOptions, round: () => Promise<unknown>): JobLoop {
  const { job, intervalMs, log } = options
  if (!(intervalMs > 0)) throw new RangeError(`${job}: a job loop needs an interval above 0 ms`)
  let running: Promise<unknown> = Promise.resolve()
  let busy = false
  let stopped = false
  const tick = () => {
    if (stopped || busy) return
    busy = true
    running = timedJob(job, round)
      .catch((error: unknown) => log.error({ err: error, job }, options.failure ?? `${job}: the round failed; the next one tries again`))
      .finally(() => {
        busy = false
      })
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  const first = options.firstAfterMs === undefined ? undefined : setTimeout(tick, options.firstAfterMs)
  first?.unref()
  return {
    timer,
    async stop() {
      stopped = true
      clearInterval(timer)
      if (first) clearTimeout(first)
      await running
    },
  }
}
