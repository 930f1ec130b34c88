import { fromCents } from '@store/core'

export interface PricedRow {
  price_cents: number
  original_price_cents: number | null
  member_price_cents: number | null
}

/** What a shopper pays for an item, in cents: club members pay the member price. */
export function unitPriceCents(row: PricedRow, hasClub: boolean): number {
  return hasClub && row.member_price_cents !== null ? row.member_price_cents : row.price_cents
}

/** The struck-through price beside it, in cents, or null when there is none. */
export function originalPriceCents(row: PricedRow, hasClub: boolean): number | null {
  const paid = unitPriceCents(row, hasClub)
  const reference = hasClub && row.member_price_cents !== null ? row.price_cents : row.original_price_cents
  return reference !== null && reference > paid ? reference : null
}

/** Price fields of an item as the contract gives them (decimal dollars). */
export function priceFields(row: PricedRow, hasClub: boolean) {
  const original = originalPriceCents(row, hasClub)
  return {
    price: fromCents(unitPriceCents(row, hasClub)),
    original_price: original === null ? null : fromCents(original),
    member_price: row.member_price_cents === null ? null : fromCents(row.member_price_cents),
  }
}
