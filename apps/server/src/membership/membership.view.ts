/** A membership row as the API answers it (SPEC §3 membership, docs/club-membership.md). */
import {
  cutoffDate,
  dayName,
  formatPrice,
  fromCents,
  isMembershipStatus,
  isPastCutoff,
  monthName,
  memberActions,
  nextRetryDate,
  periodOf,
  type Membership,
  type MembershipStatus,
} from '@store/core'
import type { MembershipWithCard } from './membership.queries.ts'
import { paidThrough } from './paid-interval.ts'

export const statusOf = (row: { status: string }): MembershipStatus => (isMembershipStatus(row.status) ? row.status : 'cancelled')

const money = (cents: number) => formatPrice(fromCents(cents), { keepZeroCents: true })

/** What happens to the current period, in words a member reads on every confirmation. */
export function summaryOf(row: MembershipWithCard, today: string): string {
  const said = periodSummary(row, today)
  const status = statusOf(row)
  // a member who removed every card: the billing date cannot charge anything
  if (!row.gateway_token && (status === 'active' || status === 'paused' || status === 'overdue') && row.next_billing_date) {
    return `${said} There is no card on file to charge: add one in Payment methods to keep your membership.`
  }
  return said
}

function periodSummary(row: MembershipWithCard, today: string): string {
  const status = statusOf(row)
  const date = row.next_billing_date
  const period = date ? monthName(periodOf(date)) : null
  // the day as a member reads it: 'December 25, 2026'
  const day = date ? dayName(date) : null
  switch (status) {
    case 'active':
      if (!date) return 'Your membership is active.'
      return row.prepaid_months > 0
        ? `Your membership is active. Your ${period} box uses one of your ${row.prepaid_months} prepaid months on ${day}: nothing is charged.`
        : `Your membership is active. On ${day} your ${period} box is charged at ${money(row.amount_cents)}.`
    case 'skipped':
      return `You have skipped ${period}: nothing is charged on ${day} and no box is sent. Your membership carries on the month after.`
    case 'paused':
      return `Your membership is paused: on ${day} you are charged the pause price of ${money(row.pause_monthly_price_cents)} instead of ${money(row.amount_cents)}, and no box is sent until you resume. You keep member prices.`
    case 'overdue': {
      const retry = row.failed_on ? nextRetryDate(row.failed_on, row.retries_done) : null
      if (!row.gateway_token) return `Your last payment didn’t go through.${retry ? ` We will try again on ${dayName(retry)}.` : ''}`
      return `Your last payment didn’t go through.${retry ? ` We will try again on ${dayName(retry)} with your card ending in ${row.last4}: nothing more to do if that card is right.` : ''} If it is not, update your card to keep your membership and member prices.`
    }
    case 'cancelled':
      if (paidThrough(row, today) && day) {
        return `Your membership is cancelled: nothing more is charged (no charge on ${day}) and no new box is sent. A box you have already paid for still ships. Nothing is due until ${day} (the months to it are paid or skipped): rejoin before then and nothing is charged today; your next charge would be ${money(row.amount_cents)} on ${day}.`
      }
      return `Your membership is cancelled: nothing more is charged and no new box is sent. A box you have already paid for still ships, and you can rejoin any time.`
    case 'lapsed':
      return 'Your membership has ended because the payment could not be taken. Rejoin any time to get member prices back.'
  }
}

export function membershipView(row: MembershipWithCard, today: string, orderInProgress = false): Membership {
  const status = statusOf(row)
  const date = row.next_billing_date
  const cutoffPassed = date ? isPastCutoff(today, date) : false
  const live = status !== 'cancelled' && status !== 'lapsed'
  return {
    status,
    amount: fromCents(row.amount_cents),
    pause_monthly_price: fromCents(row.pause_monthly_price_cents),
    discount_percentage: row.discount_percentage,
    overdue: status === 'overdue',
    paused: status === 'paused',
    paypal_express: row.paypal_express === 1,
    next_billing_date: live ? date : null,
    next_prepaid_ship_date: row.next_prepaid_ship_date,
    prepaid_months: row.prepaid_months,
    free_accessory: row.free_accessory === 1,
    bonus_piece: row.bonus_piece === 1,
    bonus_piece_description: row.bonus_piece_description,
    plan_id: row.plan_id,
    pause_plan_id: row.pause_plan_id,
    how_many: row.how_many,
    period: live && date ? periodOf(date) : null,
    cutoff_date: live && date ? cutoffDate(date) : null,
    cutoff_passed: cutoffPassed,
    actions: memberActions(status, { cutoffPassed, wasPaused: row.was_paused === 1, orderInProgress }) as Membership['actions'],
    joined_on: row.joined_on,
    cancelled_on: row.cancelled_at ? row.cancelled_at.slice(0, 10) : null,
    next_retry_date: status === 'overdue' && row.failed_on ? nextRetryDate(row.failed_on, row.retries_done) : null,
    paid_through: !live && paidThrough(row, today) ? date : null,
    card:
      row.card_brand && row.last4 && row.exp_month !== null && row.exp_year !== null
        ? { card_brand: row.card_brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year }
        : null,
    summary: summaryOf(row, today),
  }
}
