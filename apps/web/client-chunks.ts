/**
 * How the browser's JavaScript is cut into files (Vite's client build only).
 *
 * Left to itself the bundler gives every set of routes that share a module a
 * file of its own: a first visit to an item page fetched 29 files, most of them
 * under 2 kB, each gzipped alone and each carrying the imports and exports that
 * tie it to the others. Here:
 *
 * - `framework`: React, React DOM, the scheduler and React Router, which every
 *   page runs, in one file;
 * - `store`: what the document and the store frame need on every page (the
 *   modules root.tsx and the store layout import, directly or not: header,
 *   drawers, cart, store state, analytics, API client), in one file. The route
 *   modules themselves stay in their own files, with the CSS they import.
 *
 * Code only some routes use still lands in those routes' files. `@store/core`
 * is one barrel (`export *` of every rule): through it only the rule modules
 * whose names the every-page modules import count, or checkout's card and
 * address rules would ride along on every page.
 */
import { join } from 'node:path'
import type { Rolldown } from 'vite'

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router[\\/]dev)[\\/]|^\0rolldown[\\/]runtime/
const SCRIPT = /\.[cm]?[jt]sx?$/
/** `import { a, b as c } from '@store/core'` and `export { … } from '@store/core'` (types are stripped by then). */
const FROM_CORE = /\b(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']@store\/core["']/g
const ALL_OF_CORE = /\b(?:import|export)\s*\*(?:\s*as\s+\w+)?\s*from\s*["']@store\/core["']/

/** The names a module takes from `@store/core`; null when it takes the whole namespace. */
export function namesFromCore(code: string): string[] | null {
  if (ALL_OF_CORE.test(code)) return null
  const names: string[] = []
  for (const match of code.matchAll(FROM_CORE)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim()
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

export function clientChunks({ appDirectory, coreBarrel }: ClientChunkPaths): Rolldown.CodeSplittingOptions {
  const frame = [join(appDirectory, 'root.tsx'), join(appDirectory, 'layouts', 'store-layout.tsx')]
  let everyPage: Set<string> | undefined

  /** Every module the document and the store layout import, directly or not (static imports only). */
  function modulesOfEveryPage(ctx: Rolldown.ChunkingContext): Set<string> {
    if (everyPage) return everyPage
    const coreModules = ctx.getModuleInfo(coreBarrel)?.importedIds ?? []
    const found = new Set<string>()
    const pending = [...frame]
    const visit = (id: string) => {
      if (!found.has(id)) pending.push(id)
    }
    while (pending.length > 0) {
      const id = pending.pop()!
      if (found.has(id)) continue
      found.add(id)
      const info = ctx.getModuleInfo(id)
      if (!info) continue
      for (const imported of info.importedIds) {
        if (imported !== coreBarrel) visit(imported)
      }
      if (!info.importedIds.includes(coreBarrel)) continue
      const names = namesFromCore(info.code ?? '')
      for (const coreModule of coreModules) {
        const exports = ctx.getModuleInfo(coreModule)?.exports ?? []
        if (names === null || names.some((name) => exports.includes(name))) visit(coreModule)
      }
    }
    for (const id of frame) found.delete(id)
    everyPage = found
    return found
  }

  return {
    groups: [
      { name: 'framework', test: FRAMEWORK, priority: 2 },
      {
        name: (id, ctx) => (SCRIPT.test(id) && modulesOfEveryPage(ctx).has(id) ? 'store' : null),
        priority: 1,
      },
    ],
  }
}
