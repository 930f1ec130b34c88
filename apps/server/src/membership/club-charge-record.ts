/**
 * Recording club charges' outcomes (docs/club-membership.md "At most once per period"): the
 * gateway's answer for a claimed period, written once, by a conditional update of the claim from
 * 'pending', in one transaction with the membership's transition, the period's monthly order, its
 * ledger row and the member's e-mail. The claim and the charge are club-charges.ts's.
 *
 * Many outcomes are recorded in one transaction (recordOutcomes), each step one statement for all
 * of them, so a billing run of thousands of members costs a few statements per member; a billing
 * run gathers its answers into such batches (recordInBatches). A batch that fails is recorded
 * again one outcome at a time, so one member's trouble holds back no other.
 */
import { daysBetween, isLastRetry, nextBillingDate, nextRetryDate, transition, type MembershipEvent } from '@store/core'
import { sql, type RawBuilder, type Transaction, type UpdateObject } from 'kysely'
import { BRANDS } from '../brands/registry.ts'
import type { BrandData } from '../context/request-context.ts'
import type { Database, MembershipChargesRow } from '../db/schema.ts'
import type { ChargeResult } from '../payments/gateway.ts'
import { writeCharges, type ChargeEntry } from '../payments/ledger.ts'
import { emitStockChanged } from '../checkout/stock-events.ts'
import type { ChargeDeps } from './club-charges.ts'
import { clubChargedEmail, clubChargeFailedEmail, clubLapsedEmail } from './club-email.ts'
import { membershipsWithCard, type MembershipWithCard } from './membership.queries.ts'
import { createMonthlyOrders, type MonthlyBox } from './monthly-order.ts'
import { tellMembers, type ClubLetter } from './tell-member.ts'
import { statusOf } from './membership.view.ts'
import { recordMembershipEvents, recoveryCause, type MembershipChange } from './membership-events.ts'

const nowOf = (deps: Pick<ChargeDeps, 'now'>) => (deps.now ?? (() => new Date()))()

/** The gateway key a claimed period is charged under (a period that charges nothing has none: its box's row is named by the claim). */
export const gatewayKeyOfCharge = (charge: MembershipChargesRow) => charge.gateway_key ?? `box:${charge.id}`

export type Recorded = 'charged' | 'failed' | 'busy'

/** A claimed charge's answer from the gateway, and the billing day (a failure's retries are counted from it). */
export interface Outcome {
  charge: MembershipChargesRow
  result: ChargeResult
  asOf: string
}

/** Records one outcome: a batch of one, or the run's batches when it gathers them (deps.recorder). */
export function recordOutcome(scope: BrandData, deps: ChargeDeps, outcome: Outcome): Promise<Recorded> {
  if (deps.recorder) return deps.recorder(outcome)
  return recordOutcomes(scope, deps, [outcome]).then((recorded) => recorded[0]!)
}

/** A value per row of one UPDATE (`case id when … then … else column end`): rows not named keep theirs. */
function perRow<T>(column: string, values: ReadonlyMap<string, unknown>): RawBuilder<T> {
  const value = (v: unknown) => (typeof v === 'number' ? sql`cast(${v} as integer)` : sql`${v}`)
  return sql<T>`(case id ${sql.join(
    [...values].map(([id, v]) => sql`when ${id} then ${value(v)}`),
    sql` `,
  )} else ${sql.ref(column)} end)`
}

/** Many memberships, each with its own changes, moved on in one UPDATE (a batch's outcomes, a page's free periods). */
export async function updateMemberships(trx: Transaction<Database>, sets: ReadonlyMap<string, Record<string, unknown>>): Promise<void> {
  if (sets.size === 0) return
  const columns = [...new Set([...sets.values()].flatMap((set) => Object.keys(set)))]
  const set = Object.fromEntries(columns.map((column) => [column, perRow(column, new Map([...sets].filter(([, row]) => column in row).map(([id, row]) => [id, row[column]])))]))
  await trx
    .updateTable('memberships')
    .set(set as unknown as UpdateObject<Database, 'memberships'>)
    .where('id', 'in', [...sets.keys()])
    .execute()
}

/** What a batch writes once its outcomes are settled: each step one statement for the whole batch. */
class Writes {
  readonly memberships = new Map<string, Record<string, unknown>>()
  readonly customers: { id: string; set: { has_club: number; cancelled_before?: number } }[] = []
  readonly retryOn = new Map<string, string | null>()
  readonly events: MembershipChange[] = []
  readonly boxes: MonthlyBox[] = []
  readonly ledger: ChargeEntry[] = []
  readonly letters: ClubLetter[] = []

  membership(id: string, set: Record<string, unknown>) {
    this.memberships.set(id, { ...this.memberships.get(id), ...set })
  }

  /** Writes it all in `trx`; the items the boxes took from stock. */
  async write(trx: Transaction<Database>, scope: BrandData, deps: ChargeDeps, now: string): Promise<number[]> {
    await updateMemberships(trx, this.memberships)
    for (const customer of this.customers) await trx.updateTable('customers').set(customer.set).where('id', '=', customer.id).execute()
    if (this.retryOn.size > 0) {
      await trx
        .updateTable('membership_charges')
        .set({ next_retry_on: perRow<string | null>('next_retry_on', this.retryOn) })
        .where('id', 'in', [...this.retryOn.keys()])
        .execute()
    }
    await writeCharges(trx, this.ledger)
    const brand = (deps.brandRegistry ?? BRANDS).find((candidate) => candidate.id === scope.brandId)
    await tellMembers(trx, scope.brandId, brand, now, this.letters)
    // last, the rows every batch wants (the boxes' stock, the club's monthly figures kept by the
    // history's trigger, decision 230): held from here to the commit, so another batch waits the least
    const boxes = await createMonthlyOrders(trx, scope.brandId, this.boxes, now, scope.db)
    await recordMembershipEvents(trx, this.events)
    return boxes.flatMap((box) => box.itemIds)
  }
}

/**
 * Records many claimed charges' outcomes in one transaction: the claims marked in one conditional
 * update (an outcome whose claim is no longer pending at its attempt is 'busy': another run
 * recorded it), their memberships read in one statement, then moved on, their boxes made, ledger
 * rows and e-mails written, each in one statement for all. One outcome per membership in a batch.
 */
async function recordOutcomes(scope: BrandData, deps: ChargeDeps, outcomes: readonly Outcome[]): Promise<Recorded[]> {
  const now = nowOf(deps).toISOString()
  // the items the boxes took from stock, told to the catalogue's caches once the transaction has committed
  let boxItems: number[] = []
  const recorded = await scope.db.transaction().execute(async (trx) => {
    const ok = (o: Outcome) => o.result.status === 'succeeded'
    const marked = await trx
      .updateTable('membership_charges')
      .set({
        status: perRow<string>('status', new Map(outcomes.map((o) => [o.charge.id, ok(o) ? 'charged' : 'failed']))),
        gateway_payment_id: perRow<string | null>('gateway_payment_id', new Map(outcomes.map((o) => [o.charge.id, o.result.paymentId]))),
        decline_code: perRow<string | null>('decline_code', new Map(outcomes.map((o) => [o.charge.id, ok(o) ? null : ((o.result as { code?: string }).code ?? 'card_declined')]))),
        claimed_until: null,
        updated_at: now,
      })
      .where('status', '=', 'pending')
      .where((eb) => eb.or(outcomes.map((o) => eb.and([eb('id', '=', o.charge.id), eb('attempt', '=', o.charge.attempt)]))))
      .returning('id')
      .execute()
    const mine = new Set(marked.map((row) => row.id))
    const ids = outcomes.filter((o) => mine.has(o.charge.id)).map((o) => o.charge.membership_id)
    const members = ids.length > 0 ? await membershipsWithCard(trx, scope.brandId).where('memberships.id', 'in', ids).execute() : []
    const byId = new Map(members.map((m) => [m.id, m]))
    const writes = new Writes()
    const results: Recorded[] = []
    for (const o of outcomes) {
      const m = byId.get(o.charge.membership_id)
      if (!mine.has(o.charge.id)) results.push('busy')
      else if (!m) results.push(ok(o) ? 'charged' : 'failed')
      else results.push(await settle(trx, scope, deps, writes, o, m))
    }
    boxItems = await writes.write(trx, scope, deps, now)
    return results
  })
  if (boxItems.length > 0) emitStockChanged({ brandId: scope.brandId, itemIds: boxItems }, deps.log)
  return recorded
}

/** One marked outcome: the membership's transition and what it brings, gathered into `writes`. */
async function settle(trx: Transaction<Database>, scope: BrandData, deps: ChargeDeps, writes: Writes, { charge, result, asOf }: Outcome, m: MembershipWithCard): Promise<Recorded> {
  const ok = result.status === 'succeeded'
  const status = statusOf(m)
  const facts = { cutoffPassed: false, wasPaused: m.was_paused === 1 }
  const card = { cardBrand: m.card_brand, last4: m.last4 }
  const tell = (write: ClubLetter['write']) => writes.letters.push({ customerId: m.customer_id, write })
  const box = () => writes.boxes.push({ member: m, period: charge.period, chargeCents: charge.amount_cents, payment: boxPayment(deps, charge, result) })
  /** Moves the membership on by `event`; false when the state machine refuses it. */
  const apply = async (event: MembershipEvent, set: Record<string, unknown>): Promise<boolean> => {
    const next = transition(status, event, facts)
    if (!next.ok) {
      deps.log.warn({ membership: m.id, status, event, reason: next.reason }, 'club billing: transition refused, membership left as it is')
      return false
    }
    writes.membership(m.id, { ...set, status: next.state, overdue: next.state === 'overdue' ? 1 : 0 })
    // the club's history (membership-events.ts): a change of state, or a failed retry's day
    if (next.state !== status || event === 'charge_failed') {
      const recovered = status === 'overdue' && next.state !== 'overdue'
      writes.events.push({
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
    if (next.state === 'lapsed') writes.customers.push({ id: m.customer_id, set: { has_club: 0, cancelled_before: 1 } })
    return true
  }
  if (charge.kind === 'rejoin') {
    if (!ok) return 'failed'
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
    writes.customers.push({ id: m.customer_id, set: { has_club: 1 } })
    box()
    tell((brand, member) => clubChargedEmail(brand, member, { period: charge.period, amountCents: charge.amount_cents, paused: false, rejoined: true }, card))
    return 'charged'
  }
  const following = nextBillingDate(charge.billing_date, 1, m.billing_day)
  if (ok) {
    if (status === 'overdue') {
      await apply('charge_succeeded', { next_billing_date: following, failed_on: null, failed_period: null, retries_done: 0, was_paused: 0 })
    } else if (status === 'active' || status === 'paused') {
      await apply('charge_succeeded', { next_billing_date: following })
    }
    if (charge.kind === 'fee' || charge.kind === 'join' || charge.kind === 'rejoin') box()
    // a paused month's price buys no box: its ledger row names no order (the box's row is written with its order)
    if (charge.kind === 'pause_fee' && charge.amount_cents > 0) {
      const payment = boxPayment(deps, charge, result)
      writes.ledger.push({
        brandId: scope.brandId,
        orderNumber: null,
        gateway: payment.gateway,
        idempotencyKey: payment.idempotencyKey,
        amountCents: charge.amount_cents,
        now: nowOf(deps).toISOString(),
        paid: { paymentId: payment.paymentId, card: result.card },
      })
    }
    // a joining charge is told by the order's confirmation; a month's fee or pause price here
    if (charge.kind === 'fee' || charge.kind === 'pause_fee') {
      const paused = charge.kind === 'pause_fee'
      tell((brand, member) => clubChargedEmail(brand, member, { period: charge.period, amountCents: charge.amount_cents, paused, rejoined: false }, card))
    }
    return 'charged'
  }
  // failed
  if (status === 'overdue' && m.failed_period === charge.period && m.failed_on) {
    const retriesDone = charge.attempt - 1
    if (isLastRetry(retriesDone)) {
      if (await apply('retries_exhausted', { retries_done: retriesDone })) tell((brand, member) => clubLapsedEmail(brand, member, { period: charge.period }))
      writes.retryOn.set(charge.id, null)
    } else {
      writes.membership(m.id, { retries_done: retriesDone })
      writes.retryOn.set(charge.id, nextRetryDate(m.failed_on, retriesDone))
    }
  } else if (status === 'active' || status === 'paused') {
    const retryOn = nextRetryDate(asOf, 0)
    if (await apply('charge_failed', { failed_on: asOf, failed_period: charge.period, retries_done: 0, was_paused: status === 'paused' ? 1 : 0 })) {
      tell((brand, member) => clubChargeFailedEmail(brand, member, { period: charge.period, amountCents: charge.amount_cents, retryOn, noCard: !m.gateway_token }, card))
    }
    writes.retryOn.set(charge.id, retryOn)
  }
  return 'failed'
}

/** The period's charge as its row of the payments ledger (the monthly box's, or a paused month's). */
function boxPayment(deps: ChargeDeps, charge: MembershipChargesRow, result: ChargeResult) {
  return { gateway: deps.gateway.name, paymentId: result.paymentId, idempotencyKey: gatewayKeyOfCharge(charge) }
}

/** How a billing run records its outcomes: each given to the run's batches, answered once its batch has committed. */
export type OutcomeRecorder = (outcome: Outcome) => Promise<Recorded>

/** Outcomes recorded in one transaction at most; a batch waits this long for more before it is written. */
const BATCH = 200
const BATCH_WAIT_MS = 5
/** Batches being written at once by one run (each holds one database connection). */
const WRITERS = 2
/** Outcomes a run's batches write at once: the members a run keeps at work beyond its charges at the service (billing.ts). */
export const RECORDING = WRITERS * BATCH

/**
 * A billing run's recorder: the answers its charges bring back are gathered and recorded
 * BATCH at a time (recordOutcomes), at most WRITERS batches at once. A batch that fails (a deadlock,
 * one member's bad row) is recorded again one outcome at a time, so only that one is left pending
 * for the next run (its claim's lease). Two outcomes of one membership never share a batch.
 */
export function recordInBatches(scope: BrandData, deps: ChargeDeps): OutcomeRecorder {
  type Waiting = { outcome: Outcome; done: (recorded: Recorded) => void; failed: (error: unknown) => void }
  let queue: Waiting[] = []
  let writing = 0
  let timer: NodeJS.Timeout | undefined
  const oneByOne = (batch: Waiting[]) => Promise.all(batch.map((w) => recordOutcomes(scope, deps, [w.outcome]).then((recorded) => w.done(recorded[0]!), w.failed)))
  const write = async () => {
    if (writing >= WRITERS || queue.length === 0) return
    const batch: Waiting[] = []
    const members = new Set<string>()
    const rest: Waiting[] = []
    for (const w of queue) {
      if (batch.length < BATCH && !members.has(w.outcome.charge.membership_id)) {
        members.add(w.outcome.charge.membership_id)
        batch.push(w)
      } else rest.push(w)
    }
    queue = rest
    writing += 1
    try {
      const recorded = await recordOutcomes(
        scope,
        deps,
        batch.map((w) => w.outcome),
      )
      for (const [i, w] of batch.entries()) w.done(recorded[i]!)
    } catch (error) {
      if (batch.length === 1) batch[0]!.failed(error)
      else {
        deps.log.warn({ err: error, outcomes: batch.length }, 'club billing: a batch of outcomes could not be recorded; recording them one at a time')
        await oneByOne(batch)
      }
    } finally {
      writing -= 1
      later()
    }
  }
  const later = () => {
    if (queue.length >= BATCH) void write()
    else if (queue.length > 0 && !timer) {
      timer = setTimeout(() => {
        timer = undefined
        void write()
      }, BATCH_WAIT_MS)
    }
  }
  return (outcome) =>
    new Promise<Recorded>((done, failed) => {
      queue.push({ outcome, done, failed })
      later()
    })
}
