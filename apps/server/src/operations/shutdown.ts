/**
 * What an instance does on SIGTERM or SIGINT (main.ts), in this order:
 * 1. /api/ready answers 503, so a load balancer stops sending shoppers here; for
 *    SHUTDOWN_DELAY_MS the instance still serves what reaches it meanwhile;
 * 2. it stops taking connections and finishes the requests in flight, while the
 *    jobs (billing, outbox, sweeper, purge) finish their round and stop;
 * 3. what is still running after SHUTDOWN_TIMEOUT_MS is cut off;
 * 4. the database pool (and Redis, with the app) is closed.
 * main.ts then exits 0.
 */
import type { FastifyInstance } from 'fastify'
import type { StoreDb } from '../db/connection.ts'

export interface ShutdownPlan {
  app: FastifyInstance
  store: StoreDb
  /** each job's stop(): it resolves once the job's round in progress is over */
  jobs: Record<string, () => Promise<void> | void>
  /** how long the instance stays up answering 503 on /api/ready before it stops listening */
  delayMs: number
  /** the bound on finishing requests in flight and stopping the jobs */
  timeoutMs: number
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))

/** Resolves true when `work` settled within `ms`, false when the time ran out first. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((done) => {
    timer = setTimeout(() => done(false), ms)
  })
  try {
    return await Promise.race([
      work.then(
        () => true as const,
        () => true as const,
      ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** Stops the instance gracefully (see above); resolves when everything is closed. */
export async function shutDownGracefully({ app, store, jobs, delayMs, timeoutMs }: ShutdownPlan): Promise<void> {
  app.readiness.shuttingDown = true
  if (delayMs > 0) {
    app.log.info({ delayMs }, 'shutting down: not ready any more, still serving while the balancer notices')
    await wait(delayMs)
  }
  const stoppingJobs = Promise.all(
    Object.entries(jobs).map(async ([name, stop]) => {
      try {
        await stop()
      } catch (error) {
        app.log.error({ err: error, job: name }, 'shutting down: a job did not stop cleanly')
      }
    }),
  )
  // stops listening, closes idle keep-alive connections, waits for the requests in flight
  const closingApp = app.close()
  const finished = await within(Promise.all([closingApp, stoppingJobs]), timeoutMs)
  if (!finished) {
    app.log.warn({ timeoutMs }, 'shutting down: requests or jobs still running after the time allowed; cutting them off')
    app.server.closeAllConnections()
    await within(closingApp, 1000)
  }
  await store.close()
  app.log.info('shut down')
}
