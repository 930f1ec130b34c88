/**
 * How many orders one shopper may have waiting for their payment at once (docs/checkout-money.md).
 * An order at the bank's step (3-D Secure, `pending_payment`) holds its stock for the reservation
 * time (30 minutes): without a limit, one visitor starting checkout after checkout with a card whose
 * bank always asks could hold the last pieces of an item from everyone else. So a session, and a
 * logged-in customer, may have MAX_WAITING_ORDERS such orders at a brand; the next checkout is a 409
 * before anything is reserved or charged. Orders paid, declined, cancelled or released by the
 * sweeper (gone), and reservations already run out, do not count.
 */
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely'
import type { Database } from '../db/schema.ts'
import { conflict, type HttpError } from '../http/errors.ts'

/** Orders one session or customer may have waiting for their payment at a brand at once. */
export const MAX_WAITING_ORDERS = 2

export const TOO_MANY_WAITING = `You already have ${MAX_WAITING_ORDERS} orders waiting for your bank to confirm them. Finish or cancel one of them before placing another.`

export const tooManyWaiting = (): HttpError => conflict(TOO_MANY_WAITING, 'cart')

/** Whose waiting orders count: the session's visitor and the logged-in customer (either may be missing). */
export interface Waiter {
  visitorId: string | null
  customerId: string | null
}

/** Where a subquery starts: a statement's expression builder, or the database or a transaction. */
type From = Pick<ExpressionBuilder<Database, never>, 'selectFrom'>

/**
 * The number of the shopper's orders at the brand still holding their stock for a payment
 * (`pending_payment`, reservation not run out): the visitor's, plus the customer's placed by another
 * visitor. Two counts rather than one with an OR, so each reads its own index (migration 019) and
 * only that shopper's entries, never every order waiting at the store.
 */
export function waitingOrders(from: From, brandId: string, who: Waiter, now: Date): RawBuilder<number> {
  const waiting = () =>
    from
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orders.status', '=', 'pending_payment')
      .where('orders.reserved_until', '>', now.toISOString())
      .where('orders.brand_id', '=', brandId)
  const counts = []
  if (who.visitorId) counts.push(waiting().where('orders.placed_by_visitor_id', '=', who.visitorId))
  if (who.customerId) {
    const { visitorId } = who
    const customers = waiting().where('orders.customer_id', '=', who.customerId)
    counts.push(visitorId ? customers.where((eb) => eb.or([eb('orders.placed_by_visitor_id', 'is', null), eb('orders.placed_by_visitor_id', '<>', visitorId)])) : customers)
  }
  if (counts.length === 0) return sql<number>`0`
  return sql<number>`(${sql.join(
    counts.map((count) => sql`(${count})`),
    sql` + `,
  )})`
}
