/**
 * Joining the club at checkout (DESIGN §4: POST /checkout with
 * checkout_flow=checkout_club_flow; vip_flow joins too). The order is priced as
 * a member's and carries the first period's fee; when the payment succeeds, the
 * membership is written in the same transaction that marks the order paid
 * (checkout.service.ts settle), so it exists exactly when the order does: a
 * retried key replays the order and joins nobody twice.
 */
import { randomUUID } from 'node:crypto'
import { nextBillingDate, periodOf } from '@store/core'
import type { Transaction } from 'kysely'
import type { Shopper } from '../accounts/shopper.ts'
import type { RequestContext } from '../context/request-context.ts'
import type { Database, OrdersRow } from '../db/schema.ts'
import { unprocessable } from '../http/errors.ts'
import type { ChargeResult } from '../payments/gateway.ts'
import { findPaidPeriod } from './membership.queries.ts'
import { createMonthlyOrder, type ShipTo } from './monthly-order.ts'
import { recordMembershipEvent } from './membership-events.ts'
import { paidThrough } from './paid-interval.ts'

export const JOIN_FLOWS = ['checkout_club_flow', 'vip_flow'] as const
export const isJoinFlow = (flow: string | null | undefined) => (JOIN_FLOWS as readonly string[]).includes(flow ?? '')

/** The pause price (SPEC §3 pause_monthly_price) a new membership gets, in cents. */
export const PAUSE_MONTHLY_PRICE_CENTS = 499

export interface JoinTerms {
  /** the first period's fee, added to the order */
  feeCents: number
  /** the shopper as priced: a member */
  pricedAs: Shopper
}

interface ClubSettings {
  brand_has_club: number
  club_monthly_cents: number | null
}

/**
 * What joining adds to this checkout, or null when the cart's flow does not join
 * (or the shopper already belongs). `periodPaid`: the shopper is a former member
 * whose membership was charged for this month (findPaidPeriod): no fee again. In checkout_club_flow a visitor is asked to
 * log in: a membership belongs to an account. In vip_flow (also the funnel of the
 * social-media specials) a visitor's order is an ordinary order, unless the cart holds a club
 * special (`clubSpecial`, cart.service.ts holdsClubSpecial): that special is the join, so a visitor
 * is asked to log in as in checkout_club_flow.
 */
export function clubJoinTerms(checkoutFlow: string, shopper: Shopper, settings: ClubSettings, periodPaid = false, clubSpecial = false): JoinTerms | null {
  if (!isJoinFlow(checkoutFlow) || shopper.hasClub) return null
  // vip_flow is also the social-media funnel a visitor shops in: it joins only a logged-in customer, or
  // asks a visitor to log in when the cart holds the club's special (its first pair is the join's)
  if (checkoutFlow === 'vip_flow' && !shopper.customerId && !clubSpecial) return null
  if (settings.brand_has_club !== 1 || settings.club_monthly_cents === null) {
    throw unprocessable('This store has no VIP club to join.', 'checkout_flow')
  }
  if (!shopper.customerId) throw unprocessable('Log in or create an account to join VIP: your membership belongs to your account.', 'email')
  // a former member whose membership this month was paid before they cancelled joins again without paying it twice
  return { feeCents: periodPaid ? 0 : settings.club_monthly_cents, pricedAs: { ...shopper, hasClub: true } }
}

/** The request's day, 'YYYY-MM-DD' (UTC), as the club counts its days. */
export const todayOf = (ctx: RequestContext) => ctx.now().toISOString().slice(0, 10)

/**
 * A former member whose billing interval is still paid (they cancelled before its end:
 * paidThrough), or whose membership was charged for this month already: joining again in a
 * joining flow adds no fee (clubJoinTerms' `periodPaid`). One who was never a member reads nothing.
 */
export async function monthPaidBefore(ctx: RequestContext, checkoutFlow: string, shopper: Shopper): Promise<boolean> {
  if (!isJoinFlow(checkoutFlow) || !shopper.customerId || shopper.hasClub || !shopper.club) return false
  const today = todayOf(ctx)
  const former = await ctx.data.db
    .selectFrom('memberships')
    .select(['next_billing_date', 'failed_period'])
    .where('brand_id', '=', ctx.data.brandId)
    .where('customer_id', '=', shopper.customerId)
    .executeTakeFirst()
  if (former && paidThrough(former, today)) return true
  return (await findPaidPeriod(ctx.data.db, ctx.data.brandId, shopper.customerId, periodOf(today))) !== undefined
}

/** What joinInTransaction did: joined; found the customer a member already (nothing written); or the order joins nobody. */
export type JoinOutcome = 'joined' | 'member already' | 'not joining'

/**
 * Inside the transaction that marks a joining order paid: the card checkout
 * saved becomes the default, the membership (new, or a former member's row made active again), the first
 * period as charged, and the first period's monthly order.
 */
export async function joinInTransaction(
  trx: Transaction<Database>,
  ctx: RequestContext,
  input: {
    order: OrdersRow
    result: Extract<ChargeResult, { status: 'succeeded' }>
    paymentMethodId: string | null
    gatewayKey: string
    /** the items the first box takes from stock are added here, for the caller to tell once committed (monthly-order.ts) */
    boxItems?: number[]
  },
): Promise<JoinOutcome> {
  const { order, result } = input
  const { brandId } = ctx.data
  const customerId = order.customer_id
  if (!customerId || !isJoinFlow(order.checkout_flow)) return 'not joining'
  const [settings, existing, landing, customer] = await Promise.all([
    trx.selectFrom('store_settings').select(['brand_has_club', 'club_monthly_cents', 'club_discount_percentage']).where('brand_id', '=', brandId).executeTakeFirst(),
    trx
      .selectFrom('memberships')
      .select(['id', 'status', 'next_billing_date', 'billing_day', 'failed_period'])
      .where('brand_id', '=', brandId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst(),
    trx.selectFrom('membership_landings').select('how_many').where('brand_id', '=', brandId).executeTakeFirst(),
    trx.selectFrom('customers').select('has_club').where('id', '=', customerId).executeTakeFirst(),
  ])
  if (!customer) return 'not joining'
  // a member checking out in a joining flow paid no fee (clubJoinTerms): nothing to join. A joining order
  // that did pay one and finds a member here is settle's to refund (checkout/join-once.ts)
  if (customer.has_club === 1) return 'member already'
  if (settings?.brand_has_club !== 1 || settings.club_monthly_cents === null) return 'not joining'
  if (existing && existing.status !== 'cancelled' && existing.status !== 'lapsed') return 'member already'
  const now = ctx.now().toISOString()
  const day = todayOf(ctx)
  // a former member inside the interval they paid (paidThrough): it runs on as paid, its box already made,
  // the billing date as it was (the order carried no fee: monthPaidBefore)
  const paidInterval = existing !== undefined && paidThrough(existing, day)
  const billingDay = paidInterval ? existing.billing_day : Number(day.slice(8, 10))
  // checkout kept the card in payment_methods (a customer's order): the club charges that one
  const paymentMethodId = input.paymentMethodId
  if (paymentMethodId) {
    await trx.updateTable('payment_methods').set({ is_default: 0 }).where('customer_id', '=', customerId).where('brand_id', '=', brandId).execute()
    await trx.updateTable('payment_methods').set({ is_default: 1 }).where('id', '=', paymentMethodId).execute()
  }
  const shipTo: ShipTo = {
    email: order.email,
    name: order.shipping_name,
    company: order.shipping_company ?? '',
    country: order.shipping_country,
    address: order.shipping_address,
    address_2: order.shipping_address_2 ?? '',
    city: order.shipping_city,
    state: order.shipping_state,
    zip: order.shipping_zip,
    phone: order.shipping_phone ?? '',
  }
  const fields = {
    status: 'active',
    amount_cents: settings.club_monthly_cents,
    pause_monthly_price_cents: PAUSE_MONTHLY_PRICE_CENTS,
    discount_percentage: settings.club_discount_percentage,
    overdue: 0,
    next_billing_date: paidInterval ? existing.next_billing_date : nextBillingDate(day, 1, billingDay),
    next_prepaid_ship_date: null,
    prepaid_months: 0,
    // the first box comes with a free accessory
    free_accessory: 1,
    bonus_piece: 0,
    bonus_piece_description: null,
    plan_id: `${brandId}-vip-monthly`,
    pause_plan_id: `${brandId}-vip-pause`,
    cancelled_at: null,
    billing_day: billingDay,
    payment_method_id: paymentMethodId,
    ship_to: JSON.stringify(shipTo),
    failed_on: null,
    failed_period: null,
    joined_on: day,
    retries_done: 0,
    was_paused: 0,
    save_offer_seen: 0,
    how_many: landing?.how_many ?? 1,
  }
  const membershipId = existing?.id ?? randomUUID()
  if (existing) await trx.updateTable('memberships').set(fields).where('id', '=', existing.id).execute()
  else
    await trx
      .insertInto('memberships')
      .values({ id: membershipId, brand_id: brandId, customer_id: customerId, created_at: now, ...fields })
      .execute()
  await trx.updateTable('customers').set({ has_club: 1 }).where('id', '=', customerId).where('brand_id', '=', brandId).execute()
  // the club's history: a first join, or a former member's (membership-events.ts)
  await recordMembershipEvent(trx, { brandId, membershipId, event: 'join', from: existing?.status ?? null, to: 'active', at: ctx.now() })
  const period = periodOf(day)
  // a former member's month already paid stays as it was charged (the order carried no fee: clubJoinTerms)
  if (paidInterval) return 'joined'
  const paid = existing ? await findPaidPeriod(trx, brandId, customerId, period) : undefined
  // else the first period, charged with the order (a former member's unpaid row for this period is replaced)
  if (!paid)
    await chargeFirstPeriod(trx, { brandId, membershipId, period, day, now, amountCents: settings.club_monthly_cents, gatewayKey: input.gatewayKey, paymentId: result.paymentId })
  const monthly = await trx.selectFrom('orders').select('order_number').where('membership_id', '=', membershipId).where('club_period', '=', period).executeTakeFirst()
  if (!monthly) {
    const box = await createMonthlyOrder(
      trx,
      brandId,
      { id: membershipId, customer_id: customerId, ship_to: fields.ship_to, how_many: fields.how_many, payment_method_id: paymentMethodId },
      period,
      0,
      now,
      ctx.data.db,
    )
    input.boxItems?.push(...box.itemIds)
  }
  return 'joined'
}

async function chargeFirstPeriod(
  trx: Transaction<Database>,
  first: { brandId: string; membershipId: string; period: string; day: string; now: string; amountCents: number; gatewayKey: string; paymentId: string },
) {
  const { brandId, membershipId, period, day, now } = first
  await trx.deleteFrom('membership_charges').where('membership_id', '=', membershipId).where('period', '=', period).execute()
  await trx
    .insertInto('membership_charges')
    .values({
      id: randomUUID(),
      brand_id: brandId,
      membership_id: membershipId,
      period,
      billing_date: day,
      kind: 'join',
      amount_cents: first.amountCents,
      status: 'charged',
      attempt: 1,
      gateway_key: first.gatewayKey,
      gateway_payment_id: first.paymentId,
      decline_code: null,
      claimed_until: null,
      next_retry_on: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
}
