/**
 * A part of the page whose code the browser fetches only when the part is
 * shown (React.lazy, made for parts that a first visit rarely shows: the
 * cart's lines, the size guide). Put it under a <Suspense>.
 *
 * - It renders at once, without suspending, once its module has arrived:
 *   `preload()` fetches it ahead (when the shopper starts what will show it).
 * - The server loads every such module when it starts, so a server render
 *   never waits for one: the HTML always carries the part. Hydrating that HTML
 *   in the browser waits for the module, leaving the server's HTML (and its
 *   plain forms) in place meanwhile.
 * - A module that cannot be fetched (the network, a new deployment) renders
 *   `failed` instead, never the page's error boundary.
 */
import { use, type ComponentType } from 'react'

export interface OnDemand<P extends object> {
  Component: ComponentType<P>
  /** starts fetching the module; the same promise every time */
  preload(): Promise<ComponentType<P>>
}

export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, failed: ComponentType<P>): OnDemand<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined

  function preload(): Promise<ComponentType<P>> {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        console.error('a part of the page could not be loaded', error)
        loaded = failed
        return failed
      },
    )
    return loading
  }

  // biome-ignore lint/correctness/noComponentHookFactories: one component per part loaded on demand, made once when the part is declared at module level
  function OnDemandPart(props: P) {
    const Part = loaded ?? use(preload())
    return <Part {...props} />
  }

  if (import.meta.env.SSR) void preload()
  return { Component: OnDemandPart, preload }
}
