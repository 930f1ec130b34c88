/**
 * The store's Prometheus metrics (prom-client), one registry per process.
 *
 * Code that does something worth counting calls the functions below
 * (`recordRefund`, `recordJobRun`, ...); the HTTP figures are taken by hooks
 * (registerMetrics), the database's by the Kysely log hook (db/connection.ts), the
 * outbox backlog on each scrape. Served at GET /metrics behind METRICS_TOKEN
 * (docs/operations.md: what each is, and which alerts to set). Without the token
 * nothing can read them, so the per-request and per-statement figures, and the
 * process's own (event loop, GC), are not taken at all: a shopper's request does not
 * pay for series no one scrapes (docs/performance.md, "What metrics cost").
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { StoreDb } from '../db/connection.ts'

export const registry = new Registry()

/** Whether an app in this process serves /metrics: set once by registerMetrics with a token, never unset. */
let scraped = false

const httpRequests = new Counter({
  name: 'store_http_requests_total',
  help: 'Requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
})
const httpDuration = new Histogram({
  name: 'store_http_request_duration_seconds',
  help: 'Time to answer a request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})
const httpErrors = new Counter({
  name: 'store_http_server_errors_total',
  help: 'Requests answered with a 5xx (our fault or a service we need), by route pattern',
  labelNames: ['route'] as const,
  registers: [registry],
})
const dbQueries = new Histogram({
  name: 'store_db_query_duration_seconds',
  help: 'Time of each SQL statement, by dialect and outcome',
  labelNames: ['dialect', 'outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [registry],
})
const dbPool = new Gauge({
  name: 'store_db_pool_connections',
  help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
})
const pageCacheLookups = new Counter({
  name: 'store_page_cache_lookups_total',
  help: 'Anonymous page cache lookups: hit (fresh or stale) or miss',
  labelNames: ['result'] as const,
  registers: [registry],
})
const jobRuns = new Counter({
  name: 'store_job_runs_total',
  help: 'Background job rounds run, by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
})
const jobDuration = new Histogram({
  name: 'store_job_duration_seconds',
  help: 'Time of a background job round, by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
})
const ordersPlaced = new Counter({
  name: 'store_orders_placed_total',
  help: 'Orders placed at checkout (paid), by brand',
  labelNames: ['brand'] as const,
  registers: [registry],
})
const checkoutFailures = new Counter({
  name: 'store_checkout_failures_total',
  help: 'Checkouts answered with a 5xx or 503 (the payment service unreachable), by brand',
  labelNames: ['brand'] as const,
  registers: [registry],
})
const charges = new Counter({
  name: 'store_charges_total',
  help: 'Charges asked of the payment gateway, by gateway and outcome (succeeded, declined, requires_action, unavailable, error)',
  labelNames: ['gateway', 'outcome'] as const,
  registers: [registry],
})
const declines = new Counter({
  name: 'store_declines_total',
  help: 'Charges the bank declined, by gateway and decline code',
  labelNames: ['gateway', 'code'] as const,
  registers: [registry],
})
const refunds = new Counter({
  name: 'store_refunds_total',
  help: 'Payments given back, by gateway and outcome (ok, failed)',
  labelNames: ['gateway', 'outcome'] as const,
  registers: [registry],
})
const billingCharges = new Counter({
  name: 'store_club_billing_total',
  help: "The club's billing runs' members, by outcome (charged, failed, skipped)",
  labelNames: ['outcome'] as const,
  registers: [registry],
})
const outboxBacklog = new Gauge({
  name: 'store_outbox_backlog',
  help: 'E-mails waiting in the outbox (neither sent nor given up), read at each scrape',
  registers: [registry],
})
const outboxOldest = new Gauge({
  name: 'store_outbox_oldest_age_seconds',
  help: 'Age of the oldest e-mail waiting in the outbox (0 when none waits), read at each scrape',
  registers: [registry],
})

/** A statement ran (db/connection.ts's Kysely log hook). */
export function recordQuery(dialect: string, seconds: number, failed: boolean): void {
  if (!scraped) return
  dbQueries.observe({ dialect, outcome: failed ? 'error' : 'ok' }, seconds)
}

/** An anonymous page was looked up in the page cache (web/page-cache.ts). */
export function recordPageCacheLookup(hit: boolean): void {
  if (!scraped) return
  pageCacheLookups.inc({ result: hit ? 'hit' : 'miss' })
}

/** Runs one round of a background job, counting it and its outcome; the round's own result or error passes through. */
export async function timedJob<T>(job: string, round: () => Promise<T>): Promise<T> {
  const end = jobDuration.startTimer({ job })
  try {
    const result = await round()
    jobRuns.inc({ job, outcome: 'ok' })
    return result
  } catch (error) {
    jobRuns.inc({ job, outcome: 'failed' })
    throw error
  } finally {
    end()
  }
}

/** An order was placed and paid. */
function recordOrderPlaced(brand: string): void {
  ordersPlaced.inc({ brand })
}

/** What a charge came to at the gateway (payments/counted-gateway.ts). */
export function recordCharge(gateway: string, outcome: 'succeeded' | 'declined' | 'requires_action' | 'unavailable' | 'error', declineCode?: string): void {
  charges.inc({ gateway, outcome })
  if (outcome === 'declined') declines.inc({ gateway, code: declineCode ?? 'unknown' })
}

/** A payment was given back (or the attempt failed). */
export function recordRefund(gateway: string, outcome: 'ok' | 'failed'): void {
  refunds.inc({ gateway, outcome })
}

/** A club billing run's summary. */
export function recordBilling(summary: { charged: number; failed: number; skipped: number }): void {
  if (summary.charged) billingCharges.inc({ outcome: 'charged' }, summary.charged)
  if (summary.failed) billingCharges.inc({ outcome: 'failed' }, summary.failed)
  if (summary.skipped) billingCharges.inc({ outcome: 'skipped' }, summary.skipped)
}

/** PostgreSQL pools whose connections are reported at each scrape (db/connection.ts adds and removes them). */
export interface PoolCounts {
  totalCount: number
  idleCount: number
  waitingCount: number
}
export const watchedPools = new Set<PoolCounts>()

/** The figures read at scrape time: the outbox's backlog and its oldest e-mail's age, the pools. */
async function collectOnScrape(store: StoreDb): Promise<void> {
  const row = await store.db
    .selectFrom('outbox_emails')
    .select([sql<number>`count(*)`.as('n'), sql<string | null>`min(created_at)`.as('oldest')])
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow()
  outboxBacklog.set(Number(row.n))
  outboxOldest.set(row.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0)
  let total = 0
  let idle = 0
  let waiting = 0
  for (const pool of watchedPools) {
    total += pool.totalCount
    idle += pool.idleCount
    waiting += pool.waitingCount
  }
  dbPool.set({ state: 'total' }, total)
  dbPool.set({ state: 'idle' }, idle)
  dbPool.set({ state: 'waiting' }, waiting)
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Times and counts every request by its route pattern (never the raw URL: an id in
 * a path would make a series per shopper), and serves GET /metrics to a scraper
 * holding METRICS_TOKEN (`Authorization: Bearer <token>`); without METRICS_TOKEN,
 * /metrics is not served at all (404) and requests are not timed.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined): void {
  if (!token) return
  if (!scraped) {
    scraped = true
    collectDefaultMetrics({ register: registry, prefix: 'store_' })
  }
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched'
    if (route === '/metrics') return done()
    const status = reply.statusCode
    httpRequests.inc({ method: request.method, route, status: String(status) })
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000)
    if (status >= 500) httpErrors.inc({ route })
    if (route === '/api/checkout' && request.method === 'POST' && status >= 500) checkoutFailures.inc({ brand: request.brand?.id ?? 'unknown' })
    done()
  })
  // an order placed: checkout's answer says succeeded (a repeated Idempotency-Key whose answer is replayed counts again: rare)
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (request.method === 'POST' && request.routeOptions.url === '/api/checkout' && reply.statusCode === 200) {
      const data = (payload as { data?: { status?: unknown } } | null)?.data
      if (data?.status === 'succeeded') recordOrderPlaced(request.brand?.id ?? 'unknown')
    }
    done(null, payload)
  })
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? ''
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : ''
    if (!sameToken(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ errors: [{ message: 'Metrics need the bearer token METRICS_TOKEN.' }] })
    }
    await collectOnScrape(app.store)
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics())
  })
}
