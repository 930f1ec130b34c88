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
import { amountDue, isLastRetry, nextBillingDate, periodOf } from '@store/core'
import { brandData, type BrandData, type ContextLog } from '../context/request-context.ts'
import type { StoreDb } from '../db/connection.ts'
import type { MembershipChargesRow } from '../db/schema.ts'
import type { BrandId } from '../brands/registry.ts'
import { chargePeriod, claimPeriod, claimPeriods, claimRetry, takeOverStale, type ChargeDeps, type PeriodClaim } from './club-charges.ts'
import { RECORDING, recordInBatches } from './club-charge-record.ts'
import { findMembershipById, type MembershipWithCard } from './membership.queries.ts'
import { statusOf } from './membership.view.ts'
import { freePeriodOf, settleFreePeriods } from './free-periods.ts'
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

/** A run's options as its steps see them: `atWork`, the members at work at once (at the service, or waiting on their record). */
type RunDeps = BillingOptions & { atWork: number }

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

/**
 * `work` over the items of `nextPage`'s pages (an empty page: no more), `concurrency` at a time
 * without a pause between pages: the next page is read (and claimed) while fewer than
 * `concurrency` items are left waiting, so the charges in flight stay at `concurrency` until the
 * last page. One page is read at a time (the pages follow a cursor); a page that cannot be read
 * ends the run with its error once the items at work are done.
 */
export async function flow<T>(nextPage: () => Promise<readonly T[]>, concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  const waiting: T[] = []
  let last = false
  let failure: { error: unknown } | null = null
  let reading: Promise<void> | null = null
  const read = () => {
    reading ??= nextPage()
      .then(
        (page) => {
          if (page.length === 0) last = true
          waiting.push(...page)
        },
        (error: unknown) => {
          failure = { error }
          last = true
        },
      )
      .finally(() => {
        reading = null
      })
    return reading
  }
  const runner = async () => {
    for (;;) {
      if (!last && waiting.length < concurrency) void read()
      const item = waiting.shift()
      if (item !== undefined) await work(item)
      else if (last) return
      else await read()
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, runner))
  if (failure) throw (failure as { error: unknown }).error
}

/**
 * A gate that lets `places` calls run at once, the others waiting their turn in order: the run's
 * charges at the payment service (CLUB_BILLING_CONCURRENCY).
 */
export function atTheService(places: number): <T>(call: () => Promise<T>) => Promise<T> {
  let busy = 0
  const turns: (() => void)[] = []
  return async (call) => {
    if (busy >= places) await new Promise<void>((turn) => turns.push(turn))
    else busy += 1
    try {
      return await call()
    } finally {
      // the place goes straight to the next in line, or is given back
      const next = turns.shift()
      if (next) next()
      else busy -= 1
    }
  }
}

export async function runBilling(store: StoreDb, options: BillingOptions, asOf: string): Promise<BillingSummary> {
  const summary: BillingSummary = { charged: 0, failed: 0, skipped: 0 }
  const brands =
    options.brands ??
    (await store.db.selectFrom('store_settings').select('brand_id').where('brand_has_club', '=', 1).orderBy('brand_id').execute()).map((row) => row.brand_id as BrandId)
  for (const brandId of brands) {
    const scope = brandData(store, brandId)
    // the answers of the run's charges recorded in batches (club-charge-record.ts)
    // and the charges at the payment service CLUB_BILLING_CONCURRENCY at once, a member waiting on its record holding no place there
    const concurrency = options.concurrency ?? DEFAULT_CLUB_BILLING_CONCURRENCY
    const batched: RunDeps = { ...options, atWork: concurrency + RECORDING, recorder: recordInBatches(scope, options), atService: atTheService(concurrency) }
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

async function resumeStale(scope: BrandData, options: RunDeps, asOf: string, summary: BillingSummary) {
  const now = (options.now ?? (() => new Date()))().toISOString()
  const stale = await scope.db
    .selectFrom('membership_charges')
    .selectAll()
    .where('brand_id', '=', scope.brandId)
    .where('status', '=', 'pending')
    .where('claimed_until', '<', now)
    .execute()
  await pool(stale, options.atWork, (charge) =>
    guarded(options.log, charge.membership_id, async () => {
      const mine = await takeOverStale(scope.db, options, charge)
      if (mine) await chargeClaimed(scope, options, mine, asOf, summary)
    }),
  )
}

async function retryFailed(scope: BrandData, options: RunDeps, asOf: string, summary: BillingSummary) {
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
  await pool(due, options.atWork, (charge) =>
    guarded(options.log, charge.membership_id, async () => {
      const mine = await claimRetry(scope.db, options, charge)
      if (!mine) return count(summary, 'busy')
      await chargeClaimed(scope, options, mine, asOf, summary)
    }),
  )
}

async function billDue(scope: BrandData, options: RunDeps, asOf: string, summary: BillingSummary) {
  /** the last member of the page before: the pages follow (next_billing_date, id), the order of memberships_due_in_order */
  let after: { date: string; id: string } | null = null
  /** The next page of due members, its charges claimed in one statement; a member another run claimed first is left to it. */
  const nextPage = async () => {
    const cursor = after
    const page = await scope.db
      .selectFrom('memberships')
      .leftJoin('payment_methods', 'payment_methods.id', 'memberships.payment_method_id')
      .selectAll('memberships')
      .select(['payment_methods.card_brand', 'payment_methods.last4', 'payment_methods.exp_month', 'payment_methods.exp_year', 'payment_methods.gateway_token'])
      .where('memberships.brand_id', '=', scope.brandId)
      .where('memberships.status', 'in', BILLABLE)
      .where('memberships.next_billing_date', '<=', asOf)
      .$if(cursor !== null, (q) => q.where((eb) => eb(eb.refTuple('memberships.next_billing_date', 'memberships.id'), '>', eb.tuple(cursor!.date, cursor!.id))))
      .orderBy('memberships.next_billing_date')
      .orderBy('memberships.id')
      .limit(PAGE)
      .execute()
    if (page.length === 0) return []
    const last = page[page.length - 1]!
    after = { date: last.next_billing_date!, id: last.id }
    const charging = page.flatMap((m) => {
      const claim = m.next_billing_date ? chargeClaim(m, m.next_billing_date) : null
      return claim ? [{ membershipId: m.id, claim }] : []
    })
    const claimed = new Map((await claimPeriods(scope.db, options, scope.brandId, charging)).map((charge) => [charge.membership_id, charge]))
    const tried = new Set(charging.map((wanted) => wanted.membershipId))
    const settled = await settleFree(scope, options, page, asOf)
    return page.map((m): { m: MembershipWithCard; first?: FirstPeriod } => {
      if (tried.has(m.id)) return { m, first: { claimed: claimed.get(m.id) ?? null } }
      const free = settled?.get(m.id)
      return { m, first: free ? { settled: free } : undefined }
    })
  }
  // the pages flow into the run's charges: the next page is claimed while this one's are at the payment service
  await flow(nextPage, options.atWork, ({ m, first }) => guarded(options.log, m.id, () => billMember(scope, options, m, asOf, summary, first)))
}

/**
 * A page's members whose period charges nothing, settled in one transaction (free-periods.ts):
 * 'skipped' for those this run settled, 'busy' for those another run had. Null when the page's
 * transaction failed: each is then settled on its own (billPeriod), so one member's trouble holds
 * back no other.
 */
async function settleFree(scope: BrandData, options: BillingOptions, page: readonly MembershipWithCard[], asOf: string): Promise<Map<string, 'skipped' | 'busy'> | null> {
  const at = (options.now ?? (() => new Date()))()
  const free = page.flatMap((m) => freePeriodOf(scope.brandId, m, asOf, at) ?? [])
  if (free.length === 0) return new Map()
  try {
    const mine = await settleFreePeriods(scope, options, free)
    return new Map(free.map((p) => [p.member.id, mine.has(p.member.id) ? 'skipped' : 'busy']))
  } catch (error) {
    options.log.warn({ err: error, members: free.length }, 'club billing: a page of periods that charge nothing could not be settled at once; settling them one at a time')
    return null
  }
}

/** A member's first due period as its page left it: its charge claimed (null: another run claimed it), or settled when it charged nothing. */
type FirstPeriod = { claimed: MembershipChargesRow | null } | { settled: 'skipped' | 'busy' }

/** Bills a member's due periods in order (more than one when billing fell behind), each at most once; `first` as the page left it. */
async function billMember(scope: BrandData, options: BillingOptions, member: MembershipWithCard, asOf: string, summary: BillingSummary, first?: FirstPeriod) {
  let m: MembershipWithCard | undefined = member
  for (let guard = 0; m && guard < 24; guard++) {
    const due = m.next_billing_date
    const status = statusOf(m)
    if (!due || due > asOf || !BILLABLE.includes(status)) return
    // the page claimed or settled the first period already (or another run had)
    const outcome =
      guard === 0 && first
        ? 'settled' in first
          ? first.settled
          : await chargeClaimedPeriod(scope, options, first.claimed, m, asOf)
        : await billPeriod(scope, options, m, due, asOf)
    count(summary, outcome)
    if (outcome !== 'charged' && outcome !== 'skipped') return
    // more than one period due (billing fell behind): read the membership again for the next
    if (nextBillingDate(due, 1, m.billing_day) > asOf) return
    m = await findMembershipById(scope.db, scope.brandId, m.id)
    if (m && m.next_billing_date === due) return
  }
}

async function billPeriod(scope: BrandData, options: BillingOptions, m: MembershipWithCard, due: string, asOf: string): Promise<'charged' | 'failed' | 'busy' | 'skipped'> {
  // a skipped month or a prepaid one: the period is claimed and settled in one transaction, as a page's are
  const free = freePeriodOf(scope.brandId, m, asOf, (options.now ?? (() => new Date()))())
  if (free) return (await settleFreePeriods(scope, options, [free])).has(m.id) ? 'skipped' : 'busy'
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
