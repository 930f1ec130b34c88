/**
 * A billing run's periods that charge nothing (a skipped month, a prepaid one), a page of members
 * at once (decision 268): claimed (club-charges.ts claimPeriods, the same unique key per membership
 * and period as a charge), the memberships moved on in one UPDATE, their changes of state written
 * to the club's history in one INSERT, and the prepaid months' boxes made, all in one transaction.
 *
 * One transaction a page rather than one a member: the history's trigger keeps the club's monthly
 * figures (decision 230), and every skipped member of a day counts on the same row of them; a
 * transaction per member held that row in turn for each, and their waits took the pool's
 * connections from the run's charges. A page that cannot be written is settled one member at a
 * time by the caller (billing.ts), as before.
 */
import { amountDue, nextBillingDate, periodOf, transition } from '@store/core'
import type { BrandData } from '../context/request-context.ts'
import { emitStockChanged } from '../checkout/stock-events.ts'
import { claimPeriods, type ChargeDeps, type PeriodClaim } from './club-charges.ts'
import { updateMemberships } from './club-charge-record.ts'
import type { MembershipWithCard } from './membership.queries.ts'
import { recordMembershipEvents, type MembershipChange } from './membership-events.ts'
import { statusOf } from './membership.view.ts'
import { createMonthlyOrders, type MonthlyBox } from './monthly-order.ts'

/** A member whose due period charges nothing: what it is claimed as, and what the membership becomes. */
export interface FreePeriod {
  member: MembershipWithCard
  claim: PeriodClaim
  set: Record<string, unknown>
  change: MembershipChange | null
}

/** The period a member is due for, when it charges nothing (else null): its claim and its settle. */
export function freePeriodOf(brandId: string, m: MembershipWithCard, asOf: string, at: Date): FreePeriod | null {
  const due = m.next_billing_date
  if (!due) return null
  const status = statusOf(m)
  const { chargeCents, prepaidMonths } = amountDue({ status, amountCents: m.amount_cents, pauseMonthlyPriceCents: m.pause_monthly_price_cents, prepaidMonths: m.prepaid_months })
  if (chargeCents !== 0) return null
  const kind = status === 'skipped' ? 'skipped' : 'prepaid'
  const next = transition(status, 'period_started', { cutoffPassed: true })
  const to = next.ok ? next.state : status
  return {
    member: m,
    claim: { period: periodOf(due), billingDate: due, kind, amountCents: 0, statuses: [status], whereBillingDate: due },
    set: { status: to, next_billing_date: nextBillingDate(due, 1, m.billing_day), prepaid_months: prepaidMonths, ...(kind === 'prepaid' ? { next_prepaid_ship_date: due } : {}) },
    // a skip lasts one period: back to active, in the club's history (membership-events.ts)
    change: to !== status ? { brandId, membershipId: m.id, event: 'period_started', from: status, to, at, day: asOf } : null,
  }
}

/** Settles many members' free periods in one transaction; answers the memberships this caller claimed (the others another run has). */
export async function settleFreePeriods(scope: BrandData, deps: ChargeDeps, periods: readonly FreePeriod[]): Promise<Set<string>> {
  if (periods.length === 0) return new Set()
  const now = (deps.now ?? (() => new Date()))().toISOString()
  let boxItems: number[] = []
  const mine = await scope.db.transaction().execute(async (trx) => {
    const claimed = await claimPeriods(
      trx,
      deps,
      scope.brandId,
      periods.map((p) => ({ membershipId: p.member.id, claim: p.claim })),
    )
    const ids = new Set(claimed.map((charge) => charge.membership_id))
    const settled = periods.filter((p) => ids.has(p.member.id))
    if (settled.length === 0) return ids
    await updateMemberships(trx, new Map(settled.map((p) => [p.member.id, p.set])))
    const boxes: MonthlyBox[] = settled.filter((p) => p.claim.kind === 'prepaid').map((p) => ({ member: p.member, period: p.claim.period, chargeCents: 0 }))
    // the rows other transactions want (stock, the club's monthly figures) last, held until the commit
    boxItems = (await createMonthlyOrders(trx, scope.brandId, boxes, now, scope.db)).flatMap((box) => box.itemIds)
    await recordMembershipEvents(
      trx,
      settled.flatMap((p) => (p.change ? [p.change] : [])),
    )
    return ids
  })
  // told to the catalogue's caches once committed (monthly-order.ts)
  if (boxItems.length > 0) emitStockChanged({ brandId: scope.brandId, itemIds: boxItems }, deps.log)
  return mine
}
