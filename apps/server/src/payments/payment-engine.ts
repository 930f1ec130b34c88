/**
 * The payment engine (docs/payment-engine.md, decisions 202 and 220): reserve, charge, settle, each
 * step with its compensation, written once for every door that moves a shopper's money (checkout
 * and the club join it carries, one-time offers, the club's periods, and refunds, whose gateway
 * call gives money back: orders/refunds.ts). A door says only what is its own: what to reserve,
 * how to call the gateway, what to write once it answered, how to give a reservation back. The
 * engine owns the rest, in the order of @store/core's nextPaymentStep:
 *
 * 1. the attempt: the client's Idempotency-Key claimed in checkout_attempts (attempts.ts); a key
 *    seen before answers what it answered, a key left half-way is taken over by one request only;
 * 2. reserve (the door, one transaction); refused, the key is given back: nothing was taken;
 * 3. the gateway call, outside any transaction, under the door's gateway key (a retry or the
 *    sweeper sends the same key: the provider charges once). No answer (a throw), the attempt is
 *    paused 'interrupted' and the reservation held: the money may be taken;
 * 4. settle: paid, the door keeps (its purchase, the ledger row and the key's answer in one
 *    transaction); a keep refused (the reservation ran out meanwhile, or the customer joined
 *    another way) refunds the payment under the same key, then releases; declined, the door
 *    releases (stock back, the key's answer); the bank asking, the attempt waits for its step.
 *
 * The sweeper (checkout/reservations.ts) finishes what a crash or a lost answer left: settleUnanswered
 * asks the gateway what became of the charge and keeps or releases as the shopper's retry would;
 * voidAtTheBank cancels a payment left at the bank's step before its reservation goes.
 */
import { nextPaymentStep, type GatewayAnswer, type PaymentAsker } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import type { CheckoutAttemptsRow } from '../db/schema.ts'
import { HttpError } from '../http/errors.ts'
import { claimAttempt, finishAttempt, pauseAttempt, releaseAttempt, replay, takeOverAttempt, type Claim, type StoredAnswer } from './attempts.ts'
import { GatewayUnavailable, type ChargeResult, type PaymentGateway } from './gateway.ts'

/**
 * What a gateway call answered, as settle reads it: a charge's ChargeResult, or a refund's
 * (orders/refunds.ts: succeeded, or declined when the provider refuses to give the money back).
 */
export type GatewayOutcome =
  | { status: 'succeeded'; paymentId: string | null }
  | { status: 'declined'; paymentId: string | null; message: string }
  | { status: 'requires_action'; paymentId: string }

type Paid<A extends GatewayOutcome = ChargeResult> = Extract<A, { status: 'succeeded' }>
type Declined<A extends GatewayOutcome = ChargeResult> = Extract<A, { status: 'declined' }>
type AtTheBank<A extends GatewayOutcome = ChargeResult> = Extract<A, { status: 'requires_action' }>

const answered = <A extends GatewayOutcome, S extends A['status']>(result: A, status: S): result is Extract<A, { status: S }> => result.status === status

/** What a door's keep did: kept, with the key's answer; or refused, when the payment is refunded and `answer` given. */
export type Kept =
  | { kept: true; answer: StoredAnswer }
  /** release: the reservation is still held and goes back after the refund (else it went already, and only the key is answered) */
  | { kept: false; answer: StoredAnswer; release: boolean }

/**
 * What every door says: how it calls the gateway, what it keeps once the gateway did it and how it
 * gives back. R: what its reservation holds; T: its answer; A: what its gateway call answers (a
 * charge's result, or a refund's).
 */
export interface ChargeDoor<R, T, A extends GatewayOutcome = ChargeResult> {
  /** in words, for the log: 'order', 'offer', 'club charge', 'refund' */
  noun: string
  /** the gateway's key for this attempt's charge, its refund and its cancellation: stable across retries (a refund's rows each carry their own, under this one) */
  gatewayKey: string
  /** step 3: the gateway call (a charge; a refund's door: the refund) */
  charge(reserved: R): Promise<A>
  /** the answer while the bank asks the shopper; absent where nobody is there to take the step (the door's charge says declined then) */
  waiting?(reserved: R, result: AtTheBank<A>): T
  /** the key's answer to a decline (a refund the provider refused) */
  declined(reserved: R, result: Declined<A>): StoredAnswer
  /** after a decline was released (card-testing counts, the log) */
  afterDecline?(reserved: R, result: Declined<A>): Promise<void>
  /**
   * compensation: gives back what reserve took, the key answering `answer` (`declined`: the decline
   * it gives back for, null after a refund). An answer returned is the door's own, given instead.
   */
  release(reserved: R, answer: StoredAnswer, declined: Declined<A> | null): Promise<StoredAnswer | undefined>
  /** step 4: writes what the payment bought (or what the refund gave back), its ledger rows and the key's answer, in one transaction */
  keep(reserved: R, result: Paid<A>): Promise<Kept>
}

/** A door a shopper pays through, with an Idempotency-Key: it reserves, and a retry or the sweeper finds its reservation again. */
export interface PaymentDoor<R, T> extends ChargeDoor<R, T> {
  /** the reservation a half-done attempt left (a retry of its key, the sweeper), or undefined when none is left */
  findReserved(attempt: CheckoutAttemptsRow): Promise<R | undefined>
  /** step 2: takes what the payment is for, in one transaction; a throw means nothing was taken */
  reserve(): Promise<R>
  /** step 3 after the bank's step: the payment's outcome (confirmed where the provider needs it) */
  resume(reserved: R, paymentId: string): Promise<ChargeResult>
  waiting(reserved: R, result: AtTheBank): T
  /** the sweeper found no money taken: gives back what reserve took, the key as the door wants it (open again, or answered) */
  abandon(reserved: R, paymentId: string | null): Promise<void>
}

/**
 * Where an attempt notes how far it got: the Idempotency-Key's row in checkout_attempts
 * (keyRecord), or a claim of the door's own (the club's period, whose lease lets the next run
 * send the same key again).
 */
export interface AttemptRecord {
  /** half-done: waiting for the bank's step, or no answer (the next request or run asks again) */
  pause(state: 'requires_action' | 'interrupted', paymentId: string | null): Promise<void>
  /** the final answer, where no step of the door wrote it */
  finish(answer: StoredAnswer): Promise<void>
}

/** The record of an Idempotency-Key's attempt (checkout_attempts). */
function keyRecord(ctx: RequestContext, key: string): AttemptRecord {
  return {
    pause: (state, paymentId) => pauseAttempt(ctx, key, state, paymentId),
    finish: (answer) => finishAttempt(ctx, key, answer),
  }
}

/** What the engine needs of its caller: the brand's data and a log (a request's context, a job's). */
type EngineScope = Pick<RequestContext, 'data' | 'log'>

export interface EngineDeps {
  gateway: PaymentGateway
}

/** What the sweeper learnt of a charge that had no answer (settleUnanswered). */
export type UnansweredCharge =
  /** the payment went through: the purchase stands, as the shopper's retry would have made it */
  | 'paid'
  /** no payment holds any money: the reservation went back */
  | 'unpaid'
  /** the gateway could not say: the reservation stays held, and the next sweep asks again */
  | 'unknown'
  /** a retry of the key (or another sweep) is at it now: left to it */
  | 'busy'
  /** the payment went through, but its purchase could not stand: the money went back */
  | 'refunded'

const UNREACHABLE = 'We could not reach the payment service. Try again in a moment: you will not be charged twice.'

const answerOf = (result: GatewayOutcome | null): GatewayAnswer => (result ? result.status : 'none')

export interface PaymentRequest {
  /** the client's Idempotency-Key */
  key: string
  /** what the key is for (checkout_attempts.scope): the same key for something else is refused */
  scope: string
  fingerprint: string
  /** the order number the attempt names (a new one for a checkout, the order's for an offer) */
  orderNumber: string | null
}

/**
 * A payment made at the shopper's request: the key claimed, the door opened for it (a throw there
 * gives a fresh key back), then reserve, charge and settle. A key seen before answers as before.
 */
export async function pay<R, T>(
  ctx: RequestContext,
  deps: EngineDeps,
  request: PaymentRequest,
  open: (claim: Exclude<Claim, { kind: 'replay' }>) => Promise<PaymentDoor<R, T>>,
): Promise<T> {
  const { key } = request
  const claim = await claimAttempt(ctx, key, request.scope, request.fingerprint, request.orderNumber)
  if (claim.kind === 'replay') return replay<T>(claim.answer)
  let door: PaymentDoor<R, T>
  try {
    door = await open(claim)
  } catch (error) {
    if (claim.kind !== 'resume') await releaseAttempt(ctx, key)
    throw error
  }

  let reserved = claim.kind === 'resume' ? await door.findReserved(claim.attempt) : undefined
  if (!reserved) {
    try {
      reserved = await door.reserve()
    } catch (error) {
      // compensation of the reserve: nothing taken, nothing charged, the key may be used again
      await releaseAttempt(ctx, key)
      throw error
    }
  }

  // a payment the bank asked about, or one whose answer was lost: the same payment is asked again
  const paymentId = claim.kind === 'resume' ? claim.attempt.payment_id : null
  const current = reserved
  try {
    return await chargeAndSettle(ctx, deps, keyRecord(ctx, key), door, current, () => (paymentId ? door.resume(current, paymentId) : door.charge(current)), paymentId)
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error
    ctx.log.warn({ err: error, order: claim.attempt.order_number, key }, `payment gateway unavailable; the ${door.noun} waits for a retry with the same key`)
    throw new HttpError(503, UNREACHABLE)
  }
}

/**
 * Steps 3 and 4 for a reservation: the gateway called by `send`, then settled. No answer (a throw):
 * the attempt is paused 'interrupted' under `paymentId` and the error thrown again, the reservation
 * held, for the next request, run or sweep to ask again under the same key. Used by pay(), and as it
 * is by a door whose attempt is its own claim (the club's periods: membership/club-charges.ts; a
 * refund's pending ledger rows: orders/refunds.ts).
 */
export async function chargeAndSettle<R, T, A extends GatewayOutcome = ChargeResult>(
  scope: EngineScope,
  deps: EngineDeps,
  record: AttemptRecord,
  door: ChargeDoor<R, T, A>,
  reserved: R,
  send: () => Promise<A>,
  paymentId: string | null = null,
): Promise<T> {
  let result: A
  try {
    result = await send()
  } catch (error) {
    // no answer: the money may be taken, so the reservation holds for a retry of the key or the sweeper
    await record.pause('interrupted', paymentId)
    throw error
  }
  return settle(scope, deps, record, door, reserved, result, 'shopper')
}

/** Step 4 for an answered charge: keep, release, or wait for the bank (nextPaymentStep). */
async function settle<R, T, A extends GatewayOutcome>(
  scope: EngineScope,
  deps: EngineDeps,
  record: AttemptRecord,
  door: ChargeDoor<R, T, A>,
  reserved: R,
  result: A,
  asker: PaymentAsker,
): Promise<T> {
  const step = nextPaymentStep(answerOf(result), asker)
  if (answered(result, 'requires_action') && step === 'wait' && door.waiting) {
    await record.pause('requires_action', result.paymentId)
    return door.waiting(reserved, result)
  }
  if (answered(result, 'declined')) {
    const answer = door.declined(reserved, result)
    const own = await door.release(reserved, answer, result)
    await door.afterDecline?.(reserved, result)
    return replay<T>(own ?? answer)
  }
  if (!answered(result, 'succeeded')) throw new Error(`a payment at the bank's step cannot be settled for the ${asker}`)
  const kept = await door.keep(reserved, result)
  if (kept.kept) return replay<T>(kept.answer)
  // compensation of the charge: the money back first, under the charge's own key (refunded once), then the reservation
  if (result.paymentId === null) throw new Error(`a ${door.noun} that could not be kept names no payment to refund`)
  try {
    await deps.gateway.refund(scope.data, result.paymentId, door.gatewayKey)
  } catch (error) {
    await record.pause('interrupted', result.paymentId)
    if (error instanceof GatewayUnavailable) {
      scope.log.error({ err: error, payment: result.paymentId }, `a paid ${door.noun} that could not be kept: the refund could not reach the gateway, and is tried again`)
      throw new HttpError(503, UNREACHABLE)
    }
    throw error
  }
  const own = kept.release ? await door.release(reserved, kept.answer, null) : await record.finish(kept.answer)
  scope.log.warn({ payment: result.paymentId }, `a paid ${door.noun} could not be kept: its payment is refunded`)
  return replay<T>(own ?? kept.answer)
}

/**
 * The sweeper's end of an attempt whose charge had no answer (the gateway out of reach, the process
 * gone between the gateway's answer and the record) and that nobody tried again. The attempt is
 * taken over first, as a retry would, so a retry arriving meanwhile waits for the one outcome; the
 * gateway is asked what became of the charge under the door's key (or of the payment the bank asked
 * about); paid, the door keeps exactly as the retry would; nothing taken, the door abandons.
 */
export async function settleUnanswered<R, T>(ctx: RequestContext, deps: EngineDeps, attempt: CheckoutAttemptsRow, door: PaymentDoor<R, T>): Promise<UnansweredCharge> {
  const key = attempt.idempotency_key
  if (!(await takeOverAttempt(ctx, attempt))) return 'busy'
  const reserved = await door.findReserved(attempt)
  if (!reserved) {
    await pauseAttempt(ctx, key, 'interrupted', attempt.payment_id)
    return 'busy'
  }
  let result: ChargeResult | null
  try {
    result = attempt.payment_id ? await door.resume(reserved, attempt.payment_id) : await deps.gateway.find(ctx.data, door.gatewayKey)
  } catch (error) {
    await pauseAttempt(ctx, key, 'interrupted', attempt.payment_id)
    if (error instanceof GatewayUnavailable) return 'unknown'
    throw error
  }
  // nothing holds the money (none made, declined, or left at the bank's step with nobody to take it): released
  if (result?.status !== 'succeeded' || nextPaymentStep(answerOf(result), 'sweeper') !== 'keep') {
    await door.abandon(reserved, result?.paymentId ?? attempt.payment_id)
    return 'unpaid'
  }
  try {
    await settle(ctx, deps, keyRecord(ctx, key), door, reserved, result, 'sweeper')
  } catch (error) {
    // kept refused: the payment was refunded and the reservation released
    if (error instanceof HttpError && error.statusCode === 409) return 'refunded'
    // that refund found the gateway out of reach: the next sweep asks again
    if (error instanceof HttpError && error.statusCode === 503) return 'unknown'
    throw error
  }
  return 'paid'
}

/** What voidAtTheBank did with a payment left at the bank's step. */
export type VoidOutcome =
  /** cancelled at the gateway, the reservation released, the key answered */
  | 'void'
  /** the gateway would not cancel it (the money taken, or being taken): the attempt put back */
  | 'refused'
  /** the reservation is gone, another request holds the attempt, or the gateway was out of reach: the attempt put back */
  | 'busy'

/**
 * The compensation of a payment left at the bank's step (3-D Secure) that must not go on: its
 * reservation ran out, or a newer join supersedes it. The attempt is taken over (a retry of its key
 * waits), the payment cancelled at the gateway, and only once the gateway says it is cancelled is the
 * reservation released and the key answered: the step finished late can then never take the money.
 * `ifRefused`: the state the attempt is put back in when the gateway will not cancel.
 */
export async function voidAtTheBank<R, T>(
  ctx: RequestContext,
  deps: EngineDeps,
  attempt: CheckoutAttemptsRow,
  door: PaymentDoor<R, T>,
  answer: StoredAnswer,
  ifRefused: 'interrupted' | 'requires_action',
): Promise<VoidOutcome> {
  const key = attempt.idempotency_key
  const paymentId = attempt.payment_id
  if (!paymentId || !(await takeOverAttempt(ctx, attempt))) return 'busy'
  const reserved = await door.findReserved(attempt)
  if (!reserved) {
    await pauseAttempt(ctx, key, 'requires_action', paymentId)
    return 'busy'
  }
  let cancelled: boolean
  try {
    cancelled = await deps.gateway.cancel(ctx.data, paymentId, door.gatewayKey)
  } catch (error) {
    await pauseAttempt(ctx, key, 'requires_action', paymentId)
    if (error instanceof GatewayUnavailable) {
      ctx.log.warn({ err: error, order: attempt.order_number, payment: paymentId }, `a ${door.noun} at the bank's step could not be cancelled: the gateway was out of reach`)
      return 'busy'
    }
    throw error
  }
  if (!cancelled) {
    await pauseAttempt(ctx, key, ifRefused, paymentId)
    return 'refused'
  }
  await door.release(reserved, answer, null)
  return 'void'
}
