/**
 * The one-time offers this browser said "No thanks" to, order by order, so that going Back to one
 * says at once that it was passed on (and shows the way on) instead of showing the offer again.
 *
 * The store keeps the decline itself (declined_offers, which refuses a later "Yes" with a 409), but
 * nothing the page's loader reads tells it; an accepted offer needs no such memory (its lines are on
 * the order the loader reads anyway). So the page's own "No thanks" action writes this cookie on its
 * redirect, and the loader reads it from the request: no extra query. It is only what the page shows:
 * the store's answer to a "Yes" does not depend on it. A decline made elsewhere (another device, the
 * API) is not in it, and the page then learns it from the 409 when the shopper presses "Yes".
 *
 * Value: "order:offer" pairs, comma separated, newest last, at most MAX_ENTRIES; Path=/special-offer,
 * HttpOnly (only the server reads it), Secure as the session cookie is, a day long: the offers follow an
 * order within minutes.
 */
import { readCookie } from '../catalog/selected-size'

const DECLINED_OFFERS_COOKIE = 'declined_offers'
const DECLINED_OFFERS_MAX_AGE = 60 * 60 * 24
const MAX_ENTRIES = 12
const ENTRY = /^[\w-]{1,40}:[\w-]{1,60}$/

const entryOf = (order: string, offerId: string) => `${order}:${offerId}`

/** The pairs in a Cookie header, well-formed ones only. */
export function readDeclinedOffers(cookieHeader: string | null | undefined): string[] {
  const value = readCookie(cookieHeader, DECLINED_OFFERS_COOKIE)
  if (!value) return []
  return value
    .split(',')
    .filter((entry) => ENTRY.test(entry))
    .slice(-MAX_ENTRIES)
}

/** Whether this browser said no to the offer for the order. */
export function saidNoTo(cookieHeader: string | null | undefined, order: string, offerId: string): boolean {
  return readDeclinedOffers(cookieHeader).includes(entryOf(order, offerId))
}

/** The Set-Cookie header that adds the pair (kept once, the oldest dropped past MAX_ENTRIES); null for ids it cannot hold. */
export function declinedOffersCookie(cookieHeader: string | null | undefined, order: string, offerId: string, secure: boolean): string | null {
  const entry = entryOf(order, offerId)
  if (!ENTRY.test(entry)) return null
  const entries = [...readDeclinedOffers(cookieHeader).filter((e) => e !== entry), entry].slice(-MAX_ENTRIES)
  return `${DECLINED_OFFERS_COOKIE}=${encodeURIComponent(entries.join(','))}; Path=/special-offer; Max-Age=${DECLINED_OFFERS_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}
