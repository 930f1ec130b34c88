/**
 * Vite plugin for the server build only (the `ssr` environment): hands two of React Router's per-request
 * computations to the caches of app/lib/router-caches.server.ts (why: there).
 *
 * It rewrites React Router's production build as it is bundled (vite.config.ts
 * bundles it into the server build), at three places:
 *
 * - `function matchRoutesImpl(…) {` becomes a function that asks the cache, the
 *   original kept under another name for the cache to call;
 * - `let routes = createServerRoutes(manifest.routes, routeModules, …)` in
 *   <ServerRouter> asks the cache for the route objects;
 * - `createStaticRouter` asks the cache for the data routes it makes of them.
 *
 * Each rewrite must find its place exactly once in the whole build: when React
 * Router changes these lines, the build stops with a message rather than quietly
 * losing the caches (router-caches.build.test.ts runs the rewrite on the installed
 * React Router).
 */
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const helpers = fileURLToPath(new URL('./app/lib/router-caches.server.ts', import.meta.url))

const MATCH = 'function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {'
const SERVER_ROUTES = /let routes = createServerRoutes\(\s*manifest\.routes,\s*routeModules,\s*context\.future,\s*context\.isSpaMode\s*\);/
const STATIC_ROUTER_ROUTES =
  /function createStaticRouter\(routes, context, opts = \{\}\) \{\s*let manifest = \{\};\s*let dataRoutes = convertRoutesToDataRoutes\(\s*routes,\s*mapRouteProperties,\s*void 0,\s*manifest\s*\);/

interface Rewrite {
  name: string
  applies(code: string): boolean
  apply(code: string): string
}

const rewrites: Rewrite[] = [
  {
    name: 'matchRoutesImpl',
    applies: (code) => code.includes(MATCH),
    apply: (code) =>
      code.replace(
        MATCH,
        'function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {\n' +
          '  return __storeCachedMatchRoutes(matchRoutesImplUncached, routes, locationArg, basename, allowPartial, precomputedBranches);\n' +
          '}\n' +
          MATCH.replace('matchRoutesImpl', 'matchRoutesImplUncached'),
      ),
  },
  {
    name: 'createServerRoutes in ServerRouter',
    applies: (code) => SERVER_ROUTES.test(code),
    apply: (code) => code.replace(SERVER_ROUTES, 'let routes = __storeCachedServerRoutes(createServerRoutes, manifest.routes, routeModules, context.future, context.isSpaMode);'),
  },
  {
    name: 'convertRoutesToDataRoutes in createStaticRouter',
    applies: (code) => STATIC_ROUTER_ROUTES.test(code),
    apply: (code) =>
      code.replace(
        STATIC_ROUTER_ROUTES,
        'function createStaticRouter(routes, context, opts = {}) {\n' +
          '  let { manifest, dataRoutes } = __storeCachedDataRoutes(routes, (manifest) => convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest));',
      ),
  },
]

/** True for a file of React Router's production build. */
export function isReactRouterProduction(id: string): boolean {
  return /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/.test(id)
}

/** The file with the rewrites that apply to it and the helpers imported; which rewrites applied. */
export function rewriteRouterFile(code: string, helpersPath = helpers): { code: string; applied: string[] } {
  const applied = rewrites.filter((rewrite) => rewrite.applies(code))
  if (applied.length === 0) return { code, applied: [] }
  const rewritten = applied.reduce((text, rewrite) => rewrite.apply(text), code)
  const imports = `import { cachedDataRoutes as __storeCachedDataRoutes, cachedMatchRoutes as __storeCachedMatchRoutes, cachedServerRoutes as __storeCachedServerRoutes } from ${JSON.stringify(helpersPath)};\n`
  return { code: imports + rewritten, applied: applied.map((rewrite) => rewrite.name) }
}

export function routerCaches(): Plugin {
  const applied = new Map<string, number>()
  return {
    name: 'store:router-caches',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      applied.clear()
    },
    transform(code, id) {
      if (!isReactRouterProduction(id)) return null
      const result = rewriteRouterFile(code)
      for (const name of result.applied) applied.set(name, (applied.get(name) ?? 0) + 1)
      return result.applied.length ? { code: result.code, map: null } : null
    },
    buildEnd(error) {
      if (error) return
      for (const rewrite of rewrites) {
        const count = applied.get(rewrite.name) ?? 0
        if (count !== 1) {
          this.error(`router-caches: React Router's ${rewrite.name} was found ${count} times in its production build, not once; see apps/web/router-caches.build.ts`)
        }
      }
    },
  }
}
