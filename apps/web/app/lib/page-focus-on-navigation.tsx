/**
 * On a client-side change of page (another pathname; not the first page, not a change of query or hash
 * only), focus goes to the new page's heading (lib/page-focus.ts, docs/decisions/157). Rendered by the
 * root Layout after the page, so its effect runs after the page's own.
 */
import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { keepsPlace } from './keep-place'
import { focusNewPage } from './page-focus'

/**
 * The pathname focus was last settled for; null until the first page, whose focus is the browser's
 * business. Kept outside the component: React Router draws the root Layout anew when an error page
 * (404) takes the app's place or gives it back, and that is a change of page too. StrictMode's second
 * run of the effects on mount finds the pathname settled. (Only effects write it: never on the server.)
 */
let settledFor: string | null = null

export function PageFocusOnNavigation() {
  const { pathname, hash, state } = useLocation()
  const focusedOnArrival = useRef<Element | null>(null)

  // layout effects all run before any passive one: this is focus as the new page came, before the
  // page's effects (useFormErrors, checkout's refusal) had a chance to move it
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page: pathname is the trigger, not a value read
  useLayoutEffect(() => {
    focusedOnArrival.current = document.activeElement
  }, [pathname])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash and state are read as the page changes; a change of hash alone is no new page
  useEffect(() => {
    if (settledFor === pathname) return
    const firstPage = settledFor === null
    settledFor = pathname
    if (!firstPage) focusNewPage(document, focusedOnArrival.current, hash, keepsPlace(state))
    // the hash is read as the page changes; a change of hash alone is no new page
  }, [pathname])

  return null
}
