/**
 * Sentry in the browser (@sentry/react), started by entry.client.tsx only when the
 * store has a DSN (SENTRY_DSN, through the public config): this module and the SDK
 * are a chunk of their own, never part of a first visit's JavaScript otherwise.
 * The rules are @store/core's (SPEC §8-§9): 5% of page loads traced, 2% of sessions
 * recorded (text and inputs masked, media blocked: Sentry's defaults), the "Object
 * Not Found Matching Id" rejection ignored, and every report scrubbed of card
 * numbers, passwords, tokens, cookies, authorization, payment tokens and codes.
 */
import * as Sentry from '@sentry/react'
import { ERROR_REPORTING, scrubReport } from '@store/core'

export function startErrorReporting(dsn: string, environment: string | undefined): void {
  Sentry.init({
    dsn,
    environment,
    tracesSampleRate: ERROR_REPORTING.tracesSampleRate,
    replaysSessionSampleRate: ERROR_REPORTING.replaysSessionSampleRate,
    replaysOnErrorSampleRate: ERROR_REPORTING.replaysOnErrorSampleRate,
    ignoreErrors: [...ERROR_REPORTING.ignoreErrors],
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true })],
    beforeSend: (event) => scrubReport(event),
    beforeSendSpan: (span) => scrubReport(span),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb),
  })
}
