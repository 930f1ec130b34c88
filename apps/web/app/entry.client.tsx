/**
 * The browser's entry: React Router's default one (hydration inside
 * startTransition, so React renders in ~5 ms slices), with the work around it
 * cut into short tasks (lib/hydration-tasks.ts): a task after the modules are
 * evaluated the history entry gets the index React Router's history would give
 * it, hydration starts a task after that, and the page's loader data is
 * decoded in a task of its own rather than in React's first slice.
 */
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { decodeInATaskOfItsOwn, indexHistoryEntry, nextTask, type RouterContextStream } from './lib/hydration-tasks'

declare global {
  interface Window {
    __reactRouterContext?: RouterContextStream
  }
}

// Sentry where the store has a DSN (root.tsx's meta): its code is a chunk of its own, fetched only then
const sentryDsn = document.querySelector<HTMLMetaElement>('meta[name=sentry-dsn]')
if (sentryDsn) void import('./lib/error-reporting.client').then((sentry) => sentry.startErrorReporting(sentryDsn.content, sentryDsn.dataset.environment))

void nextTask()
  .then(() => {
    indexHistoryEntry()
    return nextTask()
  })
  .then(() => {
    decodeInATaskOfItsOwn(window.__reactRouterContext)
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      )
    })
  })
