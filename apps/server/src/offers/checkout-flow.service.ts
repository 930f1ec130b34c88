/**
 * The checkout flow on the cart (SPEC §4 flow types) and the offer code the
 * shopper came in with (csr, ms, cb, cbv2): the code's discount is applied
 * where the shopper may have it (Lock5 is the club's: a visitor keeps the flow
 * without it, decision 003).
 *
 * A club special's line ("Join VIP and get your first pair for $24.99") is the club's join: a cart
 * leaving the join ("Check out without joining", another offer's landing) leaves the special too,
 * rather than selling its pair under the "Join VIP" banner as an ordinary order.
 */
import { OFFER_PRICES, offerTerms, toCents, type CheckoutFlowResult, type FlowType } from '@store/core'
import { applyOfferDiscountCode, ensureCart } from '../cart/cart.service.ts'
import type { RequestContext } from '../context/request-context.ts'
import { HttpError, unprocessable } from '../http/errors.ts'
import { isJoinFlow } from '../membership/club-join.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'

export async function setCheckoutFlow(ctx: RequestContext, flow: FlowType, offerCode: string | null): Promise<CheckoutFlowResult> {
  const terms = offerCode ? offerTerms(offerCode) : null
  if (offerCode && !terms) throw unprocessable(`'${offerCode}' is not an offer we know. Offer codes are csr, ms, cb and cbv2.`, 'offer_code')
  // a flow that joins the club, at a brand without one, would only end in checkout's refusal
  if (isJoinFlow(flow) && (await getSettingsBundle(ctx.data.db, ctx.data.brandId))?.row.brand_has_club !== 1) {
    throw unprocessable('This store has no VIP club to join.', 'checkout_flow')
  }
  const cartId = await ensureCart(ctx)
  await ctx.data.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('carts')
      .set({ checkout_flow: flow, offer_code: terms?.code ?? null, updated_at: ctx.now().toISOString() })
      .where('id', '=', cartId)
      .where('brand_id', '=', ctx.data.brandId)
      .execute()
    // the club special's pair goes with the join it is the first pick of (cart.service.ts isClubSpecialLine)
    if (!isJoinFlow(flow) || terms?.code !== 'cb') {
      await trx
        .deleteFrom('cart_lines')
        .where('cart_id', '=', cartId)
        .where('social_media_special', '=', 1)
        .where('price_override_cents', '=', toCents(OFFER_PRICES.club))
        .execute()
    }
  })
  let discountCodeName: string | null = null
  if (terms) {
    try {
      await applyOfferDiscountCode(ctx, terms.discountCode)
      discountCodeName = terms.discountCode
    } catch (error) {
      // a club code for a visitor, a code the brand does not run: the flow stands without it
      if (!(error instanceof HttpError)) throw error
    }
  }
  return { checkout_flow: flow, offer_code: terms?.code ?? null, discount_code_name: discountCodeName, offer_price: terms?.price ?? null }
}
