/**
 * The wishlist (SPEC §3 entry: id, permalink, reserved): items a customer keeps
 * for later, one entry per item. `reserved` says the item is a VIP exclusive,
 * held for club members (docs/members.md). Every query names the brand and the
 * customer, so another customer's entry is not found.
 */
import { randomUUID } from 'node:crypto'
import { fromCents, sortSizes, type WishlistEntry } from '@store/core'
import { requireCustomerId } from '../account/require-customer.ts'
import { addToCart } from '../cart/cart.service.ts'
import { unitPriceCents } from '../catalog/pricing.ts'
import type { RequestContext } from '../context/request-context.ts'
import { takeTurn } from '../db/take-turn.ts'
import { notFound, unprocessable } from '../http/errors.ts'

export const MAX_WISHLIST_ENTRIES = 100
const NOT_FOUND = 'We could not find that item on your wishlist.'

/** The customer's entries, newest first, in three statements whatever their number. */
export async function listWishlist(ctx: RequestContext): Promise<WishlistEntry[]> {
  const customerId = await requireCustomerId(ctx)
  const { db, brandId } = ctx.data
  const hasClub = (await ctx.shopper()).hasClub
  const rows = await db
    .selectFrom('wishlist_entries')
    .innerJoin('items', (join) => join.onRef('items.id', '=', 'wishlist_entries.item_id').onRef('items.brand_id', '=', 'wishlist_entries.brand_id'))
    .select([
      'wishlist_entries.id',
      'wishlist_entries.item_id',
      'items.name',
      'items.color',
      'items.price_cents',
      'items.original_price_cents',
      'items.member_price_cents',
      'items.vip_exclusive',
      'items.active',
    ])
    .where('wishlist_entries.brand_id', '=', brandId)
    .where('wishlist_entries.customer_id', '=', customerId)
    .orderBy('wishlist_entries.created_at', 'desc')
    .orderBy('wishlist_entries.id')
    .execute()
  if (rows.length === 0) return []
  const itemIds = [...new Set(rows.map((row) => row.item_id))]
  const [images, sizes] = await Promise.all([
    db.selectFrom('item_images').select(['item_id', 'url', 'alt']).where('item_id', 'in', itemIds).where('brand_id', '=', brandId).where('kind', '=', 'image1').execute(),
    db.selectFrom('item_sizes').select(['item_id', 'size']).where('item_id', 'in', itemIds).where('brand_id', '=', brandId).where('stock', '>', 0).execute(),
  ])
  return rows.map((row) => {
    const image = images.find((candidate) => candidate.item_id === row.item_id)
    return {
      id: row.id,
      permalink: `/item/${row.item_id}`,
      reserved: row.vip_exclusive === 1,
      item: {
        id: row.item_id,
        name: row.name,
        color: row.color,
        price: fromCents(unitPriceCents(row, hasClub)),
        image: image?.url ?? null,
        image_alt: image?.alt || row.name,
        availableSizes: row.active === 1 ? sortSizes(sizes.filter((size) => size.item_id === row.item_id).map((size) => size.size)) : [],
      },
    }
  })
}

/** Adds an item (already there: nothing changes). */
export async function addToWishlist(ctx: RequestContext, itemId: number): Promise<WishlistEntry[]> {
  const customerId = await requireCustomerId(ctx)
  const { db, brandId } = ctx.data
  const item = await db.selectFrom('items').select(['id']).where('brand_id', '=', brandId).where('id', '=', itemId).where('active', '=', 1).executeTakeFirst()
  if (!item) throw notFound(`We couldn't find item ${itemId}. It may no longer be sold.`)
  // adds at once take the customer's turn (db/take-turn.ts), so the limit holds
  await db.transaction().execute(async (trx) => {
    await takeTurn(trx, 'customer', customerId)
    const count = await trx
      .selectFrom('wishlist_entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('brand_id', '=', brandId)
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow()
    if (Number(count.n) >= MAX_WISHLIST_ENTRIES) throw unprocessable(`Your wishlist is full (${MAX_WISHLIST_ENTRIES} items). Remove something first.`)
    await trx
      .insertInto('wishlist_entries')
      .values({ id: randomUUID(), brand_id: brandId, customer_id: customerId, item_id: item.id, reserved: 0, created_at: ctx.now().toISOString() })
      .onConflict((oc) => oc.columns(['customer_id', 'item_id']).doNothing())
      .execute()
  })
  return listWishlist(ctx)
}

async function findEntry(ctx: RequestContext, customerId: string, id: string) {
  const entry = await ctx.data.db
    .selectFrom('wishlist_entries')
    .selectAll()
    .where('brand_id', '=', ctx.data.brandId)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!entry) throw notFound(NOT_FOUND)
  return entry
}

/** Takes an entry off; false when it was gone already (another tab). */
async function deleteEntry(ctx: RequestContext, customerId: string, id: string): Promise<boolean> {
  const deleted = await ctx.data.db
    .deleteFrom('wishlist_entries')
    .where('brand_id', '=', ctx.data.brandId)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(deleted.numDeletedRows) === 1
}

export async function removeFromWishlist(ctx: RequestContext, id: string): Promise<WishlistEntry[]> {
  const customerId = await requireCustomerId(ctx)
  const entry = await findEntry(ctx, customerId, id)
  await deleteEntry(ctx, customerId, entry.id)
  return listWishlist(ctx)
}

/** One of the item in the chosen size goes to the cart, and the entry leaves the wishlist (it comes back when the cart refuses the piece). */
export async function moveWishlistToCart(ctx: RequestContext, id: string, size: string): Promise<WishlistEntry[]> {
  const customerId = await requireCustomerId(ctx)
  const entry = await findEntry(ctx, customerId, id)
  // taken off first, and only the request that took it adds the piece: a double tap moves one
  if (!(await deleteEntry(ctx, customerId, entry.id))) throw notFound(NOT_FOUND)
  try {
    await addToCart(ctx, entry.item_id, size, 1)
  } catch (error) {
    // not added (no such size, sold out, the cart full): the entry stays on the wishlist
    await ctx.data.db
      .insertInto('wishlist_entries')
      .values(entry)
      .onConflict((oc) => oc.columns(['customer_id', 'item_id']).doNothing())
      .execute()
    throw error
  }
  return listWishlist(ctx)
}
