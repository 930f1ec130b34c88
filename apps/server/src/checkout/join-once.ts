/**
 * A customer joins the club once, whatever their carts (docs/club-membership.md "Joining").
 *
 * The per-cart lock of checkout does not keep a customer from joining twice: a join needs no cart
 * lines, so two join forms sent at once from one session (the second finds the first's cart being
 * checked out and makes a new one), or from two devices (a cart each), would each reserve, each
 * charge the first month, and the second membership write would find the first and do nothing,
 * keeping the money. So the join's reservation, holding the customer's turn (db/take-turn.ts),
 * refuses a customer who is a member by now or has another join waiting for its payment, before
 * anything is charged. A join left at the bank's step does not hold a new one up for its 30 minutes:
 * the new join first supersedes it (checkout.service supersedeJoinsAtTheBank), its payment cancelled
 * at the gateway; only one the gateway will not cancel still refuses the new one.
 */
import type { ExpressionBuilder, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { conflict } from '../http/errors.ts'
import { JOIN_FLOWS } from '../membership/club-join.ts'

export const ALREADY_MEMBER = 'You are already a VIP member, so there is nothing to join: nothing was charged. Check out without joining VIP to place an order.'
export const ALREADY_JOINING = 'Your VIP membership is already being set up in another window: nothing was charged here. Finish it there, or try again in a few minutes.'
/** The answer to a join checkout while the account's rejoin (POST /membership/rejoin) is charging the saved card. */
export const REJOINING =
  'Your VIP rejoin from your account is being charged to your saved card right now: nothing was charged here. Look at your membership in a few minutes before joining again.'
/** The answer of an earlier join's key once a newer join of the customer superseded it at the bank's step (checkout.service supersedeJoinsAtTheBank). */
export const SUPERSEDED = 'This VIP join was replaced by the one you started again in another window, so it was not placed and nothing was charged for it.'
/** The answer to the account's rejoin while a join checkout of the customer holds its reservation. */
export const JOINING_AT_CHECKOUT =
  'Your VIP membership is already being set up at checkout in another window, so this rejoin was not made: nothing was charged. Finish it there, or try again in a few minutes.'
/** The answer to a join that was paid while the customer joined another way (settle's safety net): the money goes back. */
export const JOINED_MEANWHILE = 'You had already joined VIP, so this order was not placed and its payment was refunded. Check out again without joining VIP.'

/** Where a subquery starts: a statement's expression builder, or the database or a transaction. */
type From = Pick<ExpressionBuilder<Database, never>, 'selectFrom'>

/**
 * The customer's joining orders still holding their reservation (charging, or at the bank's step),
 * for exists(): a join checkout, or the account's rejoin claim, is refused while there is one.
 */
export function joiningOrders(from: From, brandId: string, customerId: string, now: Date) {
  return from
    .selectFrom('orders')
    .select('orders.order_number')
    .where('orders.brand_id', '=', brandId)
    .where('orders.customer_id', '=', customerId)
    .where('orders.status', '=', 'pending_payment')
    .where('orders.reserved_until', '>', now.toISOString())
    .where('orders.checkout_flow', 'in', [...JOIN_FLOWS])
}

/**
 * The customer's rejoin charges in flight (membership.service rejoinMembership): a claim is
 * 'pending' from its claim until its outcome is recorded. One whose lease ran out counts too: its
 * answer was lost and the billing run sends the same key again, so the money may yet be taken.
 */
function rejoinCharging(from: From, brandId: string, customerId: string) {
  return from
    .selectFrom('membership_charges')
    .innerJoin('memberships', 'memberships.id', 'membership_charges.membership_id')
    .select('membership_charges.id')
    .where('memberships.brand_id', '=', brandId)
    .where('memberships.customer_id', '=', customerId)
    .where('membership_charges.kind', '=', 'rejoin')
    .where('membership_charges.status', '=', 'pending')
}

/**
 * In the reservation's transaction, after takeTurn(trx, 'customer', id): one statement reading
 * whether the customer is a member now (a join committed since the pricing read), whether another
 * of their joining orders still holds its reservation (charging, or at the bank's step), and whether
 * their account's rejoin is charging the saved card (which takes the same turn to claim). A join
 * whose reservation ran out no longer counts, as for the waiting orders' limit: if its charge is found
 * paid later, settle refunds it (JOINED_MEANWHILE).
 */
export async function refuseSecondJoin(trx: Transaction<Database>, brandId: string, customerId: string, now: Date): Promise<void> {
  const row = await trx
    .selectFrom('customers')
    .select((eb) => [
      'customers.has_club',
      eb.exists(joiningOrders(eb, brandId, customerId, now)).as('joining'),
      eb.exists(rejoinCharging(eb, brandId, customerId)).as('rejoining'),
    ])
    .where('customers.id', '=', customerId)
    .where('customers.brand_id', '=', brandId)
    .executeTakeFirst()
  if (row?.has_club === 1) throw conflict(ALREADY_MEMBER, 'checkout_flow')
  // SQLite answers exists() as 0 or 1, PostgreSQL as a boolean
  if (row && Number(row.rejoining)) throw conflict(REJOINING, 'checkout_flow')
  if (row && Number(row.joining)) throw conflict(ALREADY_JOINING, 'checkout_flow')
}
