/**
 * Two answers React Router works out afresh for every page it renders on the
 * server, though they depend on nothing but the route table and the path. The
 * server build hands them to these caches (router-caches.build.ts rewrites the
 * two calls in React Router's production build; nothing else calls them):
 *
 * - **Which routes a path matches.** A page render matches its path three times
 *   (the request handler, the static handler's query, the partial manifest the
 *   page's scripts carry), and each time React Router tries the route branches in
 *   rank order, one regular expression per level, until one matches. The home
 *   page's index route ranks last of 68: its three matches were a tenth of the
 *   server's CPU for a shopper's home page. The answer for a path is kept per
 *   route table (React Router's ranked branches, made once per build), and each
 *   caller gets its own copy, since callers add to what they are given.
 * - **The route objects of `<ServerRouter>`, and the data routes its static
 *   router makes of them.** Made from the build's route manifest and modules, the
 *   same for every request; kept per manifest, and per route objects. The static
 *   router only reads them: on the server it cannot navigate, fetch or add routes.
 */

/** One level of a match, as React Router's matchRoutes gives it. */
export interface RouteMatch {
  params: Record<string, string | undefined>
  pathname: string
  pathnameBase: string
  route: unknown
}

type MatchLocation = string | { pathname?: string }
type MatchRoutes = (routes: unknown, location: MatchLocation, basename: string, allowPartial: boolean, branches?: object) => RouteMatch[] | null

/** Paths kept per route table: a crawler's thousand made-up paths must not grow it without end. */
export const MATCH_CACHE_PATHS = 2_000

const matchesByTable = new WeakMap<object, Map<string, RouteMatch[] | null>>()

function pathnameOf(location: MatchLocation): string {
  if (typeof location !== 'string') return location.pathname || '/'
  const end = location.search(/[?#]/)
  return (end === -1 ? location : location.slice(0, end)) || '/'
}

/** A copy a caller may change: the levels share one params object, as React Router's do. */
function copyOf(matches: RouteMatch[] | null): RouteMatch[] | null {
  if (!matches) return null
  const params = { ...matches[0]?.params }
  return matches.map((match) => ({ ...match, params }))
}

/**
 * React Router's matchRoutesImpl, answered from the cache when the caller passes
 * the route table's ranked branches (every server-side caller does); otherwise as
 * it was.
 */
export function cachedMatchRoutes(
  uncached: MatchRoutes,
  routes: unknown,
  location: MatchLocation,
  basename: string,
  allowPartial: boolean,
  branches?: object,
): RouteMatch[] | null {
  if (!branches) return uncached(routes, location, basename, allowPartial, branches)
  let table = matchesByTable.get(branches)
  if (!table) {
    table = new Map()
    matchesByTable.set(branches, table)
  }
  const key = `${allowPartial ? 'partial' : 'whole'}\u0000${basename}\u0000${pathnameOf(location)}`
  if (!table.has(key)) {
    if (table.size >= MATCH_CACHE_PATHS) table.clear()
    table.set(key, uncached(routes, location, basename, allowPartial, branches))
  }
  return copyOf(table.get(key) ?? null)
}

const serverRoutesByManifest = new WeakMap<object, { routeModules: Record<string, unknown>; future: unknown; isSpaMode: unknown; routes: unknown }>()

/** The same route modules: React Router makes this map afresh per request, of the build's modules. */
function sameModules(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => a[key] === b[key])
}

/** React Router's createServerRoutes for <ServerRouter>, made once per build's manifest and route modules. */
export function cachedServerRoutes<T>(
  create: (manifest: object, routeModules: Record<string, unknown>, future: unknown, isSpaMode: unknown) => T,
  manifest: object,
  routeModules: Record<string, unknown>,
  future: unknown,
  isSpaMode: unknown,
): T {
  const kept = serverRoutesByManifest.get(manifest)
  if (kept && kept.future === future && kept.isSpaMode === isSpaMode && sameModules(kept.routeModules, routeModules)) return kept.routes as T
  const routes = create(manifest, routeModules, future, isSpaMode)
  serverRoutesByManifest.set(manifest, { routeModules: { ...routeModules }, future, isSpaMode, routes })
  return routes
}

const dataRoutesByRoutes = new WeakMap<object, { manifest: Record<string, unknown>; dataRoutes: unknown }>()

/** React Router's data routes of createStaticRouter (and their manifest by id), made once per route objects. */
export function cachedDataRoutes(routes: object, convert: (manifest: Record<string, unknown>) => unknown): { manifest: Record<string, unknown>; dataRoutes: unknown } {
  let kept = dataRoutesByRoutes.get(routes)
  if (!kept) {
    const manifest: Record<string, unknown> = {}
    kept = { manifest, dataRoutes: convert(manifest) }
    dataRoutesByRoutes.set(routes, kept)
  }
  return kept
}
