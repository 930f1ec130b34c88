/**
 * The operator's bundle offers (SPEC §3: categories, how_many, offer_id, price: '3 for $75' over
 * the pieces of those categories): listed with how each sells, added, changed and taken off, each
 * change audited and the cart's cached offers cleared (the next cart prices with it).
 *
 * How a bundle sells: shown is the page views of its categories' pages (/category/{name}) the
 * pixel recorded; taken, the placed orders that saved by a bundle (bundle_discount_cents) and hold
 * a piece of its categories; revenue, those orders' totals. An order with two bundles' pieces
 * counts for both (the order does not record which bundle saved what).
 */
import { randomUUID } from 'node:crypto'
import { fromCents, PLACED_ORDER_STATUSES, toCents, type AdminBundleOffer } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import { readJson } from '../db/json.ts'
import type { BundleOffersTable, Database } from '../db/schema.ts'
import { conflict, notFound, unprocessable } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import { pageViewsOf } from './page-views.ts'
import type { PromotionCaches } from './promotion-caches.ts'

type Db = Kysely<Database> | Transaction<Database>

export interface BundleOfferInput {
  offer_id?: string
  categories?: string[]
  how_many?: number
  price?: number
}

async function offerRows(db: Db, brandId: string, id?: string) {
  let q = db.selectFrom('bundle_offers').select(['id', 'offer_id', 'categories', 'how_many', 'price_cents']).where('brand_id', '=', brandId)
  if (id) q = q.where('id', '=', id)
  return q.orderBy('id').execute()
}

async function withSales(db: Db, brandId: string, rows: Awaited<ReturnType<typeof offerRows>>): Promise<AdminBundleOffer[]> {
  if (rows.length === 0) return []
  const views = await pageViewsOf(db, brandId, 'category')
  return Promise.all(
    rows.map(async (row) => {
      const categories = readJson<string[]>(row.categories, [])
      const sold =
        categories.length === 0
          ? undefined
          : await db
              .selectFrom('orders')
              .select((eb) => [eb.fn.countAll<string | number>().as('taken'), eb.fn.sum<string | number>('orders.total_cents').as('revenue')])
              .where('orders.brand_id', '=', brandId)
              .where('orders.status', 'in', PLACED_ORDER_STATUSES)
              .where('orders.bundle_discount_cents', '>', 0)
              .where(({ exists, selectFrom }) =>
                exists(
                  selectFrom('order_lines')
                    .innerJoin('item_categories', 'item_categories.item_id', 'order_lines.item_id')
                    .innerJoin('categories', 'categories.id', 'item_categories.category_id')
                    .select('order_lines.id')
                    .whereRef('order_lines.order_number', '=', 'orders.order_number')
                    .where('categories.brand_id', '=', brandId)
                    .where('categories.name', 'in', categories),
                ),
              )
              .executeTakeFirst()
      return {
        id: row.id,
        offer_id: row.offer_id,
        categories,
        how_many: row.how_many,
        price: fromCents(row.price_cents),
        sales: {
          shown: categories.reduce((sum, name) => sum + (views.get(name) ?? 0), 0),
          taken: Number(sold?.taken ?? 0),
          revenue: fromCents(Number(sold?.revenue ?? 0)),
        },
      }
    }),
  )
}

export async function listBundleOffersForStaff(ctx: RequestContext): Promise<AdminBundleOffer[]> {
  const { db, brandId } = ctx.data
  return withSales(db, brandId, await offerRows(db, brandId))
}

async function readOffer(db: Db, brandId: string, id: string): Promise<AdminBundleOffer> {
  const rows = await offerRows(db, brandId, id)
  if (rows.length === 0) throw notFound(`There is no bundle offer ${id} in this store.`)
  return (await withSales(db, brandId, rows))[0]!
}

/** The rules a bundle must keep: its categories are the store's, and its name is its own. */
async function check(db: Db, brandId: string, id: string, row: Pick<BundleOffersTable, 'offer_id'> & { categories: string[] }): Promise<void> {
  const known = await db.selectFrom('categories').select('name').where('brand_id', '=', brandId).where('name', 'in', row.categories).execute()
  const missing = row.categories.filter((name) => !known.some((k) => k.name === name))
  if (missing.length > 0) throw unprocessable(`There is no category ${missing.map((name) => `“${name}”`).join(', ')} in this store.`, 'categories')
  const same = await db.selectFrom('bundle_offers').select('id').where('brand_id', '=', brandId).where('offer_id', '=', row.offer_id).where('id', '<>', id).executeTakeFirst()
  if (same) throw conflict(`Another bundle is named “${row.offer_id}”: the cart and the orders tell bundles by their name.`, 'offer_id')
}

export async function createBundleOffer(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, input: Required<BundleOfferInput>): Promise<AdminBundleOffer> {
  const { db, brandId } = ctx.data
  const row = {
    id: `bo-${randomUUID().slice(0, 8)}`,
    brand_id: brandId,
    offer_id: input.offer_id,
    categories: JSON.stringify(input.categories),
    how_many: input.how_many,
    price_cents: toCents(input.price),
  }
  await db.transaction().execute(async (trx) => {
    await check(trx, brandId, row.id, { ...row, categories: input.categories })
    await trx.insertInto('bundle_offers').values(row).execute()
    await audited(trx, actor, { action: 'bundle_offer.create', entity: 'bundle_offer', id: row.id, after: row })
  })
  caches.clear(brandId)
  return readOffer(db, brandId, row.id)
}

export async function updateBundleOffer(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, id: string, input: BundleOfferInput): Promise<AdminBundleOffer> {
  const { db, brandId } = ctx.data
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('bundle_offers').selectAll().where('brand_id', '=', brandId).where('id', '=', id).executeTakeFirst()
    if (!before) throw notFound(`There is no bundle offer ${id} in this store.`)
    const change = {
      ...(input.offer_id === undefined ? {} : { offer_id: input.offer_id }),
      ...(input.categories === undefined ? {} : { categories: JSON.stringify(input.categories) }),
      ...(input.how_many === undefined ? {} : { how_many: input.how_many }),
      ...(input.price === undefined ? {} : { price_cents: toCents(input.price) }),
    }
    const after = { ...before, ...change }
    await check(trx, brandId, id, { ...after, categories: input.categories ?? readJson<string[]>(before.categories, []) })
    await trx.updateTable('bundle_offers').set(change).where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, { action: 'bundle_offer.update', entity: 'bundle_offer', id, before, after })
  })
  caches.clear(brandId)
  return readOffer(db, brandId, id)
}

/** Ends a bundle (its row goes; orders keep what they saved, and the audit log keeps what it was). */
export async function removeBundleOffer(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, id: string): Promise<AdminBundleOffer[]> {
  const { db, brandId } = ctx.data
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('bundle_offers').selectAll().where('brand_id', '=', brandId).where('id', '=', id).executeTakeFirst()
    if (!before) throw notFound(`There is no bundle offer ${id} in this store.`)
    await trx.deleteFrom('bundle_offers').where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, { action: 'bundle_offer.remove', entity: 'bundle_offer', id, before })
  })
  caches.clear(brandId)
  return listBundleOffersForStaff(ctx)
}
