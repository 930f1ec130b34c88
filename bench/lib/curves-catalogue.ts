/**
 * How a shopper's requests cost as the catalogue grows (bench/cost-curves.ts): one store grown to
 * each size in turn by the large-store generator (db/seed/large-store.ts, items only), and at each
 * size, in the store's process (Fastify inject), `connections` shoppers at once for `durationMs`:
 *
 * - the category API of the biggest category (leggings), as cached (the catalogue cache's answer)
 *   and uncached (the cache emptied before each request: the database's and the serializer's work);
 * - the item API (GET /api/items/:id) of items drawn across the whole catalogue, cached and uncached;
 * - a whole checkout (its add to cart and test token first, not timed), as bench/checkout.ts times it.
 *
 * After each growth the planner's statistics are refreshed (`analyze`), as the store's hourly
 * `PRAGMA optimize` or PostgreSQL's autovacuum would.
 */
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../apps/server/src/app.ts'
import type { StoreDb } from '../../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../../apps/server/src/db/seed/index.ts'
import { writeCategoryCursor } from '../../apps/server/src/catalog/category-cursor.ts'
import { seedLargeStore } from '../../apps/server/src/db/seed/large-store.ts'
import { parseEnv } from '../../apps/server/src/env.ts'
import type { Backends } from './databases.ts'
import { checkout, expectOk, type Figures, host, type LoopOptions, loop, newAddress, type Timed } from './shopper-loop.ts'

const BRAND = 'popfitclothing'
const CATEGORY = 'leggings'
/** the generator makes each style in 2 to 4 colours, one item each: 3 items a style on average */
const ITEMS_PER_STYLE = 3

export const CATALOGUE_PATHS = {
  categoryCached: 'category API, cached',
  categoryUncached: 'category API, uncached',
  categoryPageUncached: 'a page of 48 of the category, uncached',
  itemCached: 'item API, cached',
  itemUncached: 'item API, uncached',
  checkout: 'checkout',
} as const
export type CataloguePath = keyof typeof CATALOGUE_PATHS

interface CataloguePoint {
  /** the brand's items at this size */
  items: number
  /** the category's items, and its API answer's size in bytes */
  categoryItems: number
  categoryBytes: number
  /** seconds the generator took to grow the store to this size */
  growSeconds: number
  figures: Record<CataloguePath, Figures>
}

async function brandItems(store: StoreDb): Promise<number> {
  const row = await store.db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('brand_id', '=', BRAND)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

function timedGet(app: FastifyInstance, url: () => string, before?: () => void): Timed {
  return async () => {
    const path = url()
    before?.()
    const started = performance.now()
    const response = await app.inject({ method: 'GET', url: path, headers: { host } })
    const ms = performance.now() - started
    expectOk(path, response)
    return ms
  }
}

/** The cards of a page of the category (GET /categories/{name}?limit=), as a shopper's client would ask. */
const PAGE = 48

/** `&after=` of every page of the category (the first page without it): a page anywhere in the category costs the same. */
async function pageCursors(store: StoreDb): Promise<string[]> {
  const rows = await store.db
    .selectFrom('item_categories')
    .innerJoin('categories', 'categories.id', 'item_categories.category_id')
    .select(['item_categories.position', 'item_categories.item_id'])
    .where('categories.brand_id', '=', BRAND)
    .where('categories.name', '=', CATEGORY)
    .orderBy('item_categories.position')
    .orderBy('item_categories.item_id')
    .execute()
  const starts = rows.filter((_, index) => index % PAGE === PAGE - 1).map((row) => `&after=${writeCategoryCursor({ position: row.position, itemId: row.item_id })}`)
  return ['', ...starts]
}

/** The catalogue grown to each of `sizes` (items of the brand), and each path measured there. */
export async function catalogueCurve(store: StoreDb, backends: Backends, sizes: number[], options: LoopOptions): Promise<CataloguePoint[]> {
  await migrateToLatest(store.db)
  await seedDatabase(store.db)
  const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', OUTBOX_INTERVAL_MS: '0' }), store, webBuildDir: '/nonexistent' })
  await app.ready()
  const dropCatalogue = () => app.caches.clear(BRAND, ['catalog'])
  try {
    const bought = await store.db
      .selectFrom('item_sizes')
      .innerJoin('items', 'items.id', 'item_sizes.item_id')
      .select(['items.id', 'item_sizes.size'])
      .where('items.brand_id', '=', BRAND)
      .where('items.vip_exclusive', '=', 0)
      .where('items.active', '=', 1)
      .where('item_sizes.stock', '>', 5)
      .orderBy('items.id')
      .executeTakeFirstOrThrow()
    await store.db.updateTable('item_sizes').set({ stock: 10_000_000 }).where('item_id', '=', bought.id).where('size', '=', bought.size).execute()
    const points: CataloguePoint[] = []
    for (const size of sizes) {
      const have = await brandItems(store)
      const started = performance.now()
      if (size > have) await seedLargeStore(store.db, { brandId: BRAND, items: Math.ceil((size - have) / ITEMS_PER_STYLE), orders: 0, customers: 0, seed: size })
      await sql`analyze`.execute(store.db)
      const growSeconds = (performance.now() - started) / 1000
      dropCatalogue()
      const ids = (await store.db.selectFrom('items').select('id').where('brand_id', '=', BRAND).where('active', '=', 1).execute()).map((row) => row.id)
      const anyItem = () => ids[Math.floor(Math.random() * ids.length)]!
      const category = await app.inject({ method: 'GET', url: `/api/categories/${CATEGORY}`, headers: { host } })
      expectOk('category', category)
      const pages = await pageCursors(store)
      const anyPage = () => pages[Math.floor(Math.random() * pages.length)]!
      const paths: Record<CataloguePath, () => Timed> = {
        categoryCached: () => timedGet(app, () => `/api/categories/${CATEGORY}`),
        categoryUncached: () =>
          timedGet(
            app,
            () => `/api/categories/${CATEGORY}`,
            () => dropCatalogue(),
          ),
        categoryPageUncached: () =>
          timedGet(
            app,
            () => `/api/categories/${CATEGORY}?limit=${PAGE}${anyPage()}`,
            () => dropCatalogue(),
          ),
        itemCached: () => timedGet(app, () => `/api/items/${ids[0]}`),
        itemUncached: () =>
          timedGet(
            app,
            () => `/api/items/${anyItem()}`,
            () => dropCatalogue(),
          ),
        checkout: () => checkout(app, bought.id, bought.size, newAddress()),
      }
      const figures = {} as Record<CataloguePath, Figures>
      for (const [key, make] of Object.entries(paths) as [CataloguePath, () => Timed][]) {
        await loop(backends, make, { ...options, durationMs: 300 })
        figures[key] = await loop(backends, make, options)
      }
      const point: CataloguePoint = {
        items: await brandItems(store),
        categoryItems: (category.json() as { data: { items: unknown[] } }).data.items.length,
        categoryBytes: category.body.length,
        growSeconds,
        figures,
      }
      console.error(`catalogue ${point.items} items: ${JSON.stringify(Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, Math.round(f.perSecond)])))}`)
      points.push(point)
    }
    return points
  } finally {
    await app.close()
  }
}
