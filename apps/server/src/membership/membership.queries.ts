/** The club's rows: a customer's membership (with its saved card), charges and the monthly order of a period. */
import type { Kysely, Transaction } from 'kysely'
import type { Database, MembershipsRow } from '../db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

export type MembershipWithCard = MembershipsRow & {
  card_brand: string | null
  last4: string | null
  exp_month: number | null
  exp_year: number | null
  gateway_token: string | null
}

/** A brand's memberships, each with the card it charges (MembershipWithCard): the reads below narrow it. */
export function membershipsWithCard(db: Db, brandId: string) {
  return db
    .selectFrom('memberships')
    .leftJoin('payment_methods', 'payment_methods.id', 'memberships.payment_method_id')
    .selectAll('memberships')
    .select(['payment_methods.card_brand', 'payment_methods.last4', 'payment_methods.exp_month', 'payment_methods.exp_year', 'payment_methods.gateway_token'])
    .where('memberships.brand_id', '=', brandId)
}

/** The membership of a customer at a brand (one per customer), with the card it charges. */
export function findMembershipOf(db: Db, brandId: string, customerId: string): Promise<MembershipWithCard | undefined> {
  return membershipsWithCard(db, brandId).where('memberships.customer_id', '=', customerId).executeTakeFirst()
}

export function findMembershipById(db: Db, brandId: string, id: string): Promise<MembershipWithCard | undefined> {
  return membershipsWithCard(db, brandId).where('memberships.id', '=', id).executeTakeFirst()
}

/** The most recent monthly order still with the warehouse (packing) for a membership. */
export function findOrderInProgress(db: Db, membershipId: string) {
  return db
    .selectFrom('orders')
    .leftJoin('shipments', 'shipments.order_number', 'orders.order_number')
    .select(['orders.order_number', 'orders.status', 'shipments.tracking_number'])
    .where('orders.membership_id', '=', membershipId)
    .where('orders.status', '=', 'packing')
    .orderBy('orders.created_at', 'desc')
    .executeTakeFirst()
}

export function findCharge(db: Db, membershipId: string, period: string) {
  return db.selectFrom('membership_charges').selectAll().where('membership_id', '=', membershipId).where('period', '=', period).executeTakeFirst()
}

/** A customer's membership charge of a period that went through (a former member's month paid before they cancelled), if any. */
export function findPaidPeriod(db: Db, brandId: string, customerId: string, period: string) {
  return db
    .selectFrom('membership_charges')
    .innerJoin('memberships', 'memberships.id', 'membership_charges.membership_id')
    .select(['membership_charges.id'])
    .where('memberships.brand_id', '=', brandId)
    .where('memberships.customer_id', '=', customerId)
    .where('membership_charges.period', '=', period)
    .where('membership_charges.status', '=', 'charged')
    .executeTakeFirst()
}
