/**
 * Where the post-offer flow goes next (SPEC §4), for the API's GET /offer-flow/next and
 * the pages' store services alike. `current` names the offer the shopper is on; one this
 * store does not run is refused (422 at `current`) rather than read as "none yet", which
 * would send a shopper, or a client with a typo, back to the first offer
 * (docs/checkout-pages.md "The post-offer flow").
 */
import { isPageOfferType, nextOfferPath, UNKNOWN_PAGE_OFFER_TYPE, type OfferStep } from '@store/core'
import { getCart } from '../cart/cart.service.ts'
import { oneTimeOfferIds } from '../checkout/after-payment.ts'
import type { RequestContext } from '../context/request-context.ts'
import { saidBack, unprocessable } from '../http/errors.ts'
import { listOrderBumps } from './order-bumps.service.ts'

export interface OfferFlowStep {
  type: string
  current?: string | undefined
  order?: string | undefined
}

export async function nextOfferPage(ctx: RequestContext, { type, current, order }: OfferFlowStep): Promise<OfferStep> {
  if (!isPageOfferType(type)) throw unprocessable(UNKNOWN_PAGE_OFFER_TYPE, 'type')
  const ids = type === 'checkout-ob' ? (await listOrderBumps(ctx)).ids : await oneTimeOfferIds(ctx)
  const named = current ? current : null
  if (named !== null && !ids.includes(named)) {
    const what = type === 'checkout-ob' ? 'order bumps' : 'one-time offers'
    throw unprocessable(`'${saidBack(named)}' is not one of this store's ${what}.`, 'current')
  }
  if (type === 'checkout-ob') return { next: nextOfferPath(type, ids, named, true) }
  const cart = await getCart(ctx)
  const path = nextOfferPath(type, ids, named, cart.items.length > 0)
  return { next: order ? `${path}?order=${encodeURIComponent(order)}` : path }
}
