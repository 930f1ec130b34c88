/**
 * useSplitTest(name): the visitor's variant of a split test (SPEC §4). Active
 * at first (the server render and the first paint show the control), then
 * initialized from the URL parameter named after the test, a forced debug value
 * (localStorage `splitTest:<name>`), or the server's sticky assignment; ended
 * with no variant when the test does not run for the brand or the call fails.
 */
import { isSplitTestEnabled, localSplitTestVariant, SPLIT_TESTS, type SplitTestName, type SplitTestState } from '@store/core'
import { useEffect, useState } from 'react'
import { useBrowserApi } from '../api/browser'
import { postTestGroup } from '../api/post-test-group'
import { useStore } from '../store/store-provider'

const assigned = new Map<string, string>()

/** The tests this visitor has a variant of, for analytics events (SPEC §3). */
export function assignedSplitTests(): Record<string, string> {
  return Object.fromEntries(assigned)
}

function forcedValue(name: string): string | null {
  try {
    return window.localStorage.getItem(`splitTest:${name}`)
  } catch {
    return null
  }
}

export function useSplitTest(name: SplitTestName): SplitTestState {
  const { brand } = useStore()
  const api = useBrowserApi()
  const [state, setState] = useState<SplitTestState>({ status: 'active' })

  useEffect(() => {
    let live = true
    const settle = (variant: string | null) => {
      if (!live) return
      if (variant) assigned.set(name, variant)
      setState(variant ? { status: 'initialized', variant } : { status: 'ended' })
    }
    if (!isSplitTestEnabled(name, brand.id)) {
      settle(null)
      return
    }
    const local = localSplitTestVariant(name, { search: window.location.search, forced: forcedValue(name) })
    if (local) settle(local)
    else void postTestGroup(api, name, SPLIT_TESTS[name].variants).then(settle)
    return () => {
      live = false
    }
  }, [name, brand.id, api])

  return state
}
