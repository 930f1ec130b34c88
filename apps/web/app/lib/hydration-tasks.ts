/**
 * Hydration in tasks short enough not to block the main thread (issue #6:
 * Lighthouse counts every task over 50 ms, after a 4x CPU slowdown, in Total
 * Blocking Time, so ~12 ms of real work in one task is the most that is free).
 *
 * React Router's default client entry hydrates inside startTransition, so
 * React's own rendering is cut into ~5 ms slices; what remains long is around
 * it (docs/performance.md "Total Blocking Time (tbt)"):
 *
 * - the loader data of the page (turbo-stream, 25-30 kB on a category or item
 *   page) is read from a stream whose chunks are all there already, so its
 *   decoding (~10 ms) ran in the microtasks of React's first slice (~5 ms): one
 *   task of ~15-22 ms. `decodeInATaskOfItsOwn` hands each chunk on a task
 *   later, so the decoding runs alone;
 * - `nextTask` lets hydration start after the task that evaluated the modules;
 * - React Router's browser history gives the page's history entry an index
 *   (history.state.idx) with history.replaceState when it has none, inside the
 *   router's creation, one unit of React's work it cannot slice; replaceState
 *   costs 0.5-10 ms in Chromium. `indexHistoryEntry` does the same a task
 *   before, so the router finds the index there.
 */

/** What this module reads of React Router's `window.__reactRouterContext`. */
export interface RouterContextStream {
  stream?: ReadableStream<Uint8Array>
}

/** Resolves in a task of its own (a macrotask after the current one). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Delays each chunk of the context's stream by a task, so whoever decodes it does so in a task of its own. */
export function decodeInATaskOfItsOwn(context: RouterContextStream | undefined): void {
  const stream = context?.stream
  if (!context || !stream) return
  context.stream = stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        await nextTask()
        controller.enqueue(chunk)
      },
    }),
  )
}

/**
 * What React Router's createBrowserHistory does when the current history entry
 * has no index (react-router getUrlBasedHistory: `{ ...history.state, idx: 0 }`),
 * done ahead of it; an entry with an index is left as it is.
 */
export function indexHistoryEntry(history: Pick<History, 'state' | 'replaceState'> = window.history): void {
  const state = history.state as { idx?: unknown } | null
  if ((state || { idx: null }).idx == null) history.replaceState({ ...state, idx: 0 }, '')
}
