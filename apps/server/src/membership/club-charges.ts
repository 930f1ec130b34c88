/**
 * Charging a membership for a period, at most once (docs/club-membership.md
 * "At most once per period"). The period is claimed in the database before any
 * card is charged: a membership_charges row, unique per membership and period,
 * inserted as 'pending' (a retry re-claims its 'failed' row by a conditional
 * update that bumps the attempt). Only the claimant charges, with a gateway
 * idempotency key naming brand, membership, period and attempt, so a process
 * that dies between the gateway's answer and the record leaves a pending claim
 * that the next run takes over once its lease ran out, and sends the same key
 * again: the gateway answers with the same charge instead of a second one. The charge itself
 * and its settle go through the payment engine (chargePeriod, payments/payment-engine.ts), the
 * claim standing for the attempt and recordOutcome for keep and give back.
 */
import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Brand } from '../brands/registry.ts'
import type { BrandData, ContextLog } from '../context/request-context.ts'
import type { Database, MembershipChargesRow } from '../db/schema.ts'
import type { StoredAnswer } from '../payments/attempts.ts'
import { GatewayUnavailable, type ChargeResult, type PaymentGateway } from '../payments/gateway.ts'
import { chargeAndSettle, type ChargeDoor } from '../payments/payment-engine.ts'
import { declineMessage } from '../payments/test-cards.ts'
import type { MembershipWithCard } from './membership.queries.ts'
import { gatewayKeyOfCharge, recordOutcome, type OutcomeRecorder, type Recorded } from './club-charge-record.ts'
import { joiningOrders } from '../checkout/join-once.ts'

/** How long a claim is its claimant's: after it, another run may take the pending charge over. */
const CLAIM_LEASE_MS = 10 * 60 * 1000

export type ChargeKind = 'fee' | 'pause_fee' | 'prepaid' | 'skipped' | 'join' | 'rejoin'

export interface ChargeDeps {
  gateway: PaymentGateway
  log: ContextLog
  now?: () => Date
  leaseMs?: number
  /** the brands with their configured public origins, for the club's e-mails' links (default: the registry's) */
  brandRegistry?: readonly Brand[]
  /** a billing run's recorder, which writes its outcomes in batches (club-charge-record.ts); absent, each is recorded alone */
  recorder?: OutcomeRecorder
  /** a billing run's gate to the payment service (billing.ts atTheService): how many of its charges wait there at once; absent, no limit */
  atService?: <T>(call: () => Promise<T>) => Promise<T>
  /** tests: runs right after the gateway answered, before anything is recorded (a crash there) */
  afterGatewayCall?: (charge: MembershipChargesRow) => void | Promise<void>
}

/** The gateway key of one attempt at one period: the same attempt always sends the same key. */
const clubGatewayKey = (brandId: string, membershipId: string, period: string, attempt: number) => `club:${brandId}:${membershipId}:${period}:${attempt}`

const nowOf = (deps: Pick<ChargeDeps, 'now'>) => (deps.now ?? (() => new Date()))()
const leaseEnd = (deps: Pick<ChargeDeps, 'now' | 'leaseMs'>) => new Date(nowOf(deps).getTime() + (deps.leaseMs ?? CLAIM_LEASE_MS)).toISOString()

/**
 * A rejoin's claim is made only while the customer has no joining order holding its reservation
 * (checkout/join-once.ts): the claimant holds the customer's turn, as a join's reservation does, so
 * of a rejoin and a join checkout sent at once only one ever reaches the card.
 */
export interface UnlessJoining {
  customerId: string
  now: Date
}

/** A period to claim: its key, what it charges, and the membership's state it is claimed in. */
export interface PeriodClaim {
  period: string
  billingDate: string
  kind: ChargeKind
  amountCents: number
  statuses: string[]
  whereBillingDate: string | null
}

/**
 * Claims a period for a first charge: inserted only while the membership is still
 * in one of `statuses` with this billing date (so a member who cancelled or
 * skipped first is never charged), and only once per membership and period.
 */
export async function claimPeriod(
  db: Kysely<Database>,
  deps: Pick<ChargeDeps, 'now' | 'leaseMs'>,
  m: { id: string; brand_id: string },
  claim: PeriodClaim,
  unlessJoining?: UnlessJoining,
): Promise<MembershipChargesRow | null> {
  const [claimed] = await claimPeriods(db, deps, m.brand_id, [{ membershipId: m.id, claim }], unlessJoining)
  return claimed ?? null
}

/**
 * Claims many memberships' periods in one statement (a billing run's page), each as claimPeriod
 * would: one INSERT … SELECT of the memberships still as each claim was read, a conflict on
 * membership and period inserting nothing. Answers the claims this caller made.
 */
export async function claimPeriods(
  db: Kysely<Database>,
  deps: Pick<ChargeDeps, 'now' | 'leaseMs'>,
  brandId: string,
  wanted: readonly { membershipId: string; claim: PeriodClaim }[],
  unlessJoining?: UnlessJoining,
): Promise<MembershipChargesRow[]> {
  if (wanted.length === 0) return []
  const now = nowOf(deps).toISOString()
  const claimedUntil = leaseEnd(deps)
  const rows = new Map(
    wanted.map(({ membershipId, claim }): [string, MembershipChargesRow] => {
      const pending = claim.amountCents > 0
      return [
        membershipId,
        {
          id: randomUUID(),
          brand_id: brandId,
          membership_id: membershipId,
          period: claim.period,
          billing_date: claim.billingDate,
          kind: claim.kind,
          amount_cents: claim.amountCents,
          status: pending ? 'pending' : 'none',
          attempt: 1,
          gateway_key: pending ? clubGatewayKey(brandId, membershipId, claim.period, 1) : null,
          gateway_payment_id: null,
          decline_code: null,
          claimed_until: pending ? claimedUntil : null,
          next_retry_on: null,
          created_at: now,
          updated_at: now,
        },
      ]
    }),
  )
  /** Each membership's own value of a column: `case id when … then … end`. */
  const each = <T>(value: (row: MembershipChargesRow) => string | number | null) =>
    sql<T>`(case id ${sql.join(
      [...rows].map(([id, row]) => {
        const v = value(row)
        return sql`when ${id} then ${typeof v === 'number' ? sql`cast(${v} as integer)` : sql`${v}`}`
      }),
      sql` `,
    )} end)`
  const source = db
    .selectFrom('memberships')
    .select([
      each<string>((row) => row.id).as('id'),
      'brand_id',
      'id as membership_id',
      each<string>((row) => row.period).as('period'),
      each<string>((row) => row.billing_date).as('billing_date'),
      each<string>((row) => row.kind).as('kind'),
      each<number>((row) => row.amount_cents).as('amount_cents'),
      each<string>((row) => row.status).as('status'),
      sql<number>`cast(1 as integer)`.as('attempt'),
      each<string | null>((row) => row.gateway_key).as('gateway_key'),
      each<string | null>((row) => row.claimed_until).as('claimed_until'),
      sql<string>`${now}`.as('created_at'),
      sql<string>`${now}`.as('updated_at'),
    ])
    .where('brand_id', '=', brandId)
    .where('id', 'in', [...rows.keys()])
    // each membership still as its claim was read: in one of its states, on its billing date
    .where((eb) =>
      eb.or(
        wanted.map(({ membershipId, claim }) =>
          eb.and([
            eb('id', '=', membershipId),
            eb('status', 'in', claim.statuses),
            ...(claim.whereBillingDate !== null ? [eb('next_billing_date', '=', claim.whereBillingDate)] : []),
          ]),
        ),
      ),
    )
    .$if(unlessJoining !== undefined, (q) => q.where((eb) => eb.not(eb.exists(joiningOrders(eb, brandId, unlessJoining!.customerId, unlessJoining!.now)))))
  const inserted = await db
    .insertInto('membership_charges')
    .columns(['id', 'brand_id', 'membership_id', 'period', 'billing_date', 'kind', 'amount_cents', 'status', 'attempt', 'gateway_key', 'claimed_until', 'created_at', 'updated_at'])
    .expression(source)
    .onConflict((oc) => oc.columns(['membership_id', 'period']).doNothing())
    .returning('membership_id')
    .execute()
  return inserted.map((row) => rows.get(row.membership_id)!)
}

/** Takes over a pending claim whose lease ran out (its claimant died): the same attempt, the same key. */
export async function takeOverStale(db: Kysely<Database>, deps: ChargeDeps, charge: MembershipChargesRow): Promise<MembershipChargesRow | null> {
  const until = leaseEnd(deps)
  const taken = await db
    .updateTable('membership_charges')
    .set({ claimed_until: until, updated_at: nowOf(deps).toISOString() })
    .where('id', '=', charge.id)
    .where('status', '=', 'pending')
    .where('claimed_until', '=', charge.claimed_until)
    .where('claimed_until', '<', nowOf(deps).toISOString())
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1 ? { ...charge, claimed_until: until } : null
}

/**
 * Claims the next retry of a failed period, while the membership is still overdue
 * for that period (or, for a rejoin, while it is still cancelled or lapsed).
 */
export async function claimRetry(
  db: Kysely<Database>,
  deps: ChargeDeps,
  charge: MembershipChargesRow,
  change: { kind: ChargeKind; amountCents: number; billingDate: string } | null = null,
  unlessJoining?: UnlessJoining,
): Promise<MembershipChargesRow | null> {
  const attempt = charge.attempt + 1
  const key = clubGatewayKey(charge.brand_id, charge.membership_id, charge.period, attempt)
  const until = leaseEnd(deps)
  const claimed = await db
    .updateTable('membership_charges')
    .set({
      status: 'pending',
      attempt,
      gateway_key: key,
      claimed_until: until,
      updated_at: nowOf(deps).toISOString(),
      ...(change ? { kind: change.kind, amount_cents: change.amountCents, billing_date: change.billingDate, next_retry_on: null } : {}),
    })
    .where('id', '=', charge.id)
    .where('status', '=', 'failed')
    .where('attempt', '=', charge.attempt)
    .where((eb) => {
      const membership = eb.selectFrom('memberships').select('memberships.id').whereRef('memberships.id', '=', 'membership_charges.membership_id')
      const open = eb.exists(
        change?.kind === 'rejoin'
          ? membership.where('memberships.status', 'in', ['cancelled', 'lapsed'])
          : membership.where('memberships.status', '=', 'overdue').whereRef('memberships.failed_period', '=', 'membership_charges.period'),
      )
      return unlessJoining ? eb.and([open, eb.not(eb.exists(joiningOrders(eb, charge.brand_id, unlessJoining.customerId, unlessJoining.now)))]) : open
    })
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) return null
  return {
    ...charge,
    status: 'pending',
    attempt,
    gateway_key: key,
    claimed_until: until,
    ...(change ? { kind: change.kind, amount_cents: change.amountCents, billing_date: change.billingDate, next_retry_on: null } : {}),
  }
}

/** What charging a claimed period came to: the record's outcome, and the gateway's answer (its decline's words). */
export interface PeriodCharged {
  recorded: Recorded
  result: ChargeResult
}

/** A claim that answers nothing through checkout_attempts: its lease is its pause (the next run sends the same key again), and the record is the outcome. */
const LEASED = { pause: async () => {}, finish: async () => {} }

/**
 * The club's door into the payment engine (payments/payment-engine.ts) for one claimed period: the
 * claim is the reservation, the saved card is charged off-session under the claim's gateway key, and
 * recordOutcome keeps (the period charged, the membership moved on, the box made) or gives back (the
 * period failed, retried on schedule).
 */
function periodDoor(scope: BrandData, deps: ChargeDeps, charge: MembershipChargesRow, m: MembershipWithCard, asOf: string): ChargeDoor<MembershipChargesRow, PeriodCharged> {
  const answer = (data: PeriodCharged): StoredAnswer => ({ status: 200, data })
  return {
    noun: 'club charge',
    gatewayKey: gatewayKeyOfCharge(charge),
    charge: async () => {
      const token = m.gateway_token
      if (!token) {
        return { status: 'declined', paymentId: null, code: 'no_payment_method', message: 'There is no saved card to charge.', card: null }
      }
      const send = () =>
        deps.gateway.charge(scope, {
          amountCents: charge.amount_cents,
          source: { kind: 'saved', reference: token, customerPresent: false },
          idempotencyKey: gatewayKeyOfCharge(charge),
          description: `VIP ${charge.period}`,
          metadata: { membership_id: m.id, period: charge.period, attempt: String(charge.attempt) },
        })
      // only the call waits at the gate: the record after it holds no place at the service
      const result = await (deps.atService ? deps.atService(send) : send())
      await deps.afterGatewayCall?.(charge)
      // off-session there is no one to authenticate: a failed charge, retried on schedule
      if (result.status === 'requires_action') {
        return { status: 'declined', paymentId: result.paymentId, code: 'authentication_required', message: declineMessage('authentication_required'), card: result.card }
      }
      return result
    },
    declined: (_charge, result) => ({ status: 402, error: { message: result.message } }),
    release: async (_charge, _answer, declined) => {
      if (!declined) throw new Error('a club charge is given back only for a decline')
      return answer({ recorded: await recordOutcome(scope, deps, { charge, result: declined, asOf }), result: declined })
    },
    keep: async (_charge, result) => ({ kept: true, answer: answer({ recorded: await recordOutcome(scope, deps, { charge, result, asOf }), result }) }),
  }
}

/**
 * Charges a claimed period through the payment engine and records its outcome (`asOf`: the billing
 * day, a failure's retries are counted from it). Null when the gateway could not be reached: the
 * outcome is unknown, the claim stays pending and the next run sends the same key again.
 */
export async function chargePeriod(scope: BrandData, deps: ChargeDeps, charge: MembershipChargesRow, m: MembershipWithCard, asOf: string): Promise<PeriodCharged | null> {
  const door = periodDoor(scope, deps, charge, m, asOf)
  try {
    return await chargeAndSettle({ data: scope, log: deps.log }, deps, LEASED, door, charge, () => door.charge(charge))
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error
    deps.log.warn({ err: error, membership: m.id, period: charge.period }, 'club billing: gateway unavailable, will retry with the same key')
    return null
  }
}
