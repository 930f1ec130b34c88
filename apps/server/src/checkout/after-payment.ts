/** Where a shopper goes once an order is paid: the brand's first one-time offer, else the thank-you page. */
import { nextOfferPath } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { promotionsCache } from '../shared/promotions-scope.ts'

const offerIdsCache = promotionsCache<string[]>()

/** The brand's one-time offers in their order (cached like settings). */
export function oneTimeOfferIds(ctx: RequestContext): Promise<string[]> {
  const { db, brandId } = ctx.data
  return offerIdsCache(db, brandId, 'one-time-offers', async () =>
    (await db.selectFrom('one_time_offers').select('id').where('brand_id', '=', brandId).orderBy('position').orderBy('id').execute()).map((row) => row.id),
  )
}

/** After payment: the first one-time offer, else the thank-you page (SPEC §4), carrying the order number. */
export async function afterPaymentPath(ctx: RequestContext, orderNumber: string): Promise<string> {
  const path = nextOfferPath('checkout-oto', await oneTimeOfferIds(ctx), null, false)
  return `${path}?order=${encodeURIComponent(orderNumber)}`
}
