/**
 * The operator's one-time offers (SPEC §3, every field): listed in their order with how each sells,
 * added, changed and taken off; each change audited and the storefront's caches cleared, so
 * /special-offer/{id} and the order after payment follow at once.
 *
 * How an offer sells: shown is the pixel's page views of /special-offer/{id}; taken, the placed orders
 * with a line bought with it (order_lines.offer_id); revenue, those lines' totals.
 */
import { randomUUID } from 'node:crypto'
import { fromCents, PLACED_ORDER_STATUSES, toCents, type AdminOneTimeOffer } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import { readJson } from '../db/json.ts'
import type { Database, OneTimeOffersRow } from '../db/schema.ts'
import { notFound, unprocessable } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import { pageViewsOf } from './page-views.ts'
import type { PromotionCaches } from './promotion-caches.ts'
import type { OneTimeOfferInput } from './promotions.schemas.ts'

type Db = Kysely<Database> | Transaction<Database>

const FLAGS = ['show_product_picker', 'show_full_product_picker', 'show_category_picker', 'show_sizepicker', 'digital_product'] as const

async function withSales(db: Db, brandId: string, rows: OneTimeOffersRow[]): Promise<AdminOneTimeOffer[]> {
  if (rows.length === 0) return []
  const [sold, views] = await Promise.all([
    db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.order_number', 'order_lines.order_number')
      .select((eb) => [
        'order_lines.offer_id',
        eb.fn.count<string | number>('orders.order_number').distinct().as('taken'),
        eb.fn.sum<string | number>('order_lines.total_cents').as('revenue'),
      ])
      .where('orders.brand_id', '=', brandId)
      .where('orders.status', 'in', PLACED_ORDER_STATUSES)
      .where(
        'order_lines.offer_id',
        'in',
        rows.map((row) => row.id),
      )
      .groupBy('order_lines.offer_id')
      .execute(),
    pageViewsOf(db, brandId, 'special-offer'),
  ])
  return rows.map((row) => {
    const sales = sold.find((line) => line.offer_id === row.id)
    return {
      id: row.id,
      categories: readJson<string[]>(row.categories, []),
      banner: row.banner,
      headline: row.headline,
      text_copy: row.text_copy,
      extended_copy_1: row.extended_copy_1,
      extended_copy_2: row.extended_copy_2,
      extended_copy_3: row.extended_copy_3,
      image_1: row.image_1,
      image_2: row.image_2,
      image_3: row.image_3,
      image_4: row.image_4,
      no_thanks_button_copy: row.no_thanks_button_copy,
      how_many: row.how_many,
      short_item_name: row.short_item_name,
      show_product_picker: row.show_product_picker === 1,
      show_full_product_picker: row.show_full_product_picker === 1,
      show_category_picker: row.show_category_picker === 1,
      show_sizepicker: row.show_sizepicker === 1,
      digital_product: row.digital_product === 1,
      price: fromCents(row.price_cents),
      position: row.position,
      sales: { shown: views.get(row.id) ?? 0, taken: Number(sales?.taken ?? 0), revenue: fromCents(Number(sales?.revenue ?? 0)) },
    }
  })
}

const rowsOf = (db: Db, brandId: string) => db.selectFrom('one_time_offers').selectAll().where('brand_id', '=', brandId)

export async function listOneTimeOffersForStaff(ctx: RequestContext): Promise<AdminOneTimeOffer[]> {
  const { db, brandId } = ctx.data
  return withSales(db, brandId, await rowsOf(db, brandId).orderBy('position').orderBy('id').execute())
}

async function readOffer(db: Db, brandId: string, id: string): Promise<OneTimeOffersRow> {
  const row = await rowsOf(db, brandId).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound(`There is no one-time offer ${id} in this store.`)
  return row
}

/** The offer's categories are the brand's (its choices come from them: an unknown one would offer nothing). */
async function checkCategories(db: Db, brandId: string, categories: string[]): Promise<void> {
  if (categories.length === 0) throw unprocessable('Name at least one category the pieces come from.', 'categories')
  const known = await db.selectFrom('categories').select('name').where('brand_id', '=', brandId).where('name', 'in', categories).execute()
  const unknown = categories.find((name) => !known.some((row) => row.name === name))
  if (unknown) throw unprocessable(`There is no category "${unknown}" in this store.`, 'categories')
}

/** The columns an input changes (left out: unchanged). */
function changeOf(input: OneTimeOfferInput): Partial<Omit<OneTimeOffersRow, 'id' | 'brand_id'>> {
  const change: Partial<Omit<OneTimeOffersRow, 'id' | 'brand_id'>> = {}
  if (input.categories !== undefined) change.categories = JSON.stringify(input.categories)
  for (const key of ['banner', 'extended_copy_1', 'extended_copy_2', 'extended_copy_3', 'image_1', 'image_2', 'image_3', 'image_4'] as const) {
    if (input[key] !== undefined) change[key] = input[key]
  }
  for (const key of ['headline', 'text_copy', 'no_thanks_button_copy', 'short_item_name'] as const) {
    if (input[key] !== undefined) change[key] = input[key]
  }
  for (const key of FLAGS) if (input[key] !== undefined) change[key] = input[key] ? 1 : 0
  if (input.how_many !== undefined) change.how_many = input.how_many
  if (input.price !== undefined) change.price_cents = toCents(input.price)
  if (input.position !== undefined) change.position = input.position
  return change
}

export async function createOneTimeOffer(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, input: OneTimeOfferInput): Promise<AdminOneTimeOffer> {
  const { db, brandId } = ctx.data
  const row = await db.transaction().execute(async (trx) => {
    await checkCategories(trx, brandId, input.categories ?? [])
    const last = await trx
      .selectFrom('one_time_offers')
      .select((eb) => eb.fn.max('position').as('top'))
      .where('brand_id', '=', brandId)
      .executeTakeFirst()
    const change = changeOf(input)
    const row: OneTimeOffersRow = {
      id: `oto-${randomUUID().slice(0, 8)}`,
      brand_id: brandId,
      categories: change.categories ?? '[]',
      banner: change.banner ?? null,
      headline: change.headline!,
      text_copy: change.text_copy!,
      extended_copy_1: change.extended_copy_1 ?? null,
      extended_copy_2: change.extended_copy_2 ?? null,
      extended_copy_3: change.extended_copy_3 ?? null,
      image_1: change.image_1 ?? null,
      image_2: change.image_2 ?? null,
      image_3: change.image_3 ?? null,
      image_4: change.image_4 ?? null,
      no_thanks_button_copy: change.no_thanks_button_copy!,
      how_many: change.how_many ?? 1,
      short_item_name: change.short_item_name!,
      show_product_picker: change.show_product_picker ?? 1,
      show_full_product_picker: change.show_full_product_picker ?? 0,
      show_category_picker: change.show_category_picker ?? 0,
      show_sizepicker: change.show_sizepicker ?? 1,
      digital_product: change.digital_product ?? 0,
      price_cents: change.price_cents!,
      position: change.position ?? Number(last?.top ?? -1) + 1,
    }
    await trx.insertInto('one_time_offers').values(row).execute()
    await audited(trx, actor, { action: 'one_time_offer.create', entity: 'one_time_offer', id: row.id, after: row })
    return row
  })
  caches.clear(brandId)
  return (await withSales(db, brandId, [row]))[0]!
}

export async function updateOneTimeOffer(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, id: string, input: OneTimeOfferInput): Promise<AdminOneTimeOffer> {
  const { db, brandId } = ctx.data
  const row = await db.transaction().execute(async (trx) => {
    const before = await readOffer(trx, brandId, id)
    if (input.categories !== undefined) await checkCategories(trx, brandId, input.categories)
    const change = changeOf(input)
    if (Object.keys(change).length > 0) await trx.updateTable('one_time_offers').set(change).where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, { action: 'one_time_offer.update', entity: 'one_time_offer', id, before, after: { ...before, ...change } })
    return { ...before, ...change }
  })
  caches.clear(brandId)
  return (await withSales(db, brandId, [row]))[0]!
}

/** Takes an offer out of the flow after payment (its row goes; orders that took it keep their lines, the audit log what it was). */
export async function removeOneTimeOffer(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, id: string): Promise<AdminOneTimeOffer[]> {
  const { db, brandId } = ctx.data
  await db.transaction().execute(async (trx) => {
    const before = await readOffer(trx, brandId, id)
    await trx.deleteFrom('one_time_offers').where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, { action: 'one_time_offer.remove', entity: 'one_time_offer', id, before })
  })
  caches.clear(brandId)
  return listOneTimeOffersForStaff(ctx)
}
