import { describe, expect, it } from 'vitest'
import { cachedDataRoutes, cachedMatchRoutes, cachedServerRoutes, MATCH_CACHE_PATHS, type RouteMatch } from './router-caches.server'

const root = { id: 'root' }
const layout = { id: 'layouts/store-layout' }
const home = { id: 'routes/home' }
const item = { id: 'routes/item' }

/** A stand-in for React Router's matchRoutesImpl that counts its calls; its levels share one params object, as React Router's do. */
function counting() {
  const calls: string[] = []
  const uncached = (_routes: unknown, location: string | { pathname?: string }): RouteMatch[] | null => {
    const path = typeof location === 'string' ? location : (location.pathname ?? '/')
    calls.push(path)
    const id = /^\/item\/([^/?#]+)/.exec(path)?.[1]
    if (!id && !/^\/(?:[?#]|$)/.test(path)) return null
    const params: Record<string, string | undefined> = id ? { id } : {}
    const leaf = id ? item : home
    return [root, layout, leaf].map((route) => ({ params, pathname: id ? `/item/${id}` : '/', pathnameBase: '/', route }))
  }
  return { uncached, calls }
}

describe('cachedMatchRoutes', () => {
  it('matches a path once per route table and gives every caller the same answer', () => {
    const { uncached, calls } = counting()
    const branches = {}
    const first = cachedMatchRoutes(uncached, [], '/item/1001', '/', false, branches)
    const second = cachedMatchRoutes(uncached, [], { pathname: '/item/1001' }, '/', false, branches)
    const third = cachedMatchRoutes(uncached, [], '/item/1001?size=S#reviews', '/', false, branches)
    expect(calls).toEqual(['/item/1001'])
    expect(second).toEqual(first)
    expect(third).toEqual(first)
    expect(first?.map((match) => (match.route as { id: string }).id)).toEqual(['root', 'layouts/store-layout', 'routes/item'])
    expect(first?.[2]?.params).toEqual({ id: '1001' })
  })

  it('gives each caller its own copy: what one caller changes, the next does not see', () => {
    const { uncached } = counting()
    const branches = {}
    const first = cachedMatchRoutes(uncached, [], '/item/7', '/', false, branches)!
    expect(first[0]!.params).toBe(first[2]!.params)
    first[0]!.params.id = 'changed'
    first[1]!.pathname = '/changed'
    const second = cachedMatchRoutes(uncached, [], '/item/7', '/', false, branches)!
    expect(second[0]!.params.id).toBe('7')
    expect(second[1]!.pathname).toBe('/item/7')
  })

  it('keeps no-match answers too, and tells paths, partial matching and route tables apart', () => {
    const { uncached, calls } = counting()
    const branches = {}
    expect(cachedMatchRoutes(uncached, [], '/nothing-here', '/', false, branches)).toBeNull()
    expect(cachedMatchRoutes(uncached, [], '/nothing-here', '/', false, branches)).toBeNull()
    cachedMatchRoutes(uncached, [], '/', '/', false, branches)
    cachedMatchRoutes(uncached, [], '/', '/', true, branches)
    cachedMatchRoutes(uncached, [], '/', '/', false, {})
    expect(calls).toEqual(['/nothing-here', '/', '/', '/'])
  })

  it('matches afresh when the caller gives no ranked branches', () => {
    const { uncached, calls } = counting()
    cachedMatchRoutes(uncached, [], '/', '/', false)
    cachedMatchRoutes(uncached, [], '/', '/', false)
    expect(calls).toEqual(['/', '/'])
  })

  it(`holds at most ${MATCH_CACHE_PATHS} paths per route table`, () => {
    const { uncached, calls } = counting()
    const branches = {}
    for (let n = 0; n < MATCH_CACHE_PATHS; n++) cachedMatchRoutes(uncached, [], `/item/${n}`, '/', false, branches)
    cachedMatchRoutes(uncached, [], '/item/0', '/', false, branches)
    expect(calls).toHaveLength(MATCH_CACHE_PATHS)
    // one more path starts the table afresh
    cachedMatchRoutes(uncached, [], '/item/new', '/', false, branches)
    cachedMatchRoutes(uncached, [], '/item/0', '/', false, branches)
    expect(calls).toHaveLength(MATCH_CACHE_PATHS + 2)
  })
})

describe('cachedServerRoutes', () => {
  it('makes the route objects once per manifest while the route modules are the same ones', () => {
    let made = 0
    const create = () => [{ id: 'root', made: ++made }]
    const manifest = {}
    const future = {}
    const homeModule = { default: () => null }
    const first = cachedServerRoutes(create, manifest, { 'routes/home': homeModule }, future, false)
    // React Router builds the module map afresh per request, of the same modules
    const again = cachedServerRoutes(create, manifest, { 'routes/home': homeModule }, future, false)
    expect(again).toBe(first)
    expect(made).toBe(1)
    cachedServerRoutes(create, manifest, { 'routes/home': { default: () => null } }, future, false)
    expect(made).toBe(2)
    cachedServerRoutes(create, {}, { 'routes/home': homeModule }, future, false)
    expect(made).toBe(3)
  })
})

describe('cachedDataRoutes', () => {
  it('converts the same route objects once, keeping the manifest the conversion filled', () => {
    let conversions = 0
    const routes = [{ id: 'root' }]
    const convert = (manifest: Record<string, unknown>) => {
      conversions++
      manifest.root = { id: 'root', converted: true }
      return [manifest.root]
    }
    const first = cachedDataRoutes(routes, convert)
    const again = cachedDataRoutes(routes, convert)
    expect(again).toBe(first)
    expect(first.manifest.root).toEqual({ id: 'root', converted: true })
    expect(conversions).toBe(1)
    cachedDataRoutes([{ id: 'root' }], convert)
    expect(conversions).toBe(2)
  })
})
