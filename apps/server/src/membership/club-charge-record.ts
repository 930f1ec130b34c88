/**
 * Recording a club charge's outcome (docs/club-membership.md "At most once per period"): the
 * gateway's answer for a claimed period, written once, by a conditional update of the claim from
 * 'pending', in one transaction with the membership's transition, the period's monthly order, its
 * ledger row and the member's e-mail. The claim and the charge are club-charges.ts's.
 */
import { daysBetween, isLastRetry, nextBillingDate, nextRetryDate, transition, type MembershipEvent } from '@store/core'
import { BRANDS } from '../brands/registry.ts'
import type { BrandData } from '../context/request-context.ts'
import type { MembershipChargesRow } from '../db/schema.ts'
import type { ChargeResult } from '../payments/gateway.ts'
import { writeCharge } from '../payments/ledger.ts'
import type { QueuedEmail } from '../email/outbox.ts'
import { emitStockChanged } from '../checkout/stock-events.ts'
import type { ChargeDeps } from './club-charges.ts'
import { clubChargedEmail, clubChargeFailedEmail, clubLapsedEmail, type ClubEmailBrand, type ClubEmailMember } from './club-email.ts'
import { findMembershipById } from './membership.queries.ts'
import { createMonthlyOrder } from './monthly-order.ts'
import { tellMember } from './tell-member.ts'
import { statusOf } from './membership.view.ts'
import { recordMembershipEvent, recoveryCause } from './membership-events.ts'

const nowOf = (deps: Pick<ChargeDeps, 'now'>) => (deps.now ?? (() => new Date()))()

/** The gateway key a claimed period is charged under (a period that charges nothing has none: its box's row is named by the claim). */
export const gatewayKeyOfCharge = (charge: MembershipChargesRow) => charge.gateway_key ?? `box:${charge.id}`

export type Recorded = 'charged' | 'failed' | 'busy'

/**
 * Records the gateway's answer for a claimed charge, in one transaction with
 * the membership's transition and the period's monthly order. `asOf` is the
 * billing day (a failure's retries are counted from it).
 */
export async function recordOutcome(scope: BrandData, deps: ChargeDeps, charge: MembershipChargesRow, result: ChargeResult, asOf: string): Promise<Recorded> {
  const now = nowOf(deps).toISOString()
  const ok = result.status === 'succeeded'
  // the items a box took from stock, told to the catalogue's caches once the transaction has committed
  let boxItems: number[] = []
  const recorded = await scope.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('membership_charges')
      .set({
        status: ok ? 'charged' : 'failed',
        gateway_payment_id: result.paymentId,
        decline_code: ok ? null : ((result as { code?: string }).code ?? 'card_declined'),
        claimed_until: null,
        updated_at: now,
      })
      .where('id', '=', charge.id)
      .where('status', '=', 'pending')
      .where('attempt', '=', charge.attempt)
      .executeTakeFirst()
    if (Number(marked.numUpdatedRows) !== 1) return 'busy' as const
    const m = await findMembershipById(trx, scope.brandId, charge.membership_id)
    if (!m) return ok ? ('charged' as const) : ('failed' as const)
    const status = statusOf(m)
    const facts = { cutoffPassed: false, wasPaused: m.was_paused === 1 }
    const card = { cardBrand: m.card_brand, last4: m.last4 }
    /** Queues one of the club's e-mails to the member, in this transaction: sent once, with the outcome. */
    const tell = (write: (brand: ClubEmailBrand, member: ClubEmailMember) => QueuedEmail) =>
      tellMember(
        trx,
        scope.brandId,
        (deps.brandRegistry ?? BRANDS).find((candidate) => candidate.id === scope.brandId),
        m.customer_id,
        now,
        write,
      )
    /** Moves the membership on by `event`; false when the state machine refuses it. */
    const apply = async (event: MembershipEvent, set: Record<string, unknown>): Promise<boolean> => {
      const next = transition(status, event, facts)
      if (!next.ok) {
        deps.log.warn({ membership: m.id, status, event, reason: next.reason }, 'club billing: transition refused, membership left as it is')
        return false
      }
      await trx
        .updateTable('memberships')
        .set({ ...set, status: next.state, overdue: next.state === 'overdue' ? 1 : 0 })
        .where('id', '=', m.id)
        .execute()
      // the club's history (membership-events.ts): a change of state, or a failed retry's day
      if (next.state !== status || event === 'charge_failed') {
        const recovered = status === 'overdue' && next.state !== 'overdue'
        await recordMembershipEvent(trx, {
          brandId: scope.brandId,
          membershipId: m.id,
          event,
          from: status,
          to: next.state,
          at: nowOf(deps),
          day: asOf,
          retryDay: status === 'overdue' && m.failed_on ? daysBetween(m.failed_on, asOf) : null,
          cause: recovered && event === 'charge_succeeded' ? await recoveryCause(trx, m.id, m.payment_method_id) : null,
          detail: event === 'charge_failed' ? { card: m.payment_method_id } : undefined,
        })
      }
      if (next.state === 'lapsed') {
        await trx.updateTable('customers').set({ has_club: 0, cancelled_before: 1 }).where('id', '=', m.customer_id).execute()
      }
      return true
    }
    if (charge.kind === 'rejoin') {
      if (!ok) return 'failed' as const
      // a new membership period from the rejoin day, which becomes the billing day
      const day = Number(charge.billing_date.slice(8, 10))
      await apply('rejoin', {
        billing_day: day,
        next_billing_date: nextBillingDate(charge.billing_date, 1, day),
        cancelled_at: null,
        failed_on: null,
        failed_period: null,
        retries_done: 0,
        was_paused: 0,
        save_offer_seen: 0,
      })
      await trx.updateTable('customers').set({ has_club: 1 }).where('id', '=', m.customer_id).execute()
      boxItems = (await createMonthlyOrder(trx, scope.brandId, m, charge.period, charge.amount_cents, now, scope.db, boxPayment(deps, charge, result))).itemIds
      await tell((brand, member) => clubChargedEmail(brand, member, { period: charge.period, amountCents: charge.amount_cents, paused: false, rejoined: true }, card))
      return 'charged' as const
    }
    const following = nextBillingDate(charge.billing_date, 1, m.billing_day)
    if (ok) {
      if (status === 'overdue') {
        await apply('charge_succeeded', { next_billing_date: following, failed_on: null, failed_period: null, retries_done: 0, was_paused: 0 })
      } else if (status === 'active' || status === 'paused') {
        await apply('charge_succeeded', { next_billing_date: following })
      }
      if (charge.kind === 'fee' || charge.kind === 'join' || charge.kind === 'rejoin') {
        boxItems = (await createMonthlyOrder(trx, scope.brandId, m, charge.period, charge.amount_cents, now, scope.db, boxPayment(deps, charge, result))).itemIds
      }
      // a paused month's price buys no box: its ledger row names no order (the box's row is written with its order, above)
      if (charge.kind === 'pause_fee' && charge.amount_cents > 0) {
        const payment = boxPayment(deps, charge, result)
        await writeCharge(trx, {
          brandId: scope.brandId,
          orderNumber: null,
          gateway: payment.gateway,
          idempotencyKey: payment.idempotencyKey,
          amountCents: charge.amount_cents,
          now,
          paid: { paymentId: payment.paymentId, card: result.card },
        })
      }
      // a joining charge is told by the order's confirmation; a month's fee or pause price here
      if (charge.kind === 'fee' || charge.kind === 'pause_fee') {
        const paused = charge.kind === 'pause_fee'
        await tell((brand, member) => clubChargedEmail(brand, member, { period: charge.period, amountCents: charge.amount_cents, paused, rejoined: false }, card))
      }
      return 'charged' as const
    }
    // failed
    if (status === 'overdue' && m.failed_period === charge.period && m.failed_on) {
      const retriesDone = charge.attempt - 1
      if (isLastRetry(retriesDone)) {
        if (await apply('retries_exhausted', { retries_done: retriesDone })) {
          await tell((brand, member) => clubLapsedEmail(brand, member, { period: charge.period }))
        }
        await trx.updateTable('membership_charges').set({ next_retry_on: null }).where('id', '=', charge.id).execute()
      } else {
        await trx.updateTable('memberships').set({ retries_done: retriesDone }).where('id', '=', m.id).execute()
        await trx
          .updateTable('membership_charges')
          .set({ next_retry_on: nextRetryDate(m.failed_on, retriesDone) })
          .where('id', '=', charge.id)
          .execute()
      }
    } else if (status === 'active' || status === 'paused') {
      const retryOn = nextRetryDate(asOf, 0)
      if (await apply('charge_failed', { failed_on: asOf, failed_period: charge.period, retries_done: 0, was_paused: status === 'paused' ? 1 : 0 })) {
        await tell((brand, member) => clubChargeFailedEmail(brand, member, { period: charge.period, amountCents: charge.amount_cents, retryOn, noCard: !m.gateway_token }, card))
      }
      await trx.updateTable('membership_charges').set({ next_retry_on: retryOn }).where('id', '=', charge.id).execute()
    }
    return 'failed' as const
  })
  if (boxItems.length > 0) emitStockChanged({ brandId: scope.brandId, itemIds: boxItems }, deps.log)
  return recorded
}

/** The period's charge as its row of the payments ledger (the monthly box's, or a paused month's). */
function boxPayment(deps: ChargeDeps, charge: MembershipChargesRow, result: ChargeResult) {
  return { gateway: deps.gateway.name, paymentId: result.paymentId, idempotencyKey: gatewayKeyOfCharge(charge) }
}
