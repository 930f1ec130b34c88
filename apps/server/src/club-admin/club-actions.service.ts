/**
 * A member's club, changed by staff on their behalf (POST /api/admin/club/members/{id}/...):
 * skip, undo a skip, pause, resume and cancel go through the member's own service
 * (membership.service.ts, so the same rules and the same e-mail, saying the store made
 * it); a month free, the next try of a failed charge, and a month refunded (through
 * orders/refunds.ts refundOrder, on the order its charge paid, or orders/club-fee-refunds.ts for a
 * paused month's price, which bought none) are the store's alone.
 * Each writes its audit entry (staff/audit.ts) and tells the member by e-mail.
 */
import { fromCents, isMemberState, refundLimitCents, type Membership, type StaffRole } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { badRequest, conflict, HttpError, notFound } from '../http/errors.ts'
import { clubMonthFreeEmail, clubRetryMovedEmail } from '../membership/club-email.ts'
import { todayOf } from '../membership/club-join.ts'
import { recordMembershipEvent } from '../membership/membership-events.ts'
import { cancelMembershipOf, changeMembershipOf, type OnBehalf } from '../membership/membership.service.ts'
import { membershipView, statusOf } from '../membership/membership.view.ts'
import { tellMember } from '../membership/tell-member.ts'
import { refundClubFee } from '../orders/club-fee-refunds.ts'
import { refundOrder } from '../orders/refunds.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import { lastRetryOn, membershipOrNotFound } from './club-members.service.ts'

export type MemberChange = 'skip' | 'unskip' | 'pause' | 'resume'

export async function changeForMember(ctx: RequestContext, actor: AuditActor, id: string, event: MemberChange, note: string): Promise<Membership> {
  return changeMembershipOf(ctx, await membershipOrNotFound(ctx, id), event, { actor, note })
}

export async function cancelForMember(ctx: RequestContext, actor: AuditActor, id: string, reasons: string[], note: string): Promise<Membership> {
  return cancelMembershipOf(ctx, await membershipOrNotFound(ctx, id), reasons, { actor, note })
}

const STATE_CHANGED = 'This membership changed meanwhile. Look at the member again and retry.'

/** One month free: the next billing date uses a prepaid month (no charge, the box still ships; billing.ts). */
export async function giveMonthFree(ctx: RequestContext, staff: OnBehalf, id: string): Promise<Membership> {
  const row = await membershipOrNotFound(ctx, id)
  const status = statusOf(row)
  if (!isMemberState(status)) throw conflict('This membership has ended: there is no month to give. The member can rejoin first.')
  const after = { ...row, prepaid_months: row.prepaid_months + 1 }
  const done = await ctx.data.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('memberships')
      .set({ prepaid_months: after.prepaid_months })
      .where('id', '=', row.id)
      .where('status', '=', status)
      .where('prepaid_months', '=', row.prepaid_months)
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) !== 1) return false
    await recordMembershipEvent(trx, { brandId: row.brand_id, membershipId: row.id, event: 'month_free', from: status, to: status, at: ctx.now(), staffId: staff.actor.staffId })
    await audited(trx, staff.actor, {
      action: 'membership.month_free',
      entity: 'membership',
      id: row.id,
      before: { prepaid_months: row.prepaid_months },
      after: { prepaid_months: after.prepaid_months, note: staff.note },
    })
    await tellMember(trx, row.brand_id, ctx.brand, row.customer_id, ctx.now().toISOString(), (brand, member) =>
      clubMonthFreeEmail(brand, member, { nextBillingDate: row.next_billing_date, freeMonths: after.prepaid_months }),
    )
    return true
  })
  if (!done) throw conflict(STATE_CHANGED)
  return membershipView(after, todayOf(ctx))
}

/** Moves the next try of an overdue member's failed charge to a day from today to its last scheduled retry. */
export async function moveNextRetry(ctx: RequestContext, staff: OnBehalf, id: string, day: string): Promise<Membership> {
  const row = await membershipOrNotFound(ctx, id)
  const today = todayOf(ctx)
  const last = lastRetryOn(row)
  if (!last || !row.failed_period) throw conflict('This member has no failed payment to try again.')
  if (day < today) throw badRequest('Pick today or a later day.', 'day')
  if (day > last) throw badRequest(`Pick a day up to ${last}, the last retry: after it the membership ends.`, 'day')
  const charge = await ctx.data.db
    .selectFrom('membership_charges')
    .select(['id', 'next_retry_on', 'amount_cents', 'period'])
    .where('membership_id', '=', row.id)
    .where('period', '=', row.failed_period)
    .where('status', '=', 'failed')
    .executeTakeFirst()
  if (!charge?.next_retry_on) throw conflict('This member has no failed payment to try again.')
  await ctx.data.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('membership_charges')
      .set({ next_retry_on: day, updated_at: ctx.now().toISOString() })
      .where('id', '=', charge.id)
      .where('status', '=', 'failed')
      .where('next_retry_on', '=', charge.next_retry_on)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) !== 1) throw conflict(STATE_CHANGED)
    await recordMembershipEvent(trx, {
      brandId: row.brand_id,
      membershipId: row.id,
      event: 'retry_moved',
      from: 'overdue',
      to: 'overdue',
      at: ctx.now(),
      staffId: staff.actor.staffId,
      detail: { from: charge.next_retry_on, to: day },
    })
    await audited(trx, staff.actor, {
      action: 'membership.next_retry',
      entity: 'membership',
      id: row.id,
      before: { next_retry_on: charge.next_retry_on },
      after: { next_retry_on: day, note: staff.note },
    })
    await tellMember(trx, row.brand_id, ctx.brand, row.customer_id, ctx.now().toISOString(), (brand, member) =>
      clubRetryMovedEmail(brand, member, { period: charge.period, amountCents: charge.amount_cents, retryOn: day }, { cardBrand: row.card_brand, last4: row.last4 }),
    )
  })
  return { ...membershipView(row, today), next_retry_date: day }
}

/**
 * Refunds a month's charge: on the order its payment went to (a month's box, or the joining order for
 * the first month), through refundOrder, the fee only (not the order's items); a paused month's price,
 * which bought no order, from its ledger row through refundClubFee (the same door of the payment
 * engine). E-mailed to the member. Support refunds up to its limit (DESIGN §8). The same
 * Idempotency-Key refunds once.
 */
export async function refundMonth(
  ctx: RequestContext,
  staff: OnBehalf & { role: StaffRole },
  id: string,
  period: string,
  idempotencyKey: string,
  gateway: PaymentGateway,
): Promise<{ order_number: string | null; refunded: number; outcome: string }> {
  const row = await membershipOrNotFound(ctx, id)
  const charge = await ctx.data.db
    .selectFrom('membership_charges as c')
    .innerJoin('payments as p', (join) => join.onRef('p.gateway_payment_id', '=', 'c.gateway_payment_id').on('p.kind', '=', 'charge'))
    .select(['c.amount_cents', 'c.status', 'p.order_number', 'p.id as payment_id'])
    .where('c.membership_id', '=', row.id)
    .where('c.period', '=', period)
    .where('c.status', '=', 'charged')
    .where('p.brand_id', '=', ctx.data.brandId)
    .executeTakeFirst()
  if (!charge || charge.amount_cents <= 0) throw notFound(`Nothing was charged for ${period}, so there is nothing to refund.`)
  const orderNumber = charge.order_number
  const limit = refundLimitCents(staff.role)
  if (limit !== null && charge.amount_cents > limit) throw new HttpError(403, `Your role refunds up to $${fromCents(limit).toFixed(2)} at a time; ask a manager.`)
  const reason = `Club month ${period} refunded: ${staff.note}`
  const outcome =
    orderNumber === null
      ? // a paused month's price bought no order: refunded from its ledger row (decision 252)
        await refundClubFee(
          ctx,
          { chargeId: charge.payment_id, customerId: row.customer_id, period, amountCents: charge.amount_cents, idempotencyKey, reason, notify: true },
          { gateway },
        )
      : await refundOrder(
          ctx,
          orderNumber,
          { idempotencyKey, amountCents: charge.amount_cents, restock: false, reason, notify: true },
          `staff:${staff.actor.staffId ?? 'command line'}`,
          { gateway },
        )
  await ctx.data.db.transaction().execute(async (trx) => {
    // the same key again refunded nothing more: it is in the history and the audit log once
    const told = await trx
      .selectFrom('membership_events')
      .select('id')
      .where('membership_id', '=', row.id)
      .where('event', '=', 'month_refunded')
      // the route takes keys of letters, digits and - _ : . only (no % to escape)
      .where('detail_json', 'like', `%${JSON.stringify(idempotencyKey)}%`)
      .executeTakeFirst()
    if (told) return
    await recordMembershipEvent(trx, {
      brandId: row.brand_id,
      membershipId: row.id,
      event: 'month_refunded',
      from: statusOf(row),
      to: statusOf(row),
      at: ctx.now(),
      staffId: staff.actor.staffId,
      detail: { period, order_number: orderNumber, amount_cents: charge.amount_cents, outcome, key: idempotencyKey },
    })
    await audited(trx, staff.actor, {
      action: 'membership.refund_month',
      entity: 'membership',
      id: row.id,
      after: { period, order_number: orderNumber, amount_cents: charge.amount_cents, outcome, note: staff.note },
    })
  })
  return { order_number: orderNumber, refunded: fromCents(charge.amount_cents), outcome }
}
