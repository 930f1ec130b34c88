import type { BrandData } from '../context/request-context.ts'
import { preparedQuery } from '../db/prepared.ts'

export interface Shopper {
  customerId: string | null
  name: string | null
  email: string | null
  hasClub: boolean
  cancelledBefore: boolean
  /** the customer has an order at this brand that was paid (any since: shipped, refunded...) */
  purchased: boolean
  /** the stored membership, when the customer has one (any state: cancelled and lapsed too) */
  club?: ShopperClub | null
}

/** What the cart's club flags read from the membership (SPEC §3 cart: club_*). */
interface ShopperClub {
  status: string
  amountCents: number
  discountPercentage: number
}

export const VISITOR: Shopper = { customerId: null, name: null, email: null, hasClub: false, cancelledBefore: false, purchased: false, club: null }

/** An order in these states was never paid: a checkout waiting for its card, declined, or released. */
const NOT_PURCHASED = ['pending_payment', 'declined', 'expired']

/** The customer with their membership, in one statement compiled once (db/prepared.ts). */
const findShopper = preparedQuery((db, key: { customerId: string; brandId: string }) =>
  db
    .selectFrom('customers')
    .leftJoin('memberships', 'memberships.customer_id', 'customers.id')
    .select(['customers.id', 'customers.name', 'customers.email', 'customers.has_club', 'customers.cancelled_before'])
    .select(['memberships.status as club_status', 'memberships.amount_cents as club_amount_cents', 'memberships.discount_percentage as club_discount_percentage'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('orders')
            .select('orders.order_number')
            .whereRef('orders.customer_id', '=', 'customers.id')
            .where('orders.brand_id', '=', key.brandId)
            .where('orders.status', 'not in', NOT_PURCHASED),
        )
        .as('purchased'),
    )
    .where('customers.id', '=', key.customerId)
    .where('customers.brand_id', '=', key.brandId),
)

/** The customer behind a session at this brand, or a visitor. */
export async function readShopper({ db, brandId }: BrandData, customerId: string | null): Promise<Shopper> {
  if (!customerId) return VISITOR
  // the membership in the same statement: has_club is kept in step with it by the club's writes
  const row = await findShopper.first(db, { customerId, brandId })
  if (!row) return VISITOR
  const club =
    row.club_status !== null && row.club_status !== undefined
      ? { status: row.club_status, amountCents: row.club_amount_cents ?? 0, discountPercentage: row.club_discount_percentage ?? 0 }
      : null
  const member = club ? club.status !== 'cancelled' && club.status !== 'lapsed' : row.has_club === 1
  return { customerId: row.id, name: row.name, email: row.email, hasClub: member, cancelledBefore: row.cancelled_before === 1, purchased: Boolean(Number(row.purchased)), club }
}
