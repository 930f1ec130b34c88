/**
 * Idempotency-Key handling for calls that charge money (DESIGN §4): one row
 * per brand + key in checkout_attempts. The first request claims it (an insert
 * that does nothing when the key exists); a duplicate arriving meanwhile waits
 * for the first to finish and gets the same answer; a finished key replays its
 * answer; a key used for something else is refused. Work that stopped half-way
 * (an unreachable gateway, a crash, a card waiting for 3-D Secure) is taken
 * over by the next request with the key, by a conditional update only one
 * request can win.
 */
import { createHash } from 'node:crypto'
import type { RequestContext } from '../context/request-context.ts'
import type { CheckoutAttemptsRow } from '../db/schema.ts'
import { badRequest, conflict, HttpError, unprocessable } from '../http/errors.ts'

/** What a client may send as Idempotency-Key: 8-200 letters, digits and - _ . : (a UUID fits). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,200}$/

/** How long a duplicate waits for the first request before a 409. */
const WAIT_MS = 15_000
const POLL_MS = 25
/** An attempt untouched this long is taken to have died with its process. */
export const STALE_ATTEMPT_MS = 60_000

export function readIdempotencyKey(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header
  if (!value) throw badRequest('This request needs an Idempotency-Key header (a new random value, such as a UUID, for each attempt).', 'Idempotency-Key')
  if (!IDEMPOTENCY_KEY.test(value)) {
    throw badRequest('The Idempotency-Key header must be 8-200 letters, digits, dashes, dots, colons or underscores.', 'Idempotency-Key')
  }
  return value
}

export function fingerprintOf(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url')
}

/** The answer stored for a finished key. */
export type StoredAnswer = { status: number; data?: unknown; error?: { message: string; field?: string } }

export type Claim =
  | { kind: 'fresh'; attempt: CheckoutAttemptsRow }
  /** taken over: half-done work to finish (the row says how far it got) */
  | { kind: 'resume'; attempt: CheckoutAttemptsRow }
  | { kind: 'replay'; answer: StoredAnswer }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function claimAttempt(ctx: RequestContext, key: string, scope: string, fingerprint: string, orderNumber: string | null): Promise<Claim> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  // whose attempt it is: the session (already read for the fingerprint)
  const visitorId = (await ctx.session.current())?.visitorId ?? null
  const row: CheckoutAttemptsRow = {
    brand_id: brandId,
    idempotency_key: key,
    scope,
    fingerprint,
    state: 'in_progress',
    order_number: orderNumber,
    payment_id: null,
    response_status: null,
    response_body: null,
    created_at: now,
    updated_at: now,
    visitor_id: visitorId,
  }
  const inserted = await db
    .insertInto('checkout_attempts')
    .values(row)
    .onConflict((oc) => oc.columns(['brand_id', 'idempotency_key']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'fresh', attempt: row }

  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const existing = await db.selectFrom('checkout_attempts').selectAll().where('brand_id', '=', brandId).where('idempotency_key', '=', key).executeTakeFirst()
    if (!existing) {
      // the first request gave the key back (nothing was charged): try to claim it again
      return claimAttempt(ctx, key, scope, fingerprint, orderNumber)
    }
    if (existing.scope !== scope || existing.fingerprint !== fingerprint) {
      throw unprocessable('This Idempotency-Key was already used for a different request. Send a new key for a new attempt.', 'Idempotency-Key')
    }
    if (existing.state === 'done') return { kind: 'replay', answer: JSON.parse(existing.response_body ?? '{}') as StoredAnswer }
    const stale = new Date(ctx.now().getTime() - STALE_ATTEMPT_MS).toISOString()
    if (existing.state === 'interrupted' || existing.state === 'requires_action' || existing.updated_at < stale) {
      const taken = await takeOverAttempt(ctx, existing)
      if (taken) return { kind: 'resume', attempt: taken }
    }
    if (Date.now() > deadline) throw conflict('This checkout is already in progress. Wait a moment, then try again with the same Idempotency-Key.', 'Idempotency-Key')
    await sleep(POLL_MS)
  }
}

/**
 * Takes over work that stopped half-way (a retry of the key, or the reservation sweeper): a
 * conditional update on the row as it was read, so of everyone who read it only one wins. The row
 * as taken, or null when someone else took it first.
 */
export async function takeOverAttempt(ctx: RequestContext, attempt: CheckoutAttemptsRow): Promise<CheckoutAttemptsRow | null> {
  const takenAt = ctx.now().toISOString()
  const taken = await ctx.data.db
    .updateTable('checkout_attempts')
    .set({ state: 'in_progress', updated_at: takenAt })
    .where('brand_id', '=', ctx.data.brandId)
    .where('idempotency_key', '=', attempt.idempotency_key)
    .where('state', '=', attempt.state)
    .where('updated_at', '=', attempt.updated_at)
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1 ? { ...attempt, state: 'in_progress', updated_at: takenAt } : null
}

/** The key's final answer: replayed for every later request with it. */
export async function finishAttempt(ctx: RequestContext, key: string, answer: StoredAnswer, db = ctx.data.db): Promise<void> {
  await db
    .updateTable('checkout_attempts')
    .set({ state: 'done', response_status: answer.status, response_body: JSON.stringify(answer), updated_at: ctx.now().toISOString() })
    .where('brand_id', '=', ctx.data.brandId)
    .where('idempotency_key', '=', key)
    .execute()
}

/** Half-done: the next request with the key continues (a 3-D Secure step, an unreachable gateway). */
export async function pauseAttempt(ctx: RequestContext, key: string, state: 'requires_action' | 'interrupted', paymentId: string | null) {
  await ctx.data.db
    .updateTable('checkout_attempts')
    .set({ state, payment_id: paymentId, updated_at: ctx.now().toISOString() })
    .where('brand_id', '=', ctx.data.brandId)
    .where('idempotency_key', '=', key)
    .execute()
}

/** Nothing was charged and nothing kept (bad input, sold out): the key is free to be used again. */
export async function releaseAttempt(ctx: RequestContext, key: string): Promise<void> {
  await ctx.data.db.deleteFrom('checkout_attempts').where('brand_id', '=', ctx.data.brandId).where('idempotency_key', '=', key).execute()
}

/** Throws a stored error answer again, or gives its data. */
export function replay<T>(answer: StoredAnswer): T {
  if (answer.error) throw new HttpError(answer.status, answer.error.message, answer.error.field)
  return answer.data as T
}
