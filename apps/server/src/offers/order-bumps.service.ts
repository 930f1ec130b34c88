/**
 * Order bumps (SPEC §3): offered before payment at /checkout-ob/{id}, one after
 * another, then /checkout (SPEC §4, core's nextOfferPath). Accepting one adds
 * its item to the cart at the bump's price, quantity fixed.
 */
import { randomUUID } from 'node:crypto'
import { fromCents, nextOfferPath, sortSizes, type OrderBump, type OrderBumpList } from '@store/core'
import { findOrderBumpIds } from '../cart/cart-promotions.queries.ts'
import { ensureCart } from '../cart/cart.service.ts'
import type { RequestContext } from '../context/request-context.ts'
import { takeTurn } from '../db/take-turn.ts'
import { conflict, notFound, unprocessable } from '../http/errors.ts'

const bumpIds = (ctx: RequestContext) => findOrderBumpIds(ctx.data.db, ctx.data.brandId)

export async function listOrderBumps(ctx: RequestContext): Promise<OrderBumpList> {
  const ids = await bumpIds(ctx)
  return { ids, first: nextOfferPath('checkout-ob', ids, null, true) }
}

async function findBump(ctx: RequestContext, id: string) {
  const { db, brandId } = ctx.data
  const bump = await db
    .selectFrom('order_bumps')
    .innerJoin('items', 'items.id', 'order_bumps.item_id')
    .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'items.id').on('item_images.kind', '=', 'image1'))
    .select([
      'order_bumps.id',
      'order_bumps.headline',
      'order_bumps.text_copy',
      'order_bumps.short_item_name',
      'order_bumps.price_cents',
      'order_bumps.item_id',
      'items.name',
      'item_images.url as image',
    ])
    .where('order_bumps.id', '=', id)
    .where('order_bumps.brand_id', '=', brandId)
    .where('items.active', '=', 1)
    .executeTakeFirst()
  if (!bump) throw notFound(`We couldn't find the offer ${id}.`)
  return bump
}

export async function getOrderBump(ctx: RequestContext, id: string): Promise<OrderBump> {
  const [bump, ids] = await Promise.all([findBump(ctx, id), bumpIds(ctx)])
  const sizes = await ctx.data.db
    .selectFrom('item_sizes')
    .select('size')
    .where('item_id', '=', bump.item_id)
    .where('brand_id', '=', ctx.data.brandId)
    .where('stock', '>', 0)
    .execute()
  return {
    id: bump.id,
    headline: bump.headline,
    text_copy: bump.text_copy,
    short_item_name: bump.short_item_name,
    price: fromCents(bump.price_cents),
    item_id: bump.item_id,
    image: bump.image,
    sizes: sortSizes(sizes.map((row) => row.size)),
    next: nextOfferPath('checkout-ob', ids, bump.id, true),
  }
}

/** The answer to a bump accepted on a cart with nothing else in it. */
const EMPTY_CART = 'Your cart is empty: add something to it first, then take this offer at checkout.'

/** A line of the shopper's own: at its own price, or a social media special (a bump's line has the bump's price). */
const ownLine = (line: { price_override_cents: number | null; social_media_special: number }) => line.price_override_cents === null || line.social_media_special === 1

/**
 * Checkout's refusal of a cart holding order bumps alone (the shopper took a bump, then removed what it
 * went with): a bump's price is for an addition to an order.
 */
export function refuseBumpsAlone(lines: readonly { price_override_cents: number | null; social_media_special: number }[]): void {
  if (lines.length > 0 && !lines.some(ownLine)) {
    throw conflict('Your cart holds only add-on offers: their prices go with an order. Add something to go with them, or remove them.', 'cart')
  }
}

/**
 * Adds the bump's item to the cart at its price, once: accepting again changes nothing, or only the
 * size when another is chosen. Only beside something of the shopper's own (a bump is an addition to
 * an order), so never on an empty cart.
 */
export async function acceptOrderBump(ctx: RequestContext, id: string, size: string | undefined): Promise<{ next: string }> {
  const { db } = ctx.data
  const [bump, ids] = await Promise.all([findBump(ctx, id), bumpIds(ctx)])
  const sizes = await db.selectFrom('item_sizes').select(['size', 'stock']).where('item_id', '=', bump.item_id).where('brand_id', '=', ctx.data.brandId).execute()
  const chosen = size ?? (sizes.length === 1 ? sizes[0]!.size : undefined)
  if (!chosen) throw unprocessable('Choose a size.', 'size')
  const found = sizes.find((row) => row.size === chosen)
  if (!found) throw unprocessable(`${bump.name} doesn't come in size ${chosen}.`, 'size')
  if (found.stock <= 0) throw conflict(`${bump.name} in size ${chosen} is sold out.`, 'size')
  // no cart yet is an empty one: refused before a session or a cart is made for it
  if (!(await ctx.session.current())?.cartId) throw conflict(EMPTY_CART, 'size')
  const cartId = await ensureCart(ctx)
  const now = ctx.now().toISOString()
  await db.transaction().execute(async (trx) => {
    // two tabs (or a double tap) accepting at once: one line
    await takeTurn(trx, 'cart', cartId)
    const lines = await trx.selectFrom('cart_lines').select(['id', 'item_id', 'size', 'price_override_cents', 'social_media_special']).where('cart_id', '=', cartId).execute()
    // a bump is an addition to an order: its price is not for a cart of bumps alone
    if (!lines.some(ownLine)) throw conflict(EMPTY_CART, 'size')
    // one line per bump: accepting again in another size changes the size, it adds nothing
    const already = lines.find((line) => line.item_id === bump.item_id && line.price_override_cents === bump.price_cents && line.social_media_special === 0)
    if (already) {
      if (already.size !== chosen) {
        await trx.updateTable('cart_lines').set({ size: chosen }).where('id', '=', already.id).execute()
        await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute()
      }
      return
    }
    await trx
      .insertInto('cart_lines')
      .values({
        id: randomUUID(),
        brand_id: ctx.data.brandId,
        cart_id: cartId,
        item_id: bump.item_id,
        size: chosen,
        qty: 1,
        skip_qty_controls: 1,
        price_override_cents: bump.price_cents,
        // no banner: it was the bump's short name, which the line already says as its name (docs/checkout-pages.md)
        created_at: now,
      })
      .execute()
    await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute()
  })
  return { next: nextOfferPath('checkout-ob', ids, bump.id, true) }
}

export async function declineOrderBump(ctx: RequestContext, id: string): Promise<{ next: string }> {
  const [bump, ids] = await Promise.all([findBump(ctx, id), bumpIds(ctx)])
  return { next: nextOfferPath('checkout-ob', ids, bump.id, true) }
}
