/**
 * Codes for a first order (docs/cart-rules.md "Codes for a first order"): 10First and First15
 * say "Take 15% off your first order" and "One use per customer". Checkout is where the shopper
 * is known, by their account or the e-mail the order goes to: one who already has an order at
 * this brand (paid, on its way or delivered) cannot have it, and is told to remove the code.
 * The refusal comes before anything is reserved or charged. The cart (a logged-in customer) and the
 * checkout's summary (the e-mail typed) say it where the code is entered, with the same words.
 * Checkouts sent at once are kept to one use by the claim the reservation takes (code-claims.ts).
 */
import { PLACED_ORDER_STATUSES } from '@store/core'
import type { Kysely } from 'kysely'
import type { Database, DiscountCodesRow } from '../db/schema.ts'
import { conflict } from '../http/errors.ts'
import { claimantsOf, claimOf, heldClaim, normalisedEmail, usedBefore, usedMeanwhile } from './code-claims.ts'

/** Orders that count as an order had: a declined or abandoned attempt does not, nor one cancelled or refunded. */
const HAD = PLACED_ORDER_STATUSES

type Code = Pick<DiscountCodesRow, 'id' | 'name' | 'first_order_only' | 'one_per_customer'>

/** Why a shopper may not have a code for a first order: an order had at the brand, or the code's claim held by another order of theirs. */
export type FirstOrderRefusal = 'ordered before' | 'in use' | 'used before'

/**
 * Why this shopper may not have the code, or null: an order had at the brand (by the customer or the
 * e-mail), or the code's claim held by another order of theirs. Null for any code that is not for a
 * first order, and for a shopper known by neither account nor e-mail.
 */
export async function firstOrderCodeRefusal(
  data: { db: Kysely<Database>; brandId: string },
  code: Code | undefined,
  who: { email: string | null; customerId: string | null },
): Promise<FirstOrderRefusal | null> {
  if (code?.first_order_only !== 1 && code?.one_per_customer !== 1) return null
  const email = who.email ? normalisedEmail(who.email) : null
  const { customerId } = who
  if (!email && !customerId) return null
  const claimants = email ? claimantsOf(email, customerId) : [`customer:${customerId}`]
  // any other code of one use per customer (docs/admin-promotions.md): its own claim, held by an order of theirs
  if (code.first_order_only !== 1) {
    const held = await heldClaim(data.db, data.brandId, claimants, claimOf(code)!)
    return held === 'ordered before' ? 'used before' : held
  }
  const earlier = await data.db
    .selectFrom('orders')
    .select('order_number')
    .where('brand_id', '=', data.brandId)
    .where('status', 'in', HAD)
    .where((eb) => {
      const by = []
      if (email) by.push(eb('email', '=', email))
      if (customerId) by.push(eb('customer_id', '=', customerId))
      return eb.or(by)
    })
    .limit(1)
    .executeTakeFirst()
  if (earlier) return 'ordered before'
  return heldClaim(data.db, data.brandId, claimants)
}

/** Where the code is entered (the cart's form): why it is not taken, in the store's words. */
export function firstOrderRefusalWords(name: string, why: FirstOrderRefusal): string {
  if (why === 'used before') return `${name} is one use per customer, and you have used it before, so it does not apply.`
  return why === 'ordered before'
    ? `${name} is for a first order, and you have ordered with us before, so it does not apply.`
    : `${name} is one use per customer, and another order of yours is using it right now (being paid, or waiting for your bank), so it does not apply here.`
}

/** At checkout (the summary, and "Place order"'s 409): the same reason, and what to do. */
export function checkoutRefusalWords(name: string, why: FirstOrderRefusal): string {
  if (why === 'used before') return `${name} is one use per customer, and you have used it on an earlier order: remove the code to check out.`
  return why === 'ordered before' ? usedBefore(name) : usedMeanwhile(name)
}

/** At "Place order": a 409 at `code` before anything is reserved or charged. */
export async function refuseUsedFirstOrderCode(
  data: { db: Kysely<Database>; brandId: string },
  checkout: { code: Code | undefined; email: string; customerId: string | null },
): Promise<void> {
  const why = await firstOrderCodeRefusal(data, checkout.code, { email: checkout.email, customerId: checkout.customerId })
  if (why && checkout.code) throw conflict(checkoutRefusalWords(checkout.code.name, why), 'code')
}
