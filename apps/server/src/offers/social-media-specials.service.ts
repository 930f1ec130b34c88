/**
 * Claiming a social media special (SPEC §2 social_media_specials/{id}): the
 * special's item goes into the cart at the special's price, marked
 * social_media_special (never folded, quantity fixed), and the cart takes the
 * checkout flow and offer code of the special's kind (its price names the kind,
 * SPEC §9: 29.99 clearance -> csr, 39.99 main -> ms, 24.99 club -> cb). The
 * offer code's discount code is not applied on top: the special's price is the
 * offer. A club member cannot claim one (ineligible_for_social_media), and a cart
 * holds one special at most (has_social_media_special).
 *
 * A special at $0 is a free gift (SPEC §4 free-leggings, free-underwear; docs/decisions/169): for a
 * shopper who may have one (free_promo_eligible: not a member, at a brand with a club); the shopper pays
 * its shipping. It leaves the cart when the shopper stops being eligible (cart.service.ts), and the cart
 * then says removed_free_promo.
 */
import { randomUUID } from 'node:crypto'
import { OFFER_PRICES, toCents, type OfferCode, type SocialMediaClaim } from '@store/core'
import { ensureCart } from '../cart/cart.service.ts'
import { getSocialMediaSpecial } from '../content/content.service.ts'
import type { RequestContext } from '../context/request-context.ts'
import { takeTurn } from '../db/take-turn.ts'
import { conflict, unprocessable } from '../http/errors.ts'
import { listOrderBumps } from './order-bumps.service.ts'

/** The offer code of a special's price, or null for a price of no offer. */
function offerCodeOfPrice(priceCents: number): OfferCode | null {
  if (priceCents === toCents(OFFER_PRICES.clearance)) return 'csr'
  if (priceCents === toCents(OFFER_PRICES.main)) return 'ms'
  if (priceCents === toCents(OFFER_PRICES.club)) return 'cb'
  return null
}

export async function claimSocialMediaSpecial(ctx: RequestContext, id: string, size: string | undefined): Promise<SocialMediaClaim> {
  const { db, brandId } = ctx.data
  const special = await getSocialMediaSpecial(db, brandId, id)
  const shopper = await ctx.shopper()
  if (shopper.hasClub) throw conflict('Social media specials are for new customers: as a VIP member you already have member pricing.', 'special')
  if (special.item_id === null) throw conflict('This special has ended.', 'special')
  const sizes = await db.selectFrom('item_sizes').select(['size', 'stock']).where('item_id', '=', special.item_id).where('brand_id', '=', ctx.data.brandId).execute()
  const chosen = size ?? (sizes.length === 1 ? sizes[0]!.size : undefined)
  if (!chosen) throw unprocessable('Choose a size.', 'size')
  const found = sizes.find((row) => row.size === chosen)
  if (!found) throw unprocessable(`This item doesn't come in size ${chosen}.`, 'size')
  if (found.stock <= 0) throw conflict(`Size ${chosen} is sold out.`, 'size')

  const priceCents = toCents(special.price)
  const offerCode = offerCodeOfPrice(priceCents)
  const flow = offerCode === 'cb' ? 'vip_flow' : 'free_flow'
  const cartId = await ensureCart(ctx)
  const now = ctx.now().toISOString()
  await db.transaction().execute(async (trx) => {
    // claims at once (two tabs, two sizes): one special in the cart
    await takeTurn(trx, 'cart', cartId)
    const already = await trx.selectFrom('cart_lines').select(['id', 'item_id', 'size']).where('cart_id', '=', cartId).where('social_media_special', '=', 1).executeTakeFirst()
    if (already && (already.item_id !== special.item_id || already.size !== chosen)) {
      throw conflict('Your cart already holds a social media special: one per order.', 'special')
    }
    if (!already) {
      await trx
        .insertInto('cart_lines')
        .values({
          id: randomUUID(),
          brand_id: brandId,
          cart_id: cartId,
          item_id: special.item_id!,
          size: chosen,
          qty: 1,
          social_media_special: 1,
          skip_qty_controls: 1,
          price_override_cents: priceCents,
          banner: special.landing_page_headline.slice(0, 120),
          created_at: now,
        })
        .execute()
    }
    // a gift claimed (again) starts afresh: removed_free_promo tells of a removal since
    const gift = priceCents === 0 ? { removed_free_promo: 0 } : {}
    await trx
      .updateTable('carts')
      .set({ checkout_flow: flow, offer_code: offerCode, updated_at: now, ...gift })
      .where('id', '=', cartId)
      .where('brand_id', '=', brandId)
      .execute()
  })
  const { first } = await listOrderBumps(ctx)
  return { next: first, checkout_flow: flow, offer_code: offerCode }
}
