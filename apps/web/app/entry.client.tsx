/**
 * The browser's entry: React Router's default one (hydration inside
 * startTransition, so React renders in ~5 ms slices), with the work around it
 * cut into short tasks (lib/hydration-tasks.ts): hydration starts a task after
 * the modules are evaluated, and the page's loader data is decoded in a task
 * of its own rather than in React's first slice.
 */
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { decodeInATaskOfItsOwn, nextTask, type RouterContextStream } from './lib/hydration-tasks'

declare global {
  interface Window {
    __reactRouterContext?: RouterContextStream
  }
}

void nextTask().then(() => {
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
