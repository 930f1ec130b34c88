/**
 * Codes for a first order (docs/cart-rules.md "Codes for a first order"): 10First and First15
 * say "Take 15% off your first order" and "One use per customer". Checkout is where the shopper
 * is known, by their account or the e-mail the order goes to: one who already has an order at
 * this brand (paid, on its way or delivered) cannot have it, and is told to remove the code.
 * The refusal comes before anything is reserved or charged.
 */
import type { Kysely } from 'kysely'
import type { Database, DiscountCodesRow } from '../db/schema.ts'
import { conflict } from '../http/errors.ts'

/** Orders that count as an order had: a declined or abandoned attempt does not, nor one cancelled or refunded. */
const HAD = ['paid', 'processing', 'packing', 'shipped', 'delivered']

export async function refuseUsedFirstOrderCode(
  data: { db: Kysely<Database>; brandId: string },
  checkout: { code: Pick<DiscountCodesRow, 'name' | 'first_order_only'> | undefined; email: string; customerId: string | null },
): Promise<void> {
  const { code, email, customerId } = checkout
  if (code?.first_order_only !== 1) return
  const earlier = await data.db
    .selectFrom('orders')
    .select('order_number')
    .where('brand_id', '=', data.brandId)
    .where('status', 'in', HAD)
    .where((eb) => (customerId ? eb.or([eb('email', '=', email.toLowerCase()), eb('customer_id', '=', customerId)]) : eb('email', '=', email.toLowerCase())))
    .limit(1)
    .executeTakeFirst()
  if (earlier) throw conflict(`${code.name} is for a first order, and you have ordered with us before: remove the code to check out.`, 'code')
}
