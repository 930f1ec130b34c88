import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isReactRouterProduction, rewriteRouterFile } from './router-caches.build'

const production = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production')
const files = readdirSync(production).filter((name) => name.endsWith('.mjs') && name !== 'index-react-server.mjs')

describe("the server build's rewrite of React Router", () => {
  it('finds each of its three places exactly once in the installed production build', () => {
    const applied = files.flatMap((name) => rewriteRouterFile(readFileSync(join(production, name), 'utf8'), '/helpers.ts').applied)
    expect(applied.sort()).toEqual(['convertRoutesToDataRoutes in createStaticRouter', 'createServerRoutes in ServerRouter', 'matchRoutesImpl'])
  })

  it('keeps the original matcher under another name and asks the cache first', () => {
    const source = files.map((name) => readFileSync(join(production, name), 'utf8')).find((code) => code.includes('function matchRoutesImpl('))!
    const { code } = rewriteRouterFile(source, '/helpers.ts')
    expect(
      code.startsWith(
        'import { cachedDataRoutes as __storeCachedDataRoutes, cachedMatchRoutes as __storeCachedMatchRoutes, cachedServerRoutes as __storeCachedServerRoutes } from "/helpers.ts";',
      ),
    ).toBe(true)
    expect(code).toContain('return __storeCachedMatchRoutes(matchRoutesImplUncached, routes, locationArg, basename, allowPartial, precomputedBranches);')
    expect(code).toContain('function matchRoutesImplUncached(routes, locationArg, basename, allowPartial, precomputedBranches) {')
    expect(code.match(/function matchRoutesImpl\(/g)).toHaveLength(1)
  })

  it('leaves a file without those places as it is, and only touches the production build', () => {
    expect(rewriteRouterFile('export const x = 1\n')).toEqual({ code: 'export const x = 1\n', applied: [] })
    expect(isReactRouterProduction('/app/node_modules/react-router/dist/production/chunk-ABC.mjs')).toBe(true)
    expect(isReactRouterProduction('/app/node_modules/react-router/dist/development/chunk-ABC.mjs')).toBe(false)
  })
})
