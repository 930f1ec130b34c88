/**
 * Offer codes (SPEC §4) and what each stands for (SPEC §9): csr is the
 * clearance offer, ms the main-site offer, cb and cbv2 the club's (two versions
 * of one offer). Each kind has its price and its discount code.
 */
import { DISCOUNT_CODES, OFFER_CODES, OFFER_PRICES, type OfferCode, type OfferKind } from './constants.ts'

export const OFFER_KIND_OF_CODE: Record<OfferCode, OfferKind> = { csr: 'clearance', ms: 'main', cb: 'club', cbv2: 'club' }

export interface OfferTerms {
  code: OfferCode
  kind: OfferKind
  /** dollars */
  price: number
  discountCode: string
}

export function isOfferCode(value: unknown): value is OfferCode {
  return typeof value === 'string' && (OFFER_CODES as readonly string[]).includes(value)
}

/** The price and discount code of an offer code (any case), or null for an unknown one. */
export function offerTerms(code: string): OfferTerms | null {
  const lower = code.trim().toLowerCase()
  if (!isOfferCode(lower)) return null
  const kind = OFFER_KIND_OF_CODE[lower]
  return { code: lower, kind, price: OFFER_PRICES[kind], discountCode: DISCOUNT_CODES[kind] }
}
