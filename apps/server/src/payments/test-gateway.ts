/**
 * The built-in test gateway: what a card provider does, kept in two tables of
 * its own (test_gateway_tokens, test_gateway_charges) so it is idempotent
 * across instances. Behaviour comes from the card the token was made from
 * (test-cards.ts). Only for development and tests: PAYMENT_GATEWAY=test.
 */
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { BrandData } from '../context/request-context.ts'
import { RefundRefused, type CardSummary, type ChargeRequest, type ChargeResult, type PaymentGateway, type SaveMethodRequest, type SaveMethodResult } from './gateway.ts'
import { declineMessage, setupDeclineMessage, type TestBehaviour } from './test-cards.ts'

const TEST_TOKEN_PREFIX = 'tok_test_'
const CHARGE_PREFIX = 'ch_test_'
const REFUND_PREFIX = 're_test_'
/** a setup that waits for the cardholder's step: a row of test_gateway_charges for no money, as a SetupIntent is Stripe's */
export const SETUP_PREFIX = 'seti_test_'

export interface TestTokenInput {
  brand: string
  last4: string
  expMonth: number
  expYear: number
  behaviour: TestBehaviour
}

/** Keeps a token for a card already validated: the token, brand, last four, expiry and behaviour. Nothing else. */
export async function issueTestToken({ db, brandId }: BrandData, card: TestTokenInput, now: Date): Promise<string> {
  const token = TEST_TOKEN_PREFIX + randomBytes(12).toString('hex')
  await db
    .insertInto('test_gateway_tokens')
    .values({
      token,
      brand_id: brandId,
      card_brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      behaviour: card.behaviour,
      created_at: now.toISOString(),
    })
    .execute()
  return token
}

type ChargeRow = { id: string; token: string; status: string; decline_code: string | null }
type TokenRow = { card_brand: string; last4: string; exp_month: number; exp_year: number; behaviour: string }
const CARD_COLUMNS = ['card_brand', 'last4', 'exp_month', 'exp_year', 'behaviour'] as const

const NO_SETUP = 'This card could not be saved. Enter it again.'

/** Stripe's code for a one-time token sent again after it was used. */
export const TOKEN_USED = 'token_already_used'

const summary = (row: TokenRow): CardSummary => ({ brand: row.card_brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year })

export interface TestGatewayOptions {
  /**
   * How long the service takes to answer a charge, a refund or a question about a payment, in ms
   * (default 0): a real timer, so a bench or a test sees a slow provider's wait as it would be.
   */
  latencyMs?: number
}

export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const
  private readonly latencyMs: number

  constructor(options: TestGatewayOptions = {}) {
    this.latencyMs = options.latencyMs ?? 0
  }

  /** The service's time to answer (latencyMs), before it does the work. */
  private async answering(): Promise<void> {
    if (this.latencyMs > 0) await sleep(this.latencyMs)
  }

  async charge(scope: BrandData, request: ChargeRequest): Promise<ChargeResult> {
    await this.answering()
    const { db, brandId } = scope
    const save = request.saveForLater ?? false
    // Afterpay is Stripe's (checkout/afterpay.ts refuses it before anything is reserved with this gateway)
    if (request.source.kind === 'afterpay')
      return { status: 'declined', paymentId: null, code: 'payment_method_unavailable', message: 'Afterpay is not offered here. Pay by card.', card: null }
    const token = request.source.kind === 'token' ? request.source.token : request.source.reference
    // a one-time token is used by this charge (or was by this key before); a saved method is read as it is
    const card = request.source.kind === 'token' ? await spendToken(scope, token, request.idempotencyKey) : await findCard(scope, token)
    if (!card) return this.notCharged(scope, request, token)
    // a saved method charged off-session has no shopper to authenticate; at checkout the shopper is there
    const behaviour = card.behaviour as TestBehaviour
    const outcome = outcomeOf(behaviour, request.source.kind === 'saved' && !request.source.customerPresent)
    const id = CHARGE_PREFIX + randomBytes(12).toString('hex')
    const inserted = await db
      .insertInto('test_gateway_charges')
      .values({
        id,
        brand_id: brandId,
        idempotency_key: request.idempotencyKey,
        token,
        amount_cents: request.amountCents,
        status: outcome.status,
        decline_code: outcome.code,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['brand_id', 'idempotency_key']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
      return this.resultOf({ id, token, status: outcome.status, decline_code: outcome.code }, card, save)
    }
    // the same key again: the first outcome, and no second charge
    const first = await this.findCharge(scope, { idempotencyKey: request.idempotencyKey })
    return this.resultOf(first!, card, save)
  }

  /**
   * A charge whose card could not be had: its key answered before (the first outcome again), a
   * token nobody issued, or a one-time token another charge or setup used (declined, as Stripe
   * refuses a token or unattached PaymentMethod used before; the decline is this key's answer).
   */
  private async notCharged(scope: BrandData, request: ChargeRequest, token: string): Promise<ChargeResult> {
    const save = request.saveForLater ?? false
    const first = await this.findCharge(scope, { idempotencyKey: request.idempotencyKey })
    if (first) return this.resultOf(first, await cardOfToken(scope, first.token), save)
    const card = await findCard(scope, token)
    if (!card) return { status: 'declined', paymentId: null, code: 'invalid_token', message: 'This payment could not be read. Enter your card again.', card: null }
    const id = CHARGE_PREFIX + randomBytes(12).toString('hex')
    const spent = { id, token, status: 'declined', decline_code: TOKEN_USED }
    const inserted = await scope.db
      .insertInto('test_gateway_charges')
      .values({ ...spent, brand_id: scope.brandId, idempotency_key: request.idempotencyKey, amount_cents: request.amountCents, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['brand_id', 'idempotency_key']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return this.resultOf(spent, card, save)
    return this.resultOf((await this.findCharge(scope, { idempotencyKey: request.idempotencyKey }))!, card, save)
  }

  async find(scope: BrandData, idempotencyKey: string): Promise<ChargeResult | null> {
    await this.answering()
    const charge = await this.findCharge(scope, { idempotencyKey })
    // only a payment that holds the money: a refunded, declined or unauthenticated one holds none
    if (charge?.status !== 'succeeded') return null
    return this.resultOf(charge, await cardOfToken(scope, charge.token), true)
  }

  async resume(scope: BrandData, paymentId: string): Promise<ChargeResult> {
    await this.answering()
    // like Stripe's manual confirmation: an authenticated payment is charged when the store confirms it
    const charge = await this.confirmAuthenticated(scope, paymentId)
    if (!charge) return { status: 'declined', paymentId, code: 'processing_error', message: declineMessage('processing_error'), card: null }
    return this.resultOf(charge, await cardOfToken(scope, charge.token), true)
  }

  /**
   * All of what is left of a charge, or `amountCents` of it, once per idempotency key (kept in
   * test_gateway_refunds, as a provider keeps its refunds). A charge refunded in full is 'refunded'.
   * Asking for more than is left is refused (RefundRefused), as Stripe refuses it; a full refund of
   * a charge that holds nothing does nothing, as before.
   */
  async refund(scope: BrandData, paymentId: string, idempotencyKey: string, amountCents?: number): Promise<string | null> {
    await this.answering()
    const { db, brandId } = scope
    const earlier = await db.selectFrom('test_gateway_refunds').select('id').where('brand_id', '=', brandId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst()
    if (earlier) return earlier.id
    const charge = await db.selectFrom('test_gateway_charges').select(['amount_cents', 'status']).where('id', '=', paymentId).where('brand_id', '=', brandId).executeTakeFirst()
    const done = await db
      .selectFrom('test_gateway_refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
      .where('brand_id', '=', brandId)
      .where('charge_id', '=', paymentId)
      .executeTakeFirstOrThrow()
    const left = charge?.status === 'succeeded' ? charge.amount_cents - Number(done.cents) : 0
    const amount = amountCents ?? left
    if (amount <= 0 || amount > left) {
      // the same key sent at once by another request, which refunded meanwhile: its answer, as a provider answers a key once
      const meanwhile = await db.selectFrom('test_gateway_refunds').select('id').where('brand_id', '=', brandId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst()
      if (meanwhile) return meanwhile.id
      if (amountCents === undefined) return null
      throw new RefundRefused(`Refund amount (${amount} cents) is greater than what is left of the charge (${left} cents).`)
    }
    const id = REFUND_PREFIX + randomBytes(12).toString('hex')
    const inserted = await db
      .insertInto('test_gateway_refunds')
      .values({ id, brand_id: brandId, charge_id: paymentId, idempotency_key: idempotencyKey, amount_cents: amount, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['brand_id', 'idempotency_key']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
      return (await db.selectFrom('test_gateway_refunds').select('id').where('brand_id', '=', brandId).where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow()).id
    }
    if (amount === left) {
      await db
        .updateTable('test_gateway_charges')
        .set({ status: 'refunded' })
        .where('id', '=', paymentId)
        .where('brand_id', '=', brandId)
        .where('status', '=', 'succeeded')
        .execute()
    }
    return id
  }

  /**
   * A charge waiting for the bank's step, or authenticated but not yet confirmed by the store, takes
   * no money once cancelled (as a PaymentIntent cancelled before its confirmation): the step can no
   * longer be taken and resume answers a decline. A charge that succeeded is not cancelled.
   */
  async cancel(scope: BrandData, paymentId: string): Promise<boolean> {
    await scope.db
      .updateTable('test_gateway_charges')
      .set({ status: 'canceled', decline_code: 'payment_canceled' })
      .where('id', '=', paymentId)
      .where('brand_id', '=', scope.brandId)
      .where('status', 'in', ['requires_action', 'authenticated'])
      .execute()
    return (await this.findCharge(scope, { id: paymentId }))?.status === 'canceled'
  }

  /**
   * A test card kept for later: the token itself is the reference; the decline cards are refused as a
   * provider's setup check would. A card whose bank asks (3184, 3220) asks on the setup too, as
   * Stripe's SetupIntent does: the setup waits for the cardholder's step (authenticate), then
   * completeSave keeps it.
   */
  async saveMethod(scope: BrandData, request: SaveMethodRequest): Promise<SaveMethodResult> {
    // the setup uses the one-time token, whatever it finds (the same key again is the same setup)
    const card = await spendToken(scope, request.token, request.idempotencyKey)
    if (!card) {
      if (!(await findCard(scope, request.token))) return { status: 'declined', code: 'invalid_token', message: 'This card could not be read. Enter it again.' }
      return { status: 'declined', code: TOKEN_USED, message: declineMessage(TOKEN_USED) }
    }
    const behaviour = card.behaviour as TestBehaviour
    if (behaviour === 'authenticate' || behaviour === 'always_authenticate') {
      const id = SETUP_PREFIX + randomBytes(12).toString('hex')
      await scope.db
        .insertInto('test_gateway_charges')
        .values({
          id,
          brand_id: scope.brandId,
          idempotency_key: request.idempotencyKey,
          token: request.token,
          amount_cents: 0,
          status: 'requires_action',
          decline_code: null,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.columns(['brand_id', 'idempotency_key']).doNothing())
        .execute()
      return this.setupResult(scope, (await this.findCharge(scope, { idempotencyKey: request.idempotencyKey }))!)
    }
    const outcome = outcomeOf(behaviour, true)
    if (outcome.status === 'declined') return { status: 'declined', code: outcome.code!, message: setupDeclineMessage(outcome.code!) }
    return { status: 'succeeded', reference: request.token, card: summary(card) }
  }

  /** A setup after the cardholder's step (authenticate): kept once completed, refused once cancelled, else still waiting. */
  async completeSave(scope: BrandData, setupId: string): Promise<SaveMethodResult> {
    if (!setupId.startsWith(SETUP_PREFIX)) return { status: 'declined', code: 'setup_not_found', message: NO_SETUP }
    const setup = await this.confirmAuthenticated(scope, setupId)
    if (!setup) return { status: 'declined', code: 'setup_not_found', message: NO_SETUP }
    return this.setupResult(scope, setup)
  }

  /** A charge or setup whose step was completed is done (succeeded) once the store asks; the row as it is now. */
  private async confirmAuthenticated(scope: BrandData, id: string): Promise<ChargeRow | undefined> {
    await scope.db
      .updateTable('test_gateway_charges')
      .set({ status: 'succeeded' })
      .where('id', '=', id)
      .where('brand_id', '=', scope.brandId)
      .where('status', '=', 'authenticated')
      .execute()
    return this.findCharge(scope, { id })
  }

  private async setupResult(scope: BrandData, setup: ChargeRow): Promise<SaveMethodResult> {
    if (setup.status === 'succeeded') return { status: 'succeeded', reference: setup.token, card: summary(await cardOfToken(scope, setup.token)) }
    if (setup.status === 'requires_action' || setup.status === 'authenticated') return { status: 'requires_action', setupId: setup.id, clientSecret: `${setup.id}_secret` }
    const code = setup.decline_code ?? 'card_declined'
    return { status: 'declined', code, message: setupDeclineMessage(code) }
  }

  async removeMethod(): Promise<void> {
    // nothing is held for a saved test card besides its token row, which past charges still name
  }

  /**
   * The test authentication step (what 3-D Secure is in the browser): completes or
   * cancels a charge or a setup waiting for it. Completed, a charge is charged only when
   * the store confirms it (resume), as with Stripe's handleCardAction then confirm; a
   * setup is kept when the store completes it (completeSave).
   */
  async authenticate(scope: BrandData, paymentId: string, outcome: 'complete' | 'cancel'): Promise<boolean> {
    const result = await scope.db
      .updateTable('test_gateway_charges')
      .set(outcome === 'complete' ? { status: 'authenticated', decline_code: null } : { status: 'declined', decline_code: 'authentication_failed' })
      .where('id', '=', paymentId)
      .where('brand_id', '=', scope.brandId)
      .where('status', '=', 'requires_action')
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  private findCharge({ db, brandId }: BrandData, by: { id?: string; idempotencyKey?: string }) {
    let query = db.selectFrom('test_gateway_charges').select(['id', 'token', 'status', 'decline_code']).where('brand_id', '=', brandId)
    if (by.id) query = query.where('id', '=', by.id)
    if (by.idempotencyKey) query = query.where('idempotency_key', '=', by.idempotencyKey)
    return query.executeTakeFirst()
  }

  private resultOf(charge: ChargeRow, card: TokenRow, save: boolean): ChargeResult {
    const described = summary(card)
    if (charge.status === 'succeeded' || charge.status === 'refunded') {
      return { status: 'succeeded', paymentId: charge.id, card: described, savedMethod: save ? charge.token : null }
    }
    if (charge.status === 'requires_action' || charge.status === 'authenticated') {
      return { status: 'requires_action', paymentId: charge.id, clientSecret: `${charge.id}_secret`, card: described }
    }
    const code = charge.decline_code ?? 'card_declined'
    return { status: 'declined', paymentId: charge.id, code, message: declineMessage(code), card: described }
  }
}

/** The card a token was made from at this brand, if it was issued there. */
function findCard({ db, brandId }: BrandData, token: string): Promise<TokenRow | undefined> {
  return db.selectFrom('test_gateway_tokens').select(CARD_COLUMNS).where('token', '=', token).where('brand_id', '=', brandId).executeTakeFirst()
}

/** The card a charge's token was made from (a charge names a token issued at its brand). */
async function cardOfToken(scope: BrandData, token: string): Promise<TokenRow> {
  const card = await findCard(scope, token)
  if (!card) throw new Error(`test gateway: no token ${token} for a charge of ${scope.brandId}`)
  return card
}

/**
 * Uses a one-time token for the charge or setup of `key`, in one conditional UPDATE: it takes a
 * token nobody used, for a key that has charged nothing yet (a key that answered already answers
 * the same again, checked first), or the token this key used before (its retry). Answers the card,
 * or undefined when the token was not issued, another key used it, or the key charged before.
 */
function spendToken({ db, brandId }: BrandData, token: string, key: string): Promise<TokenRow | undefined> {
  return (
    db
      .updateTable('test_gateway_tokens')
      // its retry keeps the first use's time
      .set((eb) => ({ used_at: eb.fn.coalesce('used_at', eb.val(new Date().toISOString())), used_by: key }))
      .where('token', '=', token)
      .where('brand_id', '=', brandId)
      .where((eb) =>
        eb.or([
          eb('used_by', '=', key),
          eb.and([
            eb('used_at', 'is', null),
            eb.not(eb.exists(eb.selectFrom('test_gateway_charges').select('id').where('brand_id', '=', brandId).where('idempotency_key', '=', key))),
          ]),
        ]),
      )
      .returning(CARD_COLUMNS)
      .executeTakeFirst()
  )
}

function outcomeOf(behaviour: TestBehaviour, offSession: boolean): { status: string; code: string | null } {
  switch (behaviour) {
    case 'decline':
      return { status: 'declined', code: 'card_declined' }
    case 'insufficient_funds':
      return { status: 'declined', code: 'insufficient_funds' }
    case 'authenticate':
      // as Stripe's 3155 card: once set up, off-session charges go through; on-session ones always ask
      return offSession ? { status: 'succeeded', code: null } : { status: 'requires_action', code: null }
    case 'always_authenticate':
      // as Stripe's 3220 card: every payment asks, so one without the shopper is refused for want of them
      return offSession ? { status: 'declined', code: 'authentication_required' } : { status: 'requires_action', code: null }
    default:
      return { status: 'succeeded', code: null }
  }
}
