import { describe, expect, it } from 'vitest'
import { clientChunks, namesFromCore, staticImports, type ChunkingContext, type GetModuleInfo, type ModuleFacts } from './client-chunks.ts'

const app = '/repo/apps/web/app'
const core = '/repo/packages/core/src/index.ts'

interface FakeModule {
  imports?: string[]
  code?: string
  exports?: string[]
}

/** A module graph as the bundler's chunking context shows it (importers worked out from the imports). */
function graph(modules: Record<string, FakeModule>): GetModuleInfo {
  return (id) => {
    const module = modules[id]
    if (!module) return null
    const importers = Object.entries(modules)
      .filter(([, other]) => other.imports?.includes(id))
      .map(([otherId]) => otherId)
    return { code: module.code ?? '', importedIds: module.imports ?? [], importers, exports: module.exports ?? [] } satisfies ModuleFacts
  }
}

const modules: Record<string, FakeModule> = {
  [`${app}/entry.client.tsx`]: { imports: ['/repo/node_modules/react-dom/client.js', `${app}/lib/hydration-tasks.ts`] },
  [`${app}/lib/hydration-tasks.ts`]: {},
  [`${app}/root.tsx`]: { imports: [`${app}/components/layout/store-chrome.tsx`, `${app}/root.css`, '/repo/node_modules/react/index.js'] },
  [`${app}/layouts/store-layout.tsx`]: { imports: [`${app}/components/layout/store-chrome.tsx`] },
  [`${app}/components/layout/store-chrome.tsx`]: {
    imports: [core, '/repo/node_modules/react/index.js'],
    code: 'import { displaySize, formatPrice as price } from "@store/core";',
  },
  [core]: { imports: ['/repo/packages/core/src/sizes.ts', '/repo/packages/core/src/prices.ts', '/repo/packages/core/src/cards.ts'] },
  '/repo/packages/core/src/sizes.ts': { exports: ['displaySize'] },
  '/repo/packages/core/src/prices.ts': { exports: ['formatPrice'] },
  '/repo/packages/core/src/cards.ts': { exports: ['cardBrand'] },
  '/repo/node_modules/react/index.js': {},
  [`${app}/root.css`]: {},
  [`${app}/routes/home.tsx`]: { imports: [`${app}/components/catalog/product-grid.tsx`, `${app}/components/content/rich-text.tsx`] },
  [`${app}/routes/category.tsx`]: {
    imports: [`${app}/components/catalog/product-grid.tsx`, `${app}/components/content/rich-text.tsx`, `${app}/components/catalog/grid-query.ts`],
  },
  [`${app}/routes/item.tsx`]: {
    imports: [
      `${app}/components/catalog/product-grid.tsx`,
      `${app}/components/catalog/grid-query.ts`,
      `${app}/components/catalog/review-list.tsx`,
      `${app}/components/catalog/add-to-cart-form.tsx`,
    ],
  },
  [`${app}/routes/customer-reviews.tsx`]: { imports: [`${app}/components/catalog/review-list.tsx`] },
  [`${app}/routes/checkout.tsx`]: { imports: [core], code: 'import { cardBrand } from "@store/core"' },
  [`${app}/components/catalog/product-grid.tsx`]: { imports: [`${app}/components/catalog/price.tsx`] },
  [`${app}/components/catalog/price.tsx`]: {},
  [`${app}/components/content/rich-text.tsx`]: {},
  [`${app}/components/catalog/grid-query.ts`]: {},
  [`${app}/components/catalog/review-list.tsx`]: {},
  [`${app}/components/catalog/add-to-cart-form.tsx`]: {},
}

/** The file each module goes to: the first group (highest priority) that names it. */
function fileOf(id: string): string | null {
  const getModuleInfo = graph(modules)
  const { groups = [] } = clientChunks({ appDirectory: app, coreBarrel: core })
  const ctx: ChunkingContext = { getModuleInfo }
  for (const group of [...groups].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0))) {
    if (typeof group.name === 'string') {
      const test = group.test
      if (test instanceof RegExp && test.test(id)) return group.name
      continue
    }
    const name = group.name(id, ctx)
    if (name) return name
  }
  return null
}

describe('namesFromCore', () => {
  it('reads the names a module imports or re-exports from @store/core', () => {
    const code = `import { a, b as c,\n  type D } from '@store/core'\nexport { e } from "@store/core"\nimport { f } from './other'`
    expect(namesFromCore(code)).toEqual(['a', 'b', 'D', 'e'])
  })

  it('answers null for a namespace import: every rule counts', () => {
    expect(namesFromCore(`import * as core from '@store/core'`)).toBeNull()
  })
})

describe('staticImports', () => {
  it('follows the core barrel only to the rule modules whose names are imported', () => {
    const found = staticImports([`${app}/root.tsx`], core, graph(modules))
    expect(found).toContain('/repo/packages/core/src/sizes.ts')
    expect(found).toContain('/repo/packages/core/src/prices.ts')
    expect(found).not.toContain('/repo/packages/core/src/cards.ts')
    expect(found).not.toContain(core)
    expect(found).not.toContain(`${app}/root.tsx`)
  })
})

describe('clientChunks', () => {
  it('puts React and React Router with the client entry', () => {
    expect(fileOf('/repo/node_modules/react/index.js')).toBe('framework')
    expect(fileOf(`${app}/entry.client.tsx`)).toBe('framework')
    expect(fileOf(`${app}/lib/hydration-tasks.ts`)).toBe('framework')
  })

  it('puts the document, the store frame and what they import in the store file, CSS aside', () => {
    expect(fileOf(`${app}/root.tsx`)).toBe('store')
    expect(fileOf(`${app}/layouts/store-layout.tsx`)).toBe('store')
    expect(fileOf(`${app}/components/layout/store-chrome.tsx`)).toBe('store')
    expect(fileOf('/repo/packages/core/src/sizes.ts')).toBe('store')
    expect(fileOf(`${app}/root.css`)).toBeNull()
  })

  it("leaves checkout's rules to the bundler: no page but checkout loads them", () => {
    expect(fileOf('/repo/packages/core/src/cards.ts')).toBeNull()
  })

  it('groups the shopping pages’ shared modules by which of home, category and item use them', () => {
    expect(fileOf(`${app}/components/catalog/product-grid.tsx`)).toBe('shopping')
    expect(fileOf(`${app}/components/catalog/price.tsx`)).toBe('shopping')
    expect(fileOf(`${app}/components/content/rich-text.tsx`)).toBe('shopping-home-category')
    expect(fileOf(`${app}/components/catalog/grid-query.ts`)).toBe('shopping-category-item')
    // the item page's, shared with the reviews page
    expect(fileOf(`${app}/components/catalog/review-list.tsx`)).toBe('shopping-item')
  })

  it("leaves a module of one route only in that route's file", () => {
    expect(fileOf(`${app}/components/catalog/add-to-cart-form.tsx`)).toBeNull()
    expect(fileOf(`${app}/routes/item.tsx`)).toBeNull()
  })
})
