/**
 * Saved payment methods (/change_payment; docs/members.md). The store keeps the
 * gateway's reference, the card's brand, last four digits and expiry, never the
 * card. A method is added through the gateway's setup flow (a token from the
 * browser, attached without a charge), made the default, or removed. Every
 * query names the brand and the session's customer: another customer's id is a 404.
 */
import { randomUUID } from 'node:crypto'
import type { CardSetupStep, PaymentMethod } from '@store/core'
import type { BrandData, RequestContext } from '../context/request-context.ts'
import type { Transaction } from 'kysely'
import { takeTurn } from '../db/take-turn.ts'
import type { Database, PaymentMethodsRow } from '../db/schema.ts'
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.ts'
import { requireCustomerId } from '../account/require-customer.ts'
import type { CardSummary, PaymentGateway } from '../payments/gateway.ts'
import { retryOverdueNow } from '../membership/billing.ts'
import { queueEmails } from '../email/outbox.ts'
import { cardChangedEmail, type CardChange } from './card-changed-email.ts'

export const MAX_PAYMENT_METHODS = 10
/** how long a card setup waits for the cardholder's step at their bank before it is given up */
const SETUP_WAITS_MS = 24 * 60 * 60 * 1000

const view = (row: PaymentMethodsRow): PaymentMethod => ({
  id: row.id,
  card_brand: row.card_brand,
  last4: row.last4,
  exp_month: row.exp_month,
  exp_year: row.exp_year,
  default: row.is_default === 1,
})

const methodNotFound = () => notFound("We couldn't find that payment method.")
const walletFull = () => unprocessable(`You can keep up to ${MAX_PAYMENT_METHODS} cards. Remove one first.`, 'payment_token')

/** The customer is told of a change to their saved cards, in the change's own transaction (card-changed-email.ts). */
async function tellCardChange(trx: Transaction<Database>, ctx: RequestContext, customerId: string, change: CardChange): Promise<void> {
  const { brandId } = ctx.data
  const customer = await trx.selectFrom('customers').select(['name', 'email']).where('brand_id', '=', brandId).where('id', '=', customerId).executeTakeFirst()
  if (!customer) return
  await queueEmails(trx, brandId, ctx.now().toISOString(), [cardChangedEmail({ name: ctx.brand.name, origin: ctx.origin }, customer, change)])
}

/** The customer's methods of the gateway in use: the default first, then the newest. */
async function rowsOf({ db, brandId }: BrandData, customerId: string, gateway: string): Promise<PaymentMethodsRow[]> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('customer_id', '=', customerId)
    .where('gateway', '=', gateway)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
}

export async function listPaymentMethods(ctx: RequestContext, gateway: PaymentGateway): Promise<PaymentMethod[]> {
  const customerId = await requireCustomerId(ctx)
  return (await rowsOf(ctx.data, customerId, gateway.name)).map(view)
}

/**
 * Saves the token's card through the gateway's setup flow (no charge); the customer's first method
 * becomes the default. A bank that wants the cardholder to confirm the card first leaves the setup
 * waiting: the answer says so, and completeCardSetup keeps the card after that step.
 */
export async function addPaymentMethod(ctx: RequestContext, gateway: PaymentGateway, token: string, makeDefault: boolean): Promise<CardSetupStep> {
  const customerId = await requireCustomerId(ctx)
  const { db, brandId } = ctx.data
  const existing = await rowsOf(ctx.data, customerId, gateway.name)
  if (existing.length >= MAX_PAYMENT_METHODS) throw walletFull()
  // the provider's customer of an earlier saved method ('cus_…/pm_…'), so one shopper is one customer there
  const customerReference = existing.map((row) => row.gateway_token.split('/')).find((parts) => parts.length === 2)?.[0] ?? null
  const result = await gateway.saveMethod(ctx.data, {
    token,
    customerReference,
    idempotencyKey: `payment-method:${brandId}:${randomUUID()}`,
    metadata: { customer: customerId },
  })
  if (result.status === 'requires_action') {
    const now = ctx.now()
    // setups left waiting a day ago were given up: the bank's step does not wait that long
    await db
      .deleteFrom('card_setups')
      .where('brand_id', '=', brandId)
      .where('customer_id', '=', customerId)
      .where('created_at', '<', new Date(now.getTime() - SETUP_WAITS_MS).toISOString())
      .execute()
    await db
      .insertInto('card_setups')
      .values({ brand_id: brandId, setup_id: result.setupId, customer_id: customerId, gateway: gateway.name, make_default: makeDefault ? 1 : 0, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['brand_id', 'setup_id']).doNothing())
      .execute()
    return { status: 'requires_action', setup_id: result.setupId, client_secret: result.clientSecret }
  }
  if (result.status !== 'succeeded') throw new HttpError(402, result.message, 'payment_token')
  return { status: 'saved', methods: await keepSavedCard(ctx, gateway, customerId, result, makeDefault) }
}

/**
 * Keeps the card of a setup that waited for the cardholder's step at their bank (addPaymentMethod),
 * once they took it: only the customer who started it, at this brand (anyone else: 404). Refused by
 * the bank (the step failed or was cancelled): 402, and the setup is over. Not confirmed yet: 409,
 * and it still waits.
 */
export async function completeCardSetup(ctx: RequestContext, gateway: PaymentGateway, setupId: string): Promise<PaymentMethod[]> {
  const customerId = await requireCustomerId(ctx)
  const { db, brandId } = ctx.data
  const setup = await db
    .selectFrom('card_setups')
    .select('make_default')
    .where('brand_id', '=', brandId)
    .where('setup_id', '=', setupId)
    .where('customer_id', '=', customerId)
    .where('gateway', '=', gateway.name)
    .executeTakeFirst()
  if (!setup) throw notFound('No card is waiting to be saved with that id.')
  const result = await gateway.completeSave(ctx.data, setupId)
  if (result.status === 'requires_action') throw conflict('Your bank has not confirmed this card yet. Confirm it with your bank, or enter the card again.', 'payment_token')
  await db.deleteFrom('card_setups').where('brand_id', '=', brandId).where('setup_id', '=', setupId).where('customer_id', '=', customerId).execute()
  if (result.status !== 'succeeded') throw new HttpError(402, result.message, 'payment_token')
  return keepSavedCard(ctx, gateway, customerId, result, setup.make_default === 1)
}

/** A card the gateway has just set up, kept as the customer's: the default when asked (or their first), then their cards. */
async function keepSavedCard(
  ctx: RequestContext,
  gateway: PaymentGateway,
  customerId: string,
  saved: { reference: string; card: CardSummary },
  makeDefault: boolean,
): Promise<PaymentMethod[]> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  let billsTheClub = false
  try {
    await db.transaction().execute(async (trx) => {
      // keepCard takes the customer's turn first: cards added at once go one after another, so the limit and the one default hold
      const kept = await keepCard(trx, { brandId, customerId, gateway: gateway.name, reference: saved.reference, card: saved.card, now })
      const rows = await trx
        .selectFrom('payment_methods')
        .select(['id', 'is_default'])
        .where('brand_id', '=', brandId)
        .where('customer_id', '=', customerId)
        .where('gateway', '=', gateway.name)
        .execute()
      if (rows.length > MAX_PAYMENT_METHODS) throw walletFull()
      const wasDefault = rows.some((row) => row.id === kept.id && row.is_default === 1)
      if (makeDefault || !rows.some((row) => row.is_default === 1)) {
        await trx.updateTable('payment_methods').set({ is_default: 0 }).where('brand_id', '=', brandId).where('customer_id', '=', customerId).execute()
        await trx.updateTable('payment_methods').set({ is_default: 1 }).where('id', '=', kept.id).execute()
        await billMembershipsTo(trx, brandId, customerId, kept.id)
        billsTheClub = true
      }
      const card = { card_brand: saved.card.brand, last4: saved.card.last4, exp_month: saved.card.expMonth, exp_year: saved.card.expYear }
      // the same card saved again is no new card: told only when it became the default by it
      if (kept.added) await tellCardChange(trx, ctx, customerId, { kind: 'added', card, isDefault: billsTheClub })
      else if (billsTheClub && !wasDefault) await tellCardChange(trx, ctx, customerId, { kind: 'default', card })
    })
  } catch (error) {
    // refused after the provider attached it (another tab filled the last place): detach it again
    if (error instanceof HttpError) await gateway.removeMethod(ctx.data, saved.reference)
    throw error
  }
  if (billsTheClub) await payOverdueMonth(ctx, gateway, customerId)
  return listPaymentMethods(ctx, gateway)
}

/**
 * The club now bills another card of the customer's: when their membership is overdue, its month
 * is charged to it at once (membership/billing.ts retryOverdueNow) rather than on the next retry
 * day. The card is saved whatever that charge does: its outcome is the membership's (active again,
 * or still overdue and told by e-mail), and a failure to reach the gateway leaves the retry day.
 */
async function payOverdueMonth(ctx: RequestContext, gateway: PaymentGateway, customerId: string): Promise<void> {
  try {
    const outcome = await retryOverdueNow(ctx.data, { gateway, log: ctx.log, now: ctx.now, brandRegistry: [ctx.brand] }, customerId, ctx.now().toISOString().slice(0, 10))
    if (outcome !== 'none') ctx.log.info({ customer: customerId, outcome }, 'club: overdue month charged to the new billing card')
  } catch (error) {
    ctx.log.error({ err: error, customer: customerId }, 'club: the overdue month could not be charged to the new card; the retry day stands')
  }
}

export interface CardToKeep {
  brandId: string
  customerId: string
  gateway: string
  /** the gateway's reference of the saved method, just confirmed by a charge or a setup */
  reference: string
  card: CardSummary
  now: string
}

/**
 * Keeps a customer's card for later and returns its id, and whether it is a card
 * the account did not have (added). The same card (brand,
 * last four, expiry) kept before is one row, not one per order: it takes the
 * newest reference, which the gateway has just confirmed works. It takes the
 * customer's turn first (db/take-turn.ts), so the same card kept twice at once is
 * still one row; call it first in the transaction.
 */
export async function keepCard(trx: Transaction<Database>, card: CardToKeep): Promise<{ id: string; added: boolean }> {
  await takeTurn(trx, 'customer', card.customerId)
  const same = await trx
    .selectFrom('payment_methods')
    .select('id')
    .where('brand_id', '=', card.brandId)
    .where('customer_id', '=', card.customerId)
    .where('gateway', '=', card.gateway)
    .where('card_brand', '=', card.card.brand)
    .where('last4', '=', card.card.last4)
    .where('exp_month', '=', card.card.expMonth)
    .where('exp_year', '=', card.card.expYear)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  if (same) {
    await trx.updateTable('payment_methods').set({ gateway_token: card.reference }).where('id', '=', same.id).execute()
    return { id: same.id, added: false }
  }
  const id = randomUUID()
  await trx
    .insertInto('payment_methods')
    .values({
      id,
      brand_id: card.brandId,
      customer_id: card.customerId,
      gateway: card.gateway,
      gateway_token: card.reference,
      card_brand: card.card.brand,
      last4: card.card.last4,
      exp_month: card.card.expMonth,
      exp_year: card.card.expYear,
      is_default: 0,
      created_at: card.now,
    })
    .execute()
  return { id, added: true }
}

/**
 * A card kept at checkout is left unmarked (the club's billing decides a member's default), but a
 * customer's first and only card is their default, as the first card added on /change_payment is:
 * the page then says "Default" beside it rather than offering to make it so. Inside keepCard's
 * transaction (the customer's turn is taken).
 */
export async function defaultIfOnlyCard(trx: Transaction<Database>, card: { brandId: string; customerId: string; gateway: string; id: string }): Promise<void> {
  await trx
    .updateTable('payment_methods')
    .set({ is_default: 1 })
    .where('id', '=', card.id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_methods as other')
            .select('other.id')
            .where('other.brand_id', '=', card.brandId)
            .where('other.customer_id', '=', card.customerId)
            .where('other.gateway', '=', card.gateway)
            .where('other.id', '!=', card.id),
        ),
      ),
    )
    .execute()
}

/**
 * The club bills the member's default card: the membership follows the customer's
 * default, and a removed card is replaced by the next one (or none, and billing then
 * fails and retries as usual). A cancelled or lapsed membership follows it too: a
 * rejoin charges the card the member has chosen since, not the one they left with.
 */
async function billMembershipsTo(trx: Transaction<Database>, brandId: string, customerId: string, methodId: string | null, onlyFrom?: string): Promise<void> {
  let update = trx.updateTable('memberships').set({ payment_method_id: methodId }).where('brand_id', '=', brandId).where('customer_id', '=', customerId)
  if (onlyFrom) update = update.where('payment_method_id', '=', onlyFrom)
  await update.execute()
}

export async function setDefaultPaymentMethod(ctx: RequestContext, gateway: PaymentGateway, id: string): Promise<PaymentMethod[]> {
  const customerId = await requireCustomerId(ctx)
  const { db, brandId } = ctx.data
  const found = await db.transaction().execute(async (trx) => {
    await takeTurn(trx, 'customer', customerId)
    const row = await trx
      .selectFrom('payment_methods')
      .select(['id', 'is_default', 'card_brand', 'last4', 'exp_month', 'exp_year'])
      .where('id', '=', id)
      .where('brand_id', '=', brandId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst()
    if (!row) return false
    await trx.updateTable('payment_methods').set({ is_default: 0 }).where('brand_id', '=', brandId).where('customer_id', '=', customerId).execute()
    await trx.updateTable('payment_methods').set({ is_default: 1 }).where('id', '=', id).execute()
    await billMembershipsTo(trx, brandId, customerId, id)
    // the default already: nothing changed, nothing to tell
    if (row.is_default !== 1) await tellCardChange(trx, ctx, customerId, { kind: 'default', card: row })
    return true
  })
  if (!found) throw methodNotFound()
  await payOverdueMonth(ctx, gateway, customerId)
  return listPaymentMethods(ctx, gateway)
}

/** Forgets a method here and at the provider; when it was the default, the newest other one takes its place. */
export async function removePaymentMethod(ctx: RequestContext, gateway: PaymentGateway, id: string): Promise<PaymentMethod[]> {
  const customerId = await requireCustomerId(ctx)
  const { db, brandId } = ctx.data
  const removed = await db.transaction().execute(async (trx) => {
    await takeTurn(trx, 'customer', customerId)
    const row = await trx.selectFrom('payment_methods').selectAll().where('id', '=', id).where('brand_id', '=', brandId).where('customer_id', '=', customerId).executeTakeFirst()
    if (!row) return null
    await trx.deleteFrom('payment_methods').where('id', '=', id).execute()
    let newDefault: PaymentMethodsRow | null = null
    if (row.is_default === 1) {
      const next = await trx
        .selectFrom('payment_methods')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('customer_id', '=', customerId)
        .where('gateway', '=', row.gateway)
        .orderBy('created_at', 'desc')
        .executeTakeFirst()
      if (next) await trx.updateTable('payment_methods').set({ is_default: 1 }).where('id', '=', next.id).execute()
      newDefault = next ?? null
    }
    const replacement = await trx
      .selectFrom('payment_methods')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('customer_id', '=', customerId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'desc')
      .executeTakeFirst()
    await billMembershipsTo(trx, brandId, customerId, replacement?.id ?? null, id)
    await tellCardChange(trx, ctx, customerId, { kind: 'removed', card: row, newDefault })
    return row
  })
  if (!removed) throw methodNotFound()
  if (removed.gateway === gateway.name) await gateway.removeMethod(ctx.data, removed.gateway_token)
  return listPaymentMethods(ctx, gateway)
}

/** What club billing charges: `gateway.charge(scope, { source: { kind: 'saved', reference }, ... })`. */
export interface ChargeableMethod {
  id: string
  gateway: string
  reference: string
  card_brand: string
  last4: string
  exp_month: number
  exp_year: number
}

/**
 * The method to charge a customer off-session (club billing; docs/members.md): the one
 * marked default, else the most recently saved (checkout keeps each card a customer
 * pays with, unmarked). Null when there is none. For a job without a request, pass
 * the brand's data and the customer's id.
 */
export async function defaultPaymentMethodFor(data: Pick<BrandData, 'db' | 'brandId'>, customerId: string, gateway?: string): Promise<ChargeableMethod | null> {
  let query = data.db.selectFrom('payment_methods').selectAll().where('brand_id', '=', data.brandId).where('customer_id', '=', customerId)
  if (gateway) query = query.where('gateway', '=', gateway)
  const row = await query.orderBy('is_default', 'desc').orderBy('created_at', 'desc').orderBy('id').executeTakeFirst()
  return row ? chargeable(row) : null
}

const chargeable = (row: PaymentMethodsRow): ChargeableMethod => ({
  id: row.id,
  gateway: row.gateway,
  reference: row.gateway_token,
  card_brand: row.card_brand,
  last4: row.last4,
  exp_month: row.exp_month,
  exp_year: row.exp_year,
})

/** One of the customer's saved methods by its id, at this brand and gateway; null when it is not theirs. */
export async function savedPaymentMethod(data: Pick<BrandData, 'db' | 'brandId'>, customerId: string, gateway: string, id: string): Promise<ChargeableMethod | null> {
  const row = await data.db
    .selectFrom('payment_methods')
    .selectAll()
    .where('id', '=', id)
    .where('brand_id', '=', data.brandId)
    .where('customer_id', '=', customerId)
    .where('gateway', '=', gateway)
    .executeTakeFirst()
  return row ? chargeable(row) : null
}
