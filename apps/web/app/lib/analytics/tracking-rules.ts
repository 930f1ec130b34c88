/**
 * What the storefront reports, and when (SPEC §7): the advertising pixel for
 * PageView on every page, ViewContent on an item page and AddToCart; the UTM
 * parameters once, on the first page that carries any.
 */
import { hasUtmParams } from '@store/core'

export const DO_NOT_SELL_COOKIE = 'do_not_sell'

export interface ViewedItem {
  id: number | string
  name: string
  price: number
}

/** The pixel's ViewContent payload for an item (currency USD, content type product). */
export function viewContentData(item: ViewedItem) {
  return {
    currency: 'USD',
    content_type: 'product',
    content_ids: [String(item.id)],
    content_name: item.name,
    value: item.price,
  }
}

/** The UTM call is sent on the first route change that carries any utm_* parameter, once per visit. */
export function utmToSend(search: string, alreadySent: boolean): Record<string, string> | null {
  if (alreadySent) return null
  const params = new URLSearchParams(search)
  const asRecord = Object.fromEntries(params)
  if (!hasUtmParams(asRecord)) return null
  return asRecord
}

/** A shopper who opted out of data sale is sent with the limited-data-use option (SPEC §9). */
export function optedOut(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${DO_NOT_SELL_COOKIE}=1`)
}
