/**
 * The club's billing run for one day (`npm run billing -- --as-of YYYY-MM-DD`,
 * and the in-process scheduler): for every brand with a club,
 *
 * 1. pending charges whose claim ran out (a run died mid-charge) are sent again
 *    with their own key, and recorded;
 * 2. failed charges due a retry (core retryDates) are retried, while the
 *    membership is still overdue for that period;
 * 3. memberships whose next_billing_date is on or before the day are billed
 *    period by period: a skipped month charges nothing and the skip ends, a
 *    prepaid month uses one, a paused membership pays the pause price, an
 *    active one the amount (core amountDue).
 *
 * Any number of runs may overlap (two instances, the scheduler and the command
 * line): each period is claimed in the database first (club-charges.ts).
 */
import { amountDue, isLastRetry, nextBillingDate, periodOf, transition } from '@store/core'
import { brandData, type BrandData, type ContextLog } from '../context/request-context.ts'
import type { StoreDb } from '../db/connection.ts'
import type { MembershipChargesRow } from '../db/schema.ts'
import type { BrandId } from '../brands/registry.ts'
import { chargePeriod, claimPeriod, claimPeriods, claimRetry, takeOverStale, type ChargeDeps, type PeriodClaim } from './club-charges.ts'
import { recordInBatches } from './club-charge-record.ts'
import { findMembershipById, type MembershipWithCard } from './membership.queries.ts'
import { createMonthlyOrder } from './monthly-order.ts'
import { emitStockChanged } from '../checkout/stock-events.ts'
import { statusOf } from './membership.view.ts'
import { recordMembershipEvent } from './membership-events.ts'
import { DEFAULT_CLUB_BILLING_CONCURRENCY } from '../env.ts'

export interface BillingSummary {
  /** charges that went through */
  charged: number
  /** charges the card refused (first tries and retries) */
  failed: number
  /** due periods that charged nothing: a skipped or prepaid month, or one another run is billing or has billed */
  skipped: number
}

export interface BillingOptions extends ChargeDeps {
  /** memberships billed side by side: their charges at the payment service at once (default: CLUB_BILLING_CONCURRENCY's) */
  concurrency?: number
  /** only these brands (default: every brand whose settings have a club) */
  brands?: BrandId[]
}

const PAGE = 500
const BILLABLE = ['active', 'skipped', 'paused']

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!
      await work(item)
    }
  })
  await Promise.all(runners)
}

export async function runBilling(store: StoreDb, options: BillingOptions, asOf: string): Promise<BillingSummary> {
  const summary: BillingSummary = { charged: 0, failed: 0, skipped: 0 }
  const brands =
    options.brands ??
    (await store.db.selectFrom('store_settings').select('brand_id').where('brand_has_club', '=', 1).orderBy('brand_id').execute()).map((row) => row.brand_id as BrandId)
  for (const brandId of brands) {
    const scope = brandData(store, brandId)
    // the answers of the run's charges recorded in batches (club-charge-record.ts)
    const batched = { ...options, recorder: recordInBatches(scope, options) }
    await resumeStale(scope, batched, asOf, summary)
    await retryFailed(scope, batched, asOf, summary)
    await billDue(scope, batched, asOf, summary)
  }
  return summary
}

function count(summary: BillingSummary, outcome: 'charged' | 'failed' | 'busy' | 'skipped') {
  if (outcome === 'charged') summary.charged += 1
  else if (outcome === 'failed') summary.failed += 1
  else summary.skipped += 1
}

/** Safe per membership: one member's trouble is logged and the run goes on. */
async function guarded(log: ContextLog, membershipId: string, work: () => Promise<void>) {
  try {
    await work()
  } catch (error) {
    log.error({ err: error, membership: membershipId }, 'club billing: a membership could not be billed; it is tried again on the next run')
  }
}

async function chargeClaimed(scope: BrandData, options: BillingOptions, charge: MembershipChargesRow, asOf: string, summary: BillingSummary) {
  const m = await findMembershipById(scope.db, scope.brandId, charge.membership_id)
  if (!m) return
  const charged = await chargePeriod(scope, options, charge, m, asOf)
  count(summary, charged?.recorded ?? 'busy')
}

async function resumeStale(scope: BrandData, options: BillingOptions, asOf: string, summary: BillingSummary) {
  const now = (options.now ?? (() => new Date()))().toISOString()
  const stale = await scope.db
    .selectFrom('membership_charges')
    .selectAll()
    .where('brand_id', '=', scope.brandId)
    .where('status', '=', 'pending')
    .where('claimed_until', '<', now)
    .execute()
  await pool(stale, options.concurrency ?? DEFAULT_CLUB_BILLING_CONCURRENCY, (charge) =>
    guarded(options.log, charge.membership_id, async () => {
      const mine = await takeOverStale(scope.db, options, charge)
      if (mine) await chargeClaimed(scope, options, mine, asOf, summary)
    }),
  )
}

async function retryFailed(scope: BrandData, options: BillingOptions, asOf: string, summary: BillingSummary) {
  const due = await scope.db
    .selectFrom('membership_charges')
    .innerJoin('memberships', 'memberships.id', 'membership_charges.membership_id')
    .selectAll('membership_charges')
    .where('membership_charges.brand_id', '=', scope.brandId)
    .where('membership_charges.status', '=', 'failed')
    .where('membership_charges.next_retry_on', '<=', asOf)
    .where('memberships.status', '=', 'overdue')
    .whereRef('memberships.failed_period', '=', 'membership_charges.period')
    .execute()
  await pool(due, options.concurrency ?? DEFAULT_CLUB_BILLING_CONCURRENCY, (charge) =>
    guarded(options.log, charge.membership_id, async () => {
      const mine = await claimRetry(scope.db, options, charge)
      if (!mine) return count(summary, 'busy')
      await chargeClaimed(scope, options, mine, asOf, summary)
    }),
  )
}

async function billDue(scope: BrandData, options: BillingOptions, asOf: string, summary: BillingSummary) {
  let after = ''
  for (;;) {
    const page = await scope.db
      .selectFrom('memberships')
      .leftJoin('payment_methods', 'payment_methods.id', 'memberships.payment_method_id')
      .selectAll('memberships')
      .select(['payment_methods.card_brand', 'payment_methods.last4', 'payment_methods.exp_month', 'payment_methods.exp_year', 'payment_methods.gateway_token'])
      .where('memberships.brand_id', '=', scope.brandId)
      .where('memberships.status', 'in', BILLABLE)
      .where('memberships.next_billing_date', '<=', asOf)
      .where('memberships.id', '>', after)
      .orderBy('memberships.id')
      .limit(PAGE)
      .execute()
    if (page.length === 0) return
    after = page[page.length - 1]!.id
    // the page's charges claimed in one statement; a member another run claimed first is left to it
    const charging = page.flatMap((m) => {
      const claim = m.next_billing_date ? chargeClaim(m, m.next_billing_date) : null
      return claim ? [{ membershipId: m.id, claim }] : []
    })
    const claimed = new Map((await claimPeriods(scope.db, options, scope.brandId, charging)).map((charge) => [charge.membership_id, charge]))
    const tried = new Set(charging.map((wanted) => wanted.membershipId))
    await pool(page, options.concurrency ?? DEFAULT_CLUB_BILLING_CONCURRENCY, (m) =>
      guarded(options.log, m.id, () => billMember(scope, options, m, asOf, summary, tried.has(m.id) ? (claimed.get(m.id) ?? null) : undefined)),
    )
  }
}

/**
 * Bills a member's due periods in order (more than one when billing fell behind), each at most
 * once. `claimed`: the first period's charge as the page claimed it (null: another run claimed it).
 */
async function billMember(scope: BrandData, options: BillingOptions, first: MembershipWithCard, asOf: string, summary: BillingSummary, claimed?: MembershipChargesRow | null) {
  let m: MembershipWithCard | undefined = first
  for (let guard = 0; m && guard < 24; guard++) {
    const due = m.next_billing_date
    const status = statusOf(m)
    if (!due || due > asOf || !BILLABLE.includes(status)) return
    // the page claimed the first period already (or another run had)
    const outcome = guard === 0 && claimed !== undefined ? await chargeClaimedPeriod(scope, options, claimed, m, asOf) : await billPeriod(scope, options, m, due, asOf)
    count(summary, outcome)
    if (outcome !== 'charged' && outcome !== 'skipped') return
    // more than one period due (billing fell behind): read the membership again for the next
    if (nextBillingDate(due, 1, m.billing_day) > asOf) return
    m = await findMembershipById(scope.db, scope.brandId, m.id)
    if (m && m.next_billing_date === due) return
  }
}

async function billPeriod(scope: BrandData, options: BillingOptions, m: MembershipWithCard, due: string, asOf: string): Promise<'charged' | 'failed' | 'busy' | 'skipped'> {
  const status = statusOf(m)
  const period = periodOf(due)
  const following = nextBillingDate(due, 1, m.billing_day)
  const now = (options.now ?? (() => new Date()))().toISOString()
  const { chargeCents, prepaidMonths } = amountDue({
    status,
    amountCents: m.amount_cents,
    pauseMonthlyPriceCents: m.pause_monthly_price_cents,
    prepaidMonths: m.prepaid_months,
  })

  if (chargeCents === 0) {
    // a skipped month or a prepaid one: the period is claimed and settled in one transaction
    const kind = status === 'skipped' ? 'skipped' : 'prepaid'
    let boxItems: number[] = []
    const done = await scope.db.transaction().execute(async (trx) => {
      const claim = await claimPeriod(trx, options, m, { period, billingDate: due, kind, amountCents: 0, statuses: [status], whereBillingDate: due })
      if (!claim) return false
      const next = transition(status, 'period_started', { cutoffPassed: true })
      await trx
        .updateTable('memberships')
        .set({
          status: next.ok ? next.state : status,
          next_billing_date: following,
          prepaid_months: prepaidMonths,
          ...(kind === 'prepaid' ? { next_prepaid_ship_date: due } : {}),
        })
        .where('id', '=', m.id)
        .execute()
      // a skip lasts one period: back to active, in the club's history (membership-events.ts)
      if (next.ok && next.state !== status) {
        await recordMembershipEvent(trx, { brandId: scope.brandId, membershipId: m.id, event: 'period_started', from: status, to: next.state, at: new Date(now), day: asOf })
      }
      if (kind === 'prepaid') boxItems = (await createMonthlyOrder(trx, scope.brandId, m, period, 0, now, scope.db)).itemIds
      return true
    })
    // told to the catalogue's caches once committed (monthly-order.ts)
    if (boxItems.length > 0) emitStockChanged({ brandId: scope.brandId, itemIds: boxItems }, options.log)
    return done ? 'skipped' : 'busy'
  }

  return chargeClaimedPeriod(scope, options, await claimPeriod(scope.db, options, m, chargeClaim(m, due)!), m, asOf)
}

async function chargeClaimedPeriod(scope: BrandData, options: BillingOptions, claimed: MembershipChargesRow | null, m: MembershipWithCard, asOf: string) {
  if (!claimed) return 'busy'
  return (await chargePeriod(scope, options, claimed, m, asOf))?.recorded ?? 'busy'
}

/** The claim of a period that charges the card (the fee, or a paused month's price); null when the period charges nothing. */
function chargeClaim(m: MembershipWithCard, due: string): PeriodClaim | null {
  const status = statusOf(m)
  const { chargeCents } = amountDue({ status, amountCents: m.amount_cents, pauseMonthlyPriceCents: m.pause_monthly_price_cents, prepaidMonths: m.prepaid_months })
  if (chargeCents === 0) return null
  return { period: periodOf(due), billingDate: due, kind: status === 'paused' ? 'pause_fee' : 'fee', amountCents: chargeCents, statuses: [status], whereBillingDate: due }
}

/**
 * An overdue member gave the club another card (added it as the default, or made a card the
 * default): the failed period is tried again at once with it, as its next retry would be (the same
 * claim, so one charge per period), rather than on the retry day. The try counts as that retry.
 * Not when it would be the last one: a card refused then would end the membership at the moment
 * the member set out to keep it, so the retry day stands. Returns what happened, 'none' when
 * there was nothing to try now.
 */
export async function retryOverdueNow(scope: BrandData, deps: ChargeDeps, customerId: string, asOf: string): Promise<'charged' | 'failed' | 'busy' | 'none'> {
  const charge = await scope.db
    .selectFrom('membership_charges')
    .innerJoin('memberships', 'memberships.id', 'membership_charges.membership_id')
    .selectAll('membership_charges')
    .where('membership_charges.brand_id', '=', scope.brandId)
    .where('memberships.customer_id', '=', customerId)
    .where('membership_charges.status', '=', 'failed')
    .where('memberships.status', '=', 'overdue')
    .whereRef('memberships.failed_period', '=', 'membership_charges.period')
    .executeTakeFirst()
  // the attempt about to be made is retry number `charge.attempt` (the first try was attempt 1)
  if (!charge || isLastRetry(charge.attempt)) return 'none'
  const mine = await claimRetry(scope.db, deps, charge)
  if (!mine) return 'busy'
  const m = await findMembershipById(scope.db, scope.brandId, mine.membership_id)
  if (!m) return 'none'
  return (await chargePeriod(scope, deps, mine, m, asOf))?.recorded ?? 'busy'
}
