/**
 * How the browser's JavaScript is cut into files (Vite's client build only).
 *
 * Left to itself the bundler gives every set of routes that share a module a
 * file of its own: a first visit to an item page fetched 29 files, most of them
 * under 2 kB, each gzipped alone and each carrying the imports and exports that
 * tie it to the others. Here:
 *
 * - `entry.client` holds React, React DOM, the scheduler and React Router, which
 *   every page runs, with the client entry (app/entry.client.tsx and what it
 *   imports: one file, not a framework file and a small entry file beside it);
 * - `store`: what the document and the store frame need on every page (root.tsx,
 *   the store layout and what they import, directly or not: header, drawers,
 *   store state, analytics, API client), in one file; the two route files
 *   React Router asks for are left re-exporting from it, and root.tsx's CSS
 *   comes out as store-….css;
 * - `shopping-…`: the modules the pages a first visit lands on (home, category,
 *   item) use beyond that, grouped by which of those three use them (`shopping`:
 *   all three; `shopping-item`: the item page only, though some other page may use
 *   them too), so each of the three loads exactly its own code in a few files.
 *
 * The other route modules stay in their own files, with the CSS they import;
 * everything else is left to the bundler. Only static imports count: what a page fetches
 * on demand (`import()`) stays out of these files.
 *
 * `@store/core` is one barrel (`export *` of every rule): through it only the
 * rule modules whose names a module imports count, or checkout's card and
 * address rules would ride along on every page.
 */
import { join, sep } from 'node:path'

// The little of the bundler's (Rolldown's) chunking API used here, written out: apps/web's own
// `vite` package (types, defineConfig) is not the Vite 8 that @react-router/dev builds with.
/** What the bundler knows of a module when it cuts chunks. */
export interface ModuleFacts {
  /** its code, after the TypeScript and JSX transforms */
  code: string | null
  importedIds: readonly string[]
  importers: readonly string[]
  exports: readonly string[]
}
export type GetModuleInfo = (moduleId: string) => ModuleFacts | null
export interface ChunkingContext {
  getModuleInfo: GetModuleInfo
}
interface ChunkGroup {
  /** the file's name, or for each module the file's name or null (not this group) */
  name: string | ((moduleId: string, ctx: ChunkingContext) => string | null)
  test?: RegExp
  /** groups with a higher priority take their modules first */
  priority?: number
}
/** Rolldown's `output.codeSplitting` */
export interface CodeSplitting {
  groups: ChunkGroup[]
}

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router[\\/]dev)[\\/]|^\0rolldown[\\/]runtime/
const SCRIPT = /\.[cm]?[jt]sx?$/
/** `import { a, b as c } from '@store/core'` and `export { … } from '@store/core'` (types are stripped by then). */
const FROM_CORE = /\b(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']@store\/core["']/g
const ALL_OF_CORE = /\b(?:import|export)\s*\*(?:\s*as\s+\w+)?\s*from\s*["']@store\/core["']/

/** The pages a first visit lands on, by their route module (under app/routes). */
const SHOPPING_PAGES = ['home', 'category', 'item'] as const

/** The names a module takes from `@store/core`; null when it takes the whole namespace. */
export function namesFromCore(code: string): string[] | null {
  if (ALL_OF_CORE.test(code)) return null
  const names: string[] = []
  for (const match of code.matchAll(FROM_CORE)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim()
      if (name) names.push(name)
    }
  }
  return names
}

export interface ClientChunkPaths {
  /** apps/web/app */
  appDirectory: string
  /** the `@store/core` barrel (packages/core/src/index.ts) */
  coreBarrel: string
}

/**
 * The modules `roots` import, directly or not, through static imports, the
 * roots themselves left out; through the core barrel only the rule modules
 * whose names are imported.
 */
export function staticImports(roots: readonly string[], coreBarrel: string, getModuleInfo: GetModuleInfo): Set<string> {
  const coreModules = getModuleInfo(coreBarrel)?.importedIds ?? []
  const found = new Set<string>()
  const pending = [...roots]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (found.has(id)) continue
    found.add(id)
    const info = getModuleInfo(id)
    if (!info) continue
    for (const imported of info.importedIds) {
      if (imported !== coreBarrel && !found.has(imported)) pending.push(imported)
    }
    if (!info.importedIds.includes(coreBarrel)) continue
    const names = namesFromCore(info.code ?? '')
    for (const coreModule of coreModules) {
      const exports = getModuleInfo(coreModule)?.exports ?? []
      if (!found.has(coreModule) && (names === null || names.some((name) => exports.includes(name)))) pending.push(coreModule)
    }
  }
  for (const id of roots) found.delete(id)
  return found
}

/** The route modules (files under app/routes) that import a module, directly or not, through static imports. */
function routesImporting(id: string, routesDirectory: string, getModuleInfo: GetModuleInfo): Set<string> {
  const routes = new Set<string>()
  const seen = new Set<string>()
  const pending = [id]
  while (pending.length > 0) {
    const current = pending.pop()!
    if (seen.has(current)) continue
    seen.add(current)
    if (current.startsWith(routesDirectory)) routes.add(current.replace(/\?.*$/, ''))
    pending.push(...(getModuleInfo(current)?.importers ?? []))
  }
  return routes
}

export function clientChunks({ appDirectory, coreBarrel }: ClientChunkPaths): CodeSplitting {
  const frame = [join(appDirectory, 'root.tsx'), join(appDirectory, 'layouts', 'store-layout.tsx')]
  const routesDirectory = join(appDirectory, 'routes') + sep
  const pages = SHOPPING_PAGES.map((page) => ({ page, route: join(routesDirectory, `${page}.tsx`) }))
  const clientEntry = join(appDirectory, 'entry.client.tsx')
  let plan: Map<string, string> | undefined
  let entryModules: Set<string> | undefined

  /** the client entry and the modules it imports, which go with the framework */
  function withEntry(id: string, getModuleInfo: GetModuleInfo): boolean {
    entryModules ??= new Set([clientEntry, ...staticImports([clientEntry], coreBarrel, getModuleInfo)])
    return entryModules.has(id)
  }

  /** module id -> the file it goes to ('store', 'shopping', 'shopping-category-item', ...), worked out once per build */
  function chunkPlan(getModuleInfo: GetModuleInfo): Map<string, string> {
    if (plan) return plan
    plan = new Map()
    for (const id of [...frame, ...staticImports(frame, coreBarrel, getModuleInfo)]) plan.set(id, 'store')
    const usedBy = new Map<string, string[]>()
    for (const { page, route } of pages) {
      for (const id of staticImports([route], coreBarrel, getModuleInfo)) {
        if (!plan.has(id)) usedBy.set(id, [...(usedBy.get(id) ?? []), page])
      }
    }
    for (const [id, users] of usedBy) {
      // a module of one route only stays in that route's file
      if (users.length === 1 && routesImporting(id, routesDirectory, getModuleInfo).size <= 1) continue
      plan.set(id, shoppingFile(users))
    }
    return plan
  }

  /** the group of the modules planned for `file` */
  const planned = (file: string): ChunkGroup => ({
    name: (id, ctx) => (SCRIPT.test(id) && !FRAMEWORK.test(id) && chunkPlan((moduleId) => ctx.getModuleInfo(moduleId)).get(id) === file ? file : null),
  })

  // shared by more shopping pages first: a module's imports are used by at least the pages that use it
  const shoppingFiles = subsets(SHOPPING_PAGES)
    .sort((a, b) => b.length - a.length)
    .map(shoppingFile)

  return {
    // each group takes its modules before the next one looks (and with them, their imports)
    groups: [
      {
        name: (id: string, ctx: ChunkingContext) => (FRAMEWORK.test(id) || (SCRIPT.test(id) && withEntry(id, (moduleId) => ctx.getModuleInfo(moduleId))) ? 'framework' : null),
      },
      planned('store'),
      ...shoppingFiles.map(planned),
    ].map((group, index, all) => ({ ...group, priority: all.length - index })),
  }
}

/** The file of the modules that these shopping pages (and no other of the three) use. */
function shoppingFile(users: readonly string[]): string {
  return users.length === SHOPPING_PAGES.length ? 'shopping' : `shopping-${users.join('-')}`
}

/** Every non-empty subset of `items`, each in the order of `items`. */
function subsets<T>(items: readonly T[]): T[][] {
  const all: T[][] = []
  for (let mask = 1; mask < 1 << items.length; mask++) all.push(items.filter((_, i) => mask & (1 << i)))
  return all
}
