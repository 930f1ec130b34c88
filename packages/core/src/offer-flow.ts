/** The post-offer flow (SPEC §4): where to go after an order bump or a one-time offer. */
import { UNKNOWN_PAGE_OFFER_TYPE } from './errors.ts'

export const PAGE_OFFER_TYPES = ['checkout-ob', 'checkout-oto'] as const
export type PageOfferType = (typeof PAGE_OFFER_TYPES)[number]

export function isPageOfferType(v: unknown): v is PageOfferType {
  return (PAGE_OFFER_TYPES as readonly unknown[]).includes(v)
}

/**
 * The path after the current offer. The next offer is the one after currentId in
 * offerIds; with no currentId, or one that is not in the list, it is the first.
 * - checkout-ob: '/checkout-ob/{next}', then '/checkout' after the last.
 * - checkout-oto: '/special-offer/{next}', then '/checkout' if the cart has items,
 *   else '/thank-you'.
 * Any other type throws Error('Unknown pageOfferType').
 */
export function nextOfferPath(type: string, offerIds: readonly string[], currentId: string | null | undefined, cartHasItems: boolean): string {
  if (!isPageOfferType(type)) throw new Error(UNKNOWN_PAGE_OFFER_TYPE)
  const ids = offerIds.map((id) => String(id))
  const index = currentId == null ? -1 : ids.indexOf(String(currentId))
  const next = ids[index + 1]
  if (type === 'checkout-ob') {
    return next !== undefined ? `/checkout-ob/${encodeURIComponent(next)}` : '/checkout'
  }
  if (next !== undefined) return `/special-offer/${encodeURIComponent(next)}`
  return cartHasItems ? '/checkout' : '/thank-you'
}
