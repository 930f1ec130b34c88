/**
 * The operator's catalogue: items with their colour, sizes (in the store's order,
 * SPEC §5), prices (integer cents in the database, dollars on the wire), category,
 * published or not; stock per size set with a reason. Every change is audited in its
 * transaction and then clears the brand's cached catalogue answers and pages, so the
 * storefront shows it at once (on this instance; others within the caches' 30 s).
 */
import { randomUUID } from 'node:crypto'
import { type AdminItem, fromCents, normalizeSizes, sortSizes, toCents } from '@store/core'
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import type { Database, ItemsTable } from '../db/schema.ts'
import { badRequest, conflict, notFound, unprocessable } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'

type Db = Kysely<Database> | Transaction<Database>

/** What a catalogue change clears: the brand's catalogue answers and its anonymous pages. */
export interface CatalogCaches {
  clear(brandId: string): void
}

export interface ItemInput {
  name: string
  category: string
  price: number
  member_price?: number | null
  compare_at_price?: number | null
  color: string
  sizes: string
  description?: string
  published?: boolean
  vip_exclusive?: boolean
}

const ITEM_COLUMNS = ['id', 'style_id', 'name', 'color', 'price_cents', 'member_price_cents', 'original_price_cents', 'description', 'active', 'vip_exclusive'] as const

type ItemRow = {
  id: number
  style_id: string
  name: string
  color: string
  price_cents: number
  member_price_cents: number | null
  original_price_cents: number | null
  description: string
  active: number
  vip_exclusive: number
}

const cents = (value: number | null | undefined) => (value === null || value === undefined ? null : fromCents(value))

/** The rows' sizes, categories and front images, in three statements for a whole page. */
async function withChildren(db: Db, brandId: string, rows: ItemRow[]): Promise<AdminItem[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [sizes, categories, images] = await Promise.all([
    db
      .selectFrom('item_sizes')
      .select(['item_id', 'size', 'stock', 'position'])
      .where('brand_id', '=', brandId)
      .where('item_id', 'in', ids)
      .orderBy('item_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('item_categories')
      .innerJoin('categories', 'categories.id', 'item_categories.category_id')
      .select(['item_categories.item_id', 'categories.name'])
      .where('item_categories.brand_id', '=', brandId)
      .where('item_categories.item_id', 'in', ids)
      .orderBy('categories.position')
      .execute(),
    db.selectFrom('item_images').select(['item_id', 'url']).where('brand_id', '=', brandId).where('item_id', 'in', ids).where('kind', '=', 'image1').execute(),
  ])
  return rows.map((row) => {
    const names = categories.filter((c) => c.item_id === row.id).map((c) => c.name)
    const own = sizes.filter((s) => s.item_id === row.id)
    const order = sortSizes(own.map((s) => s.size))
    return {
      id: row.id,
      style_id: row.style_id,
      name: row.name,
      category: names[0] ?? null,
      categories: names,
      color: row.color,
      price: fromCents(row.price_cents),
      member_price: cents(row.member_price_cents),
      compare_at_price: cents(row.original_price_cents),
      description: row.description,
      published: row.active === 1,
      vip_exclusive: row.vip_exclusive === 1,
      sizes: order.map((size) => ({ size, stock: own.find((s) => s.size === size)!.stock })),
      image: images.find((image) => image.item_id === row.id)?.url ?? null,
    }
  })
}

const PAGE_SIZE = 50

/**
 * A page of the brand's items in id order, the next page after `cursor` (the last id
 * given): cursor pagination in the database, so a large catalogue answers as fast on
 * its last page as on its first. `query` finds by id, name, colour or style.
 */
export async function listItems(ctx: RequestContext, input: { query?: string; cursor?: string; limit?: number }): Promise<{ items: AdminItem[]; next_cursor: string | null }> {
  const { db, brandId } = ctx.data
  const limit = input.limit ?? PAGE_SIZE
  let q = db.selectFrom('items').select(ITEM_COLUMNS).where('brand_id', '=', brandId)
  if (input.cursor) {
    if (!/^\d{1,10}$/.test(input.cursor)) throw badRequest('This page of items is not one we gave out. Start from the first page.', 'cursor')
    q = q.where('id', '>', Number(input.cursor))
  }
  const query = input.query?.trim()
  if (query) {
    const like = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const matches = (column: 'name' | 'color' | 'style_id') => sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '\\'`
    q = q.where((eb) => eb.or([...(/^\d{1,10}$/.test(query) ? [eb('id', '=', Number(query))] : []), matches('name'), matches('color'), matches('style_id')]))
  }
  const rows = await q
    .orderBy('id')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  return { items: await withChildren(db, brandId, page), next_cursor: rows.length > limit ? String(page.at(-1)!.id) : null }
}

/** The brand's items of `ids` (those it has), with their sizes, categories and front images. */
export async function readItems(db: Db, brandId: string, ids: number[]): Promise<AdminItem[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('items').select(ITEM_COLUMNS).where('brand_id', '=', brandId).where('id', 'in', ids).orderBy('id').execute()
  return withChildren(db, brandId, rows)
}

async function readItem(db: Db, brandId: string, id: number): Promise<AdminItem> {
  const row = await db.selectFrom('items').select(ITEM_COLUMNS).where('brand_id', '=', brandId).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound(`There is no item ${id} in this store.`)
  return (await withChildren(db, brandId, [row]))[0]!
}

export async function getItem(ctx: RequestContext, id: number) {
  const { db, brandId } = ctx.data
  const item = await readItem(db, brandId, id)
  const adjustments = await db
    .selectFrom('stock_adjustments')
    .leftJoin('staff', 'staff.id', 'stock_adjustments.staff_id')
    .select(['stock_adjustments.created_at', 'stock_adjustments.size', 'quantity_before', 'quantity_after', 'reason', 'staff.email'])
    .where('stock_adjustments.brand_id', '=', brandId)
    .where('item_id', '=', id)
    .orderBy('stock_adjustments.created_at', 'desc')
    .limit(20)
    .execute()
  return {
    ...item,
    adjustments: adjustments.map((a) => ({ at: a.created_at, size: a.size, from: a.quantity_before, to: a.quantity_after, reason: a.reason, by: a.email ?? null })),
  }
}

export async function listCategoryNames(ctx: RequestContext): Promise<{ name: string; title: string }[]> {
  return ctx.data.db.selectFrom('categories').select(['name', 'title']).where('brand_id', '=', ctx.data.brandId).orderBy('position').orderBy('name').execute()
}

async function categoryId(db: Db, brandId: string, name: string): Promise<number> {
  const row = await db.selectFrom('categories').select('id').where('brand_id', '=', brandId).where('name', '=', name.trim().toLowerCase()).executeTakeFirst()
  if (!row) throw unprocessable(`There is no category "${name}" in this store.`, 'category')
  return row.id
}

export function readSizes(list: string): string[] {
  const sizes = sortSizes(normalizeSizes(list))
  if (sizes.length === 0) throw unprocessable('Give at least one size, such as XS,S,M,L or One Size.', 'sizes')
  if (sizes.some((size) => size.length > 40)) throw unprocessable('A size is at most 40 characters.', 'sizes')
  return sizes
}

export function checkPrices(price: number | undefined, member: number | null | undefined, compareAt: number | null | undefined) {
  if (price !== undefined && member !== null && member !== undefined && member > price) throw unprocessable('The member price cannot be above the price.', 'member_price')
  if (price !== undefined && compareAt !== null && compareAt !== undefined && compareAt <= price)
    throw unprocessable('The compare-at price must be above the price (it is what the item was).', 'compare_at_price')
}

/** The sizes of an item become `sizes`: new ones start at 0, kept ones keep their stock, a dropped one must be at 0. */
async function setSizes(trx: Transaction<Database>, brandId: string, itemId: number, sizes: string[]) {
  const current = await trx.selectFrom('item_sizes').select(['size', 'stock']).where('brand_id', '=', brandId).where('item_id', '=', itemId).execute()
  for (const gone of current.filter((row) => !sizes.includes(row.size))) {
    if (gone.stock > 0) throw conflict(`Size ${gone.size} still has ${gone.stock} in stock. Set its stock to 0 first.`, 'sizes')
    await trx.deleteFrom('item_sizes').where('brand_id', '=', brandId).where('item_id', '=', itemId).where('size', '=', gone.size).execute()
  }
  for (const [position, size] of sizes.entries()) {
    if (current.some((row) => row.size === size)) {
      await trx.updateTable('item_sizes').set({ position }).where('brand_id', '=', brandId).where('item_id', '=', itemId).where('size', '=', size).execute()
    } else {
      await trx.insertInto('item_sizes').values({ brand_id: brandId, item_id: itemId, size, stock: 0, position }).execute()
    }
  }
}

export async function createItem(ctx: RequestContext, actor: AuditActor, caches: CatalogCaches, input: ItemInput): Promise<AdminItem> {
  const { db, brandId } = ctx.data
  checkPrices(input.price, input.member_price, input.compare_at_price)
  const now = ctx.now().toISOString()
  // two items added at the same moment take the same next id: the loser of the primary key tries again
  let item: AdminItem | undefined
  for (let attempt = 1; !item; attempt += 1) {
    try {
      item = await db.transaction().execute((trx) => insertItem(trx, brandId, actor, input, now))
    } catch (error) {
      if (attempt >= 5 || !isDuplicateKey(error)) throw error
    }
  }
  caches.clear(brandId)
  return item
}

/** Adds an item inside the caller's transaction (the form's save, or a new item of a CSV import), audited as item.create. */
export async function insertItem(trx: Transaction<Database>, brandId: string, actor: AuditActor, input: ItemInput, now: string): Promise<AdminItem> {
  const sizes = readSizes(input.sizes)
  checkPrices(input.price, input.member_price, input.compare_at_price)
  const category = await categoryId(trx, brandId, input.category)
  // item ids are global (every brand's items share the id space): the next free one
  const top = await trx
    .selectFrom('items')
    .select((eb) => eb.fn.max<number>('id').as('top'))
    .executeTakeFirst()
  const id = Number(top?.top ?? 0) + 1
  const color = input.color.trim()
  await trx
    .insertInto('items')
    .values({
      id,
      brand_id: brandId,
      style_id: `${brandId}-item-${id}`,
      name: input.name,
      item_type_name: input.category.trim().toLowerCase(),
      description: input.description ?? '',
      color,
      swatch: '#888888',
      price_cents: toCents(input.price),
      member_price_cents: input.member_price == null ? null : toCents(input.member_price),
      original_price_cents: input.compare_at_price == null ? null : toCents(input.compare_at_price),
      // a new item is a draft unless published is asked for: it has no photos yet
      active: input.published ? 1 : 0,
      vip_exclusive: input.vip_exclusive ? 1 : 0,
      image_max_height: null,
      created_at: now,
    })
    .execute()
  const position = await trx
    .selectFrom('item_categories')
    .select((eb) => eb.fn.max<number>('position').as('p'))
    .where('brand_id', '=', brandId)
    .where('category_id', '=', category)
    .executeTakeFirst()
  await trx
    .insertInto('item_categories')
    .values({ brand_id: brandId, item_id: id, category_id: category, position: Number(position?.p ?? -1) + 1 })
    .execute()
  await setSizes(trx, brandId, id, sizes)
  const created = await readItem(trx, brandId, id)
  await audited(trx, actor, { action: 'item.create', entity: 'item', id, before: null, after: auditView(created) })
  return created
}

/** A unique or primary key refused the row (SQLite and PostgreSQL say it differently). */
function isDuplicateKey(error: unknown): boolean {
  const text = error instanceof Error ? `${(error as { code?: string }).code ?? ''} ${error.message}` : ''
  return /SQLITE_CONSTRAINT_PRIMARYKEY|UNIQUE constraint failed|23505|duplicate key/.test(text)
}

/** What the audit log keeps of an item: its fields, without the image URL. */
const auditView = ({ image: _image, ...fields }: AdminItem) => fields

export async function updateItem(ctx: RequestContext, actor: AuditActor, caches: CatalogCaches, id: number, patch: Partial<ItemInput>): Promise<AdminItem> {
  const { db, brandId } = ctx.data
  const item = await db.transaction().execute((trx) => changeItem(trx, brandId, actor, id, patch))
  caches.clear(brandId)
  return item
}

/** Changes an item inside the caller's transaction (a form's save, or each item of a CSV import), audited as item.update. */
export async function changeItem(trx: Transaction<Database>, brandId: string, actor: AuditActor, id: number, patch: Partial<ItemInput>): Promise<AdminItem> {
  const before = await readItem(trx, brandId, id)
  const price = patch.price ?? before.price
  const member = patch.member_price === undefined ? before.member_price : patch.member_price
  const compareAt = patch.compare_at_price === undefined ? before.compare_at_price : patch.compare_at_price
  checkPrices(price, member, compareAt)
  const set: Updateable<ItemsTable> = {}
  if (patch.name !== undefined) set.name = patch.name
  if (patch.color !== undefined) set.color = patch.color
  if (patch.description !== undefined) set.description = patch.description
  if (patch.price !== undefined) set.price_cents = toCents(patch.price)
  if (patch.member_price !== undefined) set.member_price_cents = patch.member_price === null ? null : toCents(patch.member_price)
  if (patch.compare_at_price !== undefined) set.original_price_cents = patch.compare_at_price === null ? null : toCents(patch.compare_at_price)
  if (patch.published !== undefined) set.active = patch.published ? 1 : 0
  if (patch.vip_exclusive !== undefined) set.vip_exclusive = patch.vip_exclusive ? 1 : 0
  if (Object.keys(set).length > 0) await trx.updateTable('items').set(set).where('brand_id', '=', brandId).where('id', '=', id).execute()
  if (patch.category !== undefined && patch.category.trim().toLowerCase() !== before.category) {
    const category = await categoryId(trx, brandId, patch.category)
    // the item's first category changes; the others stay
    const first = before.category ? await categoryId(trx, brandId, before.category) : null
    if (first !== null) await trx.deleteFrom('item_categories').where('brand_id', '=', brandId).where('item_id', '=', id).where('category_id', '=', first).execute()
    const already = await trx
      .selectFrom('item_categories')
      .select('item_id')
      .where('brand_id', '=', brandId)
      .where('item_id', '=', id)
      .where('category_id', '=', category)
      .executeTakeFirst()
    if (!already) await trx.insertInto('item_categories').values({ brand_id: brandId, item_id: id, category_id: category, position: 0 }).execute()
  }
  if (patch.sizes !== undefined) await setSizes(trx, brandId, id, readSizes(patch.sizes))
  const after = await readItem(trx, brandId, id)
  await audited(trx, actor, { action: 'item.update', entity: 'item', id, before: auditView(before), after: auditView(after) })
  return after
}

/** Sets the count of one size (the new count, not a difference) and records why; audited. */
export async function adjustStock(
  ctx: RequestContext,
  actor: AuditActor,
  caches: CatalogCaches,
  input: { item_id: number; size: string; quantity: number; reason: string },
): Promise<{ item_id: number; size: string; quantity: number }> {
  const { db, brandId } = ctx.data
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('item_sizes')
      .select('stock')
      .where('brand_id', '=', brandId)
      .where('item_id', '=', input.item_id)
      .where('size', '=', input.size)
      .$if(ctx.data.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst()
    if (!row) throw notFound(`Item ${input.item_id} has no size ${input.size} in this store.`)
    await trx.updateTable('item_sizes').set({ stock: input.quantity }).where('brand_id', '=', brandId).where('item_id', '=', input.item_id).where('size', '=', input.size).execute()
    await trx
      .insertInto('stock_adjustments')
      .values({
        id: randomUUID(),
        brand_id: brandId,
        item_id: input.item_id,
        size: input.size,
        quantity_before: row.stock,
        quantity_after: input.quantity,
        reason: input.reason,
        staff_id: actor.staffId,
        created_at: actor.now().toISOString(),
      })
      .execute()
    await audited(trx, actor, {
      action: 'stock.adjust',
      entity: 'item',
      id: input.item_id,
      before: { size: input.size, quantity: row.stock },
      after: { size: input.size, quantity: input.quantity, reason: input.reason },
    })
  })
  caches.clear(brandId)
  return { item_id: input.item_id, size: input.size, quantity: input.quantity }
}
