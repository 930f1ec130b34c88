/**
 * Error reporting to Sentry (@sentry/node) where SENTRY_DSN is set; without it the
 * log is the only report, and the SDK is never loaded. The rules are @store/core's
 * (error-reporting.ts, SPEC §8-§9): 5% of traces, the "Object Not Found Matching Id"
 * rejection ignored, and every event, transaction and breadcrumb scrubbed before it
 * leaves (card numbers, passwords, tokens, cookies, authorization, payment_token, cvc).
 * Sentry is one per process: the first DSN started wins.
 */
import { ERROR_REPORTING, scrubReport } from '@store/core'
import type { FastifyRequest } from 'fastify'
import type { Env } from '../env.ts'

type Sentry = typeof import('@sentry/node')

let sentry: Sentry | null = null
let starting: Promise<Sentry> | null = null

export type ErrorReportingEnv = Pick<Env, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT' | 'NODE_ENV'>

/** Starts reporting when SENTRY_DSN is set (once per process); true when reports are sent. */
export async function startErrorReporting(env: ErrorReportingEnv): Promise<boolean> {
  if (!env.SENTRY_DSN) return false
  const dsn = env.SENTRY_DSN
  starting ??= import('@sentry/node').then((loaded) => {
    loaded.init({
      dsn,
      environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
      tracesSampleRate: ERROR_REPORTING.tracesSampleRate,
      ignoreErrors: [...ERROR_REPORTING.ignoreErrors],
      // no user data, cookies, bodies or local variables collected; headers and URLs go scrubbed
      dataCollection: { userInfo: false, cookies: false, httpBodies: [], stackFrameVariables: false },
      // the store's error handler reports its 500s itself (reportError), with the request and brand;
      // Sentry's own Fastify hook would report them first, bare, and ours would be dropped as a duplicate
      integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Fastify'),
      beforeSend: (event) => scrubReport(event),
      // spans are streamed (Sentry 11's default), each through beforeSendSpan
      beforeSendSpan: (span) => scrubReport(span),
      beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb),
    })
    sentry = loaded
    return loaded
  })
  await starting
  return true
}

/** What of a request goes with its error: method, address and headers (scrubbed before sending). */
function requestData(request: FastifyRequest) {
  const url = request.url
  const queryAt = url.indexOf('?')
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]))
  return {
    method: request.method,
    url: `${request.protocol}://${request.host}${url}`,
    query_string: queryAt === -1 ? undefined : url.slice(queryAt + 1),
    // no body: what a shopper typed (names, addresses) stays out of the report
    headers,
  }
}

/** Reports an error that became a 500 (or failed a page); nothing when reporting is off. */
export function reportError(error: unknown, request?: FastifyRequest): void {
  const reporter = sentry
  if (!reporter) return
  reporter.withScope((scope) => {
    if (request) {
      const data = requestData(request)
      scope.addEventProcessor((event) => ({ ...event, request: { ...event.request, ...data } }))
      scope.setTag('brand', request.brand?.id ?? 'none')
    }
    reporter.captureException(error)
  })
}

/** Waits until what was reported has been sent (tests, shutdown); true when all went. */
export async function flushErrorReports(timeoutMs = 2000): Promise<boolean> {
  return sentry ? sentry.flush(timeoutMs) : true
}
