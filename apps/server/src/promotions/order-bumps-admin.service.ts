/**
 * The operator's order bumps (SPEC §3: headline, text_copy, short_item_name, price; and the item and
 * the place in the line of bumps): listed with how each sells, added, changed and taken off, each
 * change audited and the storefront's caches cleared (/checkout-ob/{id} shows it at once).
 *
 * How a bump sells: shown is the page views of /checkout-ob/{id} the pixel recorded; taken, the
 * placed orders' lines of the bump's item at the bump's price (a bump's line is that, SPEC §3);
 * revenue, what those lines brought in.
 */
import { randomUUID } from 'node:crypto'
import { fromCents, PLACED_ORDER_STATUSES, toCents, type AdminOrderBump } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import type { Database } from '../db/schema.ts'
import { notFound, unprocessable } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import { pageViewsOf } from './page-views.ts'
import type { PromotionCaches } from './promotion-caches.ts'

type Db = Kysely<Database> | Transaction<Database>

interface BumpInput {
  item_id?: number
  headline?: string
  text_copy?: string
  short_item_name?: string
  price?: number
  position?: number
}

async function bumpRows(db: Db, brandId: string, id?: string) {
  let q = db
    .selectFrom('order_bumps')
    .innerJoin('items', 'items.id', 'order_bumps.item_id')
    .select(['order_bumps.id', 'order_bumps.item_id', 'items.name as item_name', 'headline', 'text_copy', 'short_item_name', 'order_bumps.price_cents', 'position'])
    .where('order_bumps.brand_id', '=', brandId)
  if (id) q = q.where('order_bumps.id', '=', id)
  return q.orderBy('position').orderBy('order_bumps.id').execute()
}

async function withSales(db: Db, brandId: string, rows: Awaited<ReturnType<typeof bumpRows>>): Promise<AdminOrderBump[]> {
  if (rows.length === 0) return []
  const [lines, views] = await Promise.all([
    db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.order_number', 'order_lines.order_number')
      .select((eb) => [
        'order_lines.item_id',
        'order_lines.price_cents',
        eb.fn.countAll<string | number>().as('taken'),
        eb.fn.sum<string | number>('order_lines.total_cents').as('revenue'),
      ])
      .where('orders.brand_id', '=', brandId)
      .where('orders.status', 'in', PLACED_ORDER_STATUSES)
      .where('order_lines.offer_id', 'is', null)
      .where(
        'order_lines.item_id',
        'in',
        rows.map((row) => row.item_id),
      )
      .groupBy(['order_lines.item_id', 'order_lines.price_cents'])
      .execute(),
    pageViewsOf(db, brandId, 'checkout-ob'),
  ])
  return rows.map((row) => {
    const sold = lines.find((line) => line.item_id === row.item_id && line.price_cents === row.price_cents)
    const shown = views.get(row.id) ?? 0
    return {
      id: row.id,
      item_id: row.item_id,
      item_name: row.item_name,
      headline: row.headline,
      text_copy: row.text_copy,
      short_item_name: row.short_item_name,
      price: fromCents(row.price_cents),
      position: row.position,
      sales: { shown, taken: Number(sold?.taken ?? 0), revenue: fromCents(Number(sold?.revenue ?? 0)) },
    }
  })
}

export async function listOrderBumpsForStaff(ctx: RequestContext): Promise<AdminOrderBump[]> {
  const { db, brandId } = ctx.data
  return withSales(db, brandId, await bumpRows(db, brandId))
}

async function readBump(db: Db, brandId: string, id: string): Promise<AdminOrderBump> {
  const rows = await bumpRows(db, brandId, id)
  if (rows.length === 0) throw notFound(`There is no order bump ${id} in this store.`)
  return (await withSales(db, brandId, rows))[0]!
}

async function checkItem(db: Db, brandId: string, itemId: number, priceCents: number | undefined): Promise<void> {
  const item = await db.selectFrom('items').select(['price_cents', 'active']).where('brand_id', '=', brandId).where('id', '=', itemId).executeTakeFirst()
  if (!item) throw unprocessable(`There is no item ${itemId} in this store.`, 'item_id')
  if (item.active !== 1) throw unprocessable(`Item ${itemId} is not published: shoppers could not take the bump.`, 'item_id')
  if (priceCents !== undefined && priceCents > item.price_cents)
    throw unprocessable(`A bump's price is an offer: at most the item's own price (${fromCents(item.price_cents)}).`, 'price')
}

export async function createOrderBump(
  ctx: RequestContext,
  actor: AuditActor,
  caches: PromotionCaches,
  input: Required<Omit<BumpInput, 'position'>> & BumpInput,
): Promise<AdminOrderBump> {
  const { db, brandId } = ctx.data
  const id = await db.transaction().execute(async (trx) => {
    await checkItem(trx, brandId, input.item_id, toCents(input.price))
    const last = await trx
      .selectFrom('order_bumps')
      .select((eb) => eb.fn.max('position').as('top'))
      .where('brand_id', '=', brandId)
      .executeTakeFirst()
    const row = {
      id: `ob-${randomUUID().slice(0, 8)}`,
      brand_id: brandId,
      item_id: input.item_id,
      headline: input.headline,
      text_copy: input.text_copy,
      short_item_name: input.short_item_name,
      price_cents: toCents(input.price),
      position: input.position ?? Number(last?.top ?? -1) + 1,
    }
    await trx.insertInto('order_bumps').values(row).execute()
    await audited(trx, actor, { action: 'order_bump.create', entity: 'order_bump', id: row.id, after: row })
    return row.id
  })
  caches.clear(brandId)
  return readBump(db, brandId, id)
}

export async function updateOrderBump(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, id: string, input: BumpInput): Promise<AdminOrderBump> {
  const { db, brandId } = ctx.data
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('order_bumps').selectAll().where('brand_id', '=', brandId).where('id', '=', id).executeTakeFirst()
    if (!before) throw notFound(`There is no order bump ${id} in this store.`)
    const change = {
      ...(input.item_id === undefined ? {} : { item_id: input.item_id }),
      ...(input.headline === undefined ? {} : { headline: input.headline }),
      ...(input.text_copy === undefined ? {} : { text_copy: input.text_copy }),
      ...(input.short_item_name === undefined ? {} : { short_item_name: input.short_item_name }),
      ...(input.price === undefined ? {} : { price_cents: toCents(input.price) }),
      ...(input.position === undefined ? {} : { position: input.position }),
    }
    await checkItem(trx, brandId, change.item_id ?? before.item_id, change.price_cents ?? before.price_cents)
    await trx.updateTable('order_bumps').set(change).where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, { action: 'order_bump.update', entity: 'order_bump', id, before, after: { ...before, ...change } })
  })
  caches.clear(brandId)
  return readBump(db, brandId, id)
}

/** Takes a bump off the checkout (its row goes; the orders that took it keep their lines, and the audit log keeps what it was). */
export async function removeOrderBump(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, id: string): Promise<AdminOrderBump[]> {
  const { db, brandId } = ctx.data
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('order_bumps').selectAll().where('brand_id', '=', brandId).where('id', '=', id).executeTakeFirst()
    if (!before) throw notFound(`There is no order bump ${id} in this store.`)
    await trx.deleteFrom('order_bumps').where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, { action: 'order_bump.remove', entity: 'order_bump', id, before })
  })
  caches.clear(brandId)
  return listOrderBumpsForStaff(ctx)
}
