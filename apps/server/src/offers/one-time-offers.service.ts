/**
 * One-time offers (SPEC §3), after payment at /special-offer/{id}, then
 * /thank-you (SPEC §4). Accepting one charges the order's saved payment method
 * once (its own Idempotency-Key), and adds the pieces to the order, through the payment engine
 * (payments/payment-engine.ts) with the offer's door (offerDoor):
 *
 * 1. claim the key; check the order is this shopper's and paid;
 * 2. one transaction: take the stock (conditional update) and write a pending
 *    payment row, unique per order and offer, so a second accept (another key,
 *    another tab) is refused before anything is charged;
 * 3. charge off-session with a key derived from the client's;
 * 4. one transaction: the lines (the offer's price spread over its pieces),
 *    the order's totals, the payment succeeded; or, declined, the stock back
 *    and the pending payment gone. A charge with no answer leaves both as they
 *    are (the pending payment says what it adds) for a retry of the key, or for
 *    the reservation sweeper, which asks the gateway (settleUnansweredOffer).
 */
import { historyColumns } from '../orders/order-states.ts'
import { randomUUID } from 'node:crypto'
import { fromCents, nextOfferPath, sortSizes, type OfferChoice, type OneTimeOffer, type OneTimeOfferStep } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { readJson } from '../db/json.ts'
import { conflict, notFound, unprocessable } from '../http/errors.ts'
import { queueEmails } from '../email/outbox.ts'
import { finishAttempt, fingerprintOf, pauseAttempt, releaseAttempt, takeOverAttempt, type StoredAnswer } from '../payments/attempts.ts'
import { oneTimeOfferIds } from '../checkout/after-payment.ts'
import { dropPendingCharge, settleCharge, writePendingOfferCharge } from '../payments/ledger.ts'
import { pay, settleUnanswered, type PaymentDoor, type UnansweredCharge } from '../payments/payment-engine.ts'
import { emitStockChanged } from '../checkout/stock-events.ts'
import { offerAddedEmail } from '../checkout/order-email.ts'
import { giveBackStock, takeStock } from '../checkout/stock.ts'
import type { TaxRates } from '../checkout/tax.ts'
import { mayReadOrder, orderNotFound } from '../orders/orders.service.ts'
import { unitPriceCents } from '../catalog/pricing.ts'
import { oneClickMethod } from './one-click.ts'
import type { ChargeResult, PaymentGateway } from '../payments/gateway.ts'
import type { CheckoutAttemptsRow, OneTimeOffersRow, OrdersRow } from '../db/schema.ts'

const MAX_CHOICES = 24

export interface OfferDeps {
  gateway: PaymentGateway
  tax: TaxRates
}

async function findOffer(ctx: RequestContext, id: string) {
  const offer = await ctx.data.db.selectFrom('one_time_offers').selectAll().where('id', '=', id).where('brand_id', '=', ctx.data.brandId).executeTakeFirst()
  if (!offer) throw notFound(`We couldn't find the offer ${id}.`)
  return offer
}

/** The path after this offer, carrying the order number. */
async function nextAfter(ctx: RequestContext, offerId: string, orderNumber: string | null): Promise<string> {
  const path = nextOfferPath('checkout-oto', await oneTimeOfferIds(ctx), offerId, false)
  return orderNumber ? `${path}?order=${encodeURIComponent(orderNumber)}` : path
}

/**
 * Items of the offer's categories with the sizes in stock for it (one query): an offer of several
 * pieces (how_many) adds that many of one item in one size, so a size with fewer left is not offered,
 * rather than chosen and then refused as sold out. Only pieces the offer sells at or below what they
 * cost this shopper (the member price for a member) are offered, so the price the page says is the
 * price charged and never more than the pieces' own (docs/checkout-pages.md "One-time offers: only
 * real savings"). A VIP exclusive is offered to a member only, as only a member may put one in a cart
 * (docs/club-membership.md "VIP exclusives").
 */
async function offerChoices(ctx: RequestContext, offer: OneTimeOffersRow, categories: string[], hasClub: boolean): Promise<OfferChoice[]> {
  if (categories.length === 0) return []
  let query = ctx.data.db
    .selectFrom('categories')
    .innerJoin('item_categories', 'item_categories.category_id', 'categories.id')
    .innerJoin('items', 'items.id', 'item_categories.item_id')
    .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
    .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'items.id').on('item_images.kind', '=', 'image1'))
    .select([
      'items.id',
      'items.name',
      'items.color',
      'items.price_cents',
      'items.original_price_cents',
      'items.member_price_cents',
      'item_images.url as image',
      'categories.name as category',
      'item_sizes.size',
      'item_categories.position',
    ])
    .where('categories.brand_id', '=', ctx.data.brandId)
    .where('categories.name', 'in', categories)
    .where('items.active', '=', 1)
    .where('item_sizes.stock', '>=', Math.max(1, offer.how_many))
  if (!hasClub) query = query.where('items.vip_exclusive', '=', 0)
  const rows = await query.orderBy('item_categories.position').orderBy('items.id').execute()
  const byItem = new Map<number, OfferChoice>()
  for (const row of rows) {
    const found = byItem.get(row.id)
    if (found) {
      if (!found.sizes.includes(row.size)) found.sizes.push(row.size)
      continue
    }
    if (byItem.size >= MAX_CHOICES || unitPriceCents(row, hasClub) * offer.how_many < offer.price_cents) continue
    byItem.set(row.id, { item_id: row.id, name: row.name, color: row.color, image: row.image, category: row.category, sizes: [row.size] })
  }
  return [...byItem.values()].map((choice) => ({ ...choice, sizes: sortSizes(choice.sizes) }))
}

export async function getOneTimeOffer(ctx: RequestContext, id: string, orderNumber: string | null): Promise<OneTimeOffer> {
  const offer = await findOffer(ctx, id)
  const categories = readJson<string[]>(offer.categories, [])
  const shopper = await ctx.shopper()
  const [choices, next] = await Promise.all([offerChoices(ctx, offer, categories, shopper.hasClub), nextAfter(ctx, offer.id, orderNumber)])
  return {
    id: offer.id,
    categories,
    banner: offer.banner,
    headline: offer.headline,
    text_copy: offer.text_copy,
    extended_copy_1: offer.extended_copy_1,
    extended_copy_2: offer.extended_copy_2,
    extended_copy_3: offer.extended_copy_3,
    image_1: offer.image_1,
    image_2: offer.image_2,
    image_3: offer.image_3,
    image_4: offer.image_4,
    no_thanks_button_copy: offer.no_thanks_button_copy,
    how_many: offer.how_many,
    short_item_name: offer.short_item_name,
    show_product_picker: offer.show_product_picker === 1,
    show_full_product_picker: offer.show_full_product_picker === 1,
    show_category_picker: offer.show_category_picker === 1,
    show_sizepicker: offer.show_sizepicker === 1,
    digital_product: offer.digital_product === 1,
    price: fromCents(offer.price_cents),
    choices,
    next,
  }
}

export interface AcceptOffer {
  order_number: string
  item_id?: number
  size?: string
  category?: string
}

async function readableOrder(ctx: RequestContext, orderNumber: string) {
  const [session, shopper, order] = await Promise.all([
    ctx.session.current(),
    ctx.shopper(),
    ctx.data.db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).where('brand_id', '=', ctx.data.brandId).executeTakeFirst(),
  ])
  if (!order || !mayReadOrder(order, session?.visitorId ?? null, shopper.customerId)) throw orderNotFound(orderNumber)
  return { order, visitorId: session?.visitorId ?? null }
}

export async function declineOneTimeOffer(ctx: RequestContext, id: string, orderNumber: string): Promise<{ next: string }> {
  const offer = await findOffer(ctx, id)
  await readableOrder(ctx, orderNumber)
  // no thanks closes the offer for this order: a later accept (Back, an old tab) is refused before any charge
  await ctx.data.db
    .insertInto('declined_offers')
    .values({ brand_id: ctx.data.brandId, order_number: orderNumber, offer_id: offer.id, declined_at: ctx.now().toISOString() })
    .onConflict((oc) => oc.columns(['brand_id', 'order_number', 'offer_id']).doNothing())
    .execute()
  // an accept of this offer left at the bank's step: no thanks lets its piece go at once (nothing was charged:
  // the store confirms such a payment only when the page comes back after the step)
  const waiting = await ctx.data.db
    .selectFrom('checkout_attempts')
    .selectAll()
    .where('brand_id', '=', ctx.data.brandId)
    .where('scope', '=', offerScope(orderNumber, offer.id))
    .where('state', '=', 'requires_action')
    .execute()
  for (const attempt of waiting) await expireWaitingOffer(ctx, attempt, 'You said no thanks to this offer. You have not been charged for it.')
  return { next: await nextAfter(ctx, offer.id, orderNumber) }
}

/** The answer to a "Yes" after "No thanks" for the same order. */
const OFFER_DECLINED = 'You said no thanks to this offer, so it is closed for this order. You have not been charged for it.'

/** Splits a price over n pieces, the odd cents on the first ones: 2999 over 2 -> [1500, 1499]. */
function spread(cents: number, pieces: number): number[] {
  const base = Math.floor(cents / pieces)
  return Array.from({ length: pieces }, (_, i) => base + (i < cents - base * pieces ? 1 : 0))
}

/**
 * What an accepted offer adds to its order once paid, kept on its pending payment (offer_line), so a
 * charge that had no answer can be finished by a retry of the key or by the reservation sweeper.
 */
interface OfferLine {
  itemId: number
  size: string
  name: string
  color: string
  image: string | null
  qty: number
  /** the offer's price, spread over its pieces */
  priceCents: number
  taxCents: number
  /** what is charged: price and tax */
  amountCents: number
  /** the order's saved method the offer charges */
  savedMethod: string
}

/** An offer's pending payment and what it adds. */
interface ReservedOffer extends OfferLine {
  paymentId: string
  offerId: string
}

/** The Idempotency-Key's scope of accepting an offer for an order (checkout_attempts.scope). */
const offerScope = (orderNumber: string, offerId: string) => `offer:${orderNumber}:${offerId}`

/** The gateway's key for an offer's charge: stable across retries, distinct per brand. */
export const offerGatewayKey = (brandId: string, key: string) => `offer:${brandId}:${key}`

export async function acceptOneTimeOffer(ctx: RequestContext, deps: OfferDeps, key: string, id: string, input: AcceptOffer): Promise<OneTimeOfferStep> {
  const offer = await findOffer(ctx, id)
  const { order, visitorId } = await readableOrder(ctx, input.order_number)
  const request = { key, scope: offerScope(order.order_number, offer.id), fingerprint: fingerprintOf([visitorId, input]), orderNumber: order.order_number }
  return pay<ReservedOffer, OneTimeOfferStep>(ctx, deps, request, async () =>
    offerDoor(ctx, deps, key, order, { offer, input, next: await nextAfter(ctx, offer.id, order.order_number) }),
  )
}

/** What a shopper's accept reserves and charges (absent where the sweeper only finishes an attempt). */
interface Accepting {
  offer: OneTimeOffersRow
  input: AcceptOffer
  /** the path after this offer */
  next: string
}

/**
 * The one-time offer's door into the payment engine (payments/payment-engine.ts): the piece and a
 * pending ledger row reserved (a retry of a charge that had no answer finishes the work it left:
 * the same piece, the same charge), the order's card charged off-session, the pieces added to the
 * order once paid; declined or let go, the piece goes back and the pending row with it.
 */
function offerDoor(
  ctx: RequestContext,
  deps: Pick<OfferDeps, 'gateway'> & Partial<OfferDeps>,
  key: string,
  order: OrdersRow,
  accepting?: Accepting,
): PaymentDoor<ReservedOffer, OneTimeOfferStep> {
  const { brandId } = ctx.data
  return {
    noun: 'offer',
    gatewayKey: offerGatewayKey(brandId, key),
    findReserved: () => pendingOffer(ctx, key),
    reserve: async () => {
      if (!accepting || !deps.tax) throw new Error('only a shopper accepting an offer reserves it')
      const reserved = await reserveOffer(ctx, { gateway: deps.gateway, tax: deps.tax }, key, order, accepting.offer, accepting.input, ctx.now().toISOString())
      emitStockChanged({ brandId, itemIds: [reserved.itemId] }, ctx.log)
      return reserved
    },
    charge: (reserved) => {
      if (!accepting) throw new Error('only a shopper accepting an offer charges it')
      return chargeOffer(ctx, deps, key, order, accepting.offer, reserved)
    },
    // a payment the shopper's bank asked about: after its step, the same key confirms it
    resume: (_reserved, paymentId) => deps.gateway.resume(ctx.data, paymentId, onSessionKey(brandId, key)),
    // the piece stays held while the shopper answers their bank (the sweeper lets it go after RESERVATION_MS)
    waiting: (reserved, result) => ({
      status: 'requires_action',
      payment_id: result.paymentId,
      client_secret: result.clientSecret,
      amount: fromCents(reserved.amountCents),
      next: null,
    }),
    declined: (_reserved, result) => {
      // a bank that wants the shopper to confirm (declined off-session for want of it) cannot be
      // answered on this page, and trying again would not help: say so rather than "try again"
      const message = result.code !== 'authentication_required' ? result.message : 'Your bank wants to confirm this payment, which we cannot do here. Nothing was charged.'
      return { status: 402, error: { message, field: 'order_number' } }
    },
    release: async (reserved, answer) => {
      await giveBack(ctx, reserved)
      await finishAttempt(ctx, key, answer)
      return undefined
    },
    // nothing taken: the piece goes back and the key is free again
    abandon: (reserved) => releaseOffer(ctx, reserved, key),
    keep: async (reserved, result) => ({
      kept: true,
      answer: await keepOffer(ctx, key, order, reserved, result, accepting?.next ?? (await nextAfter(ctx, reserved.offerId, order.order_number))),
    }),
  }
}

/** The key of an offer's on-session charge: its own, as it asks the gateway for something else than the off-session one. */
const onSessionKey = (brandId: string, key: string) => `${offerGatewayKey(brandId, key)}:on-session`

/**
 * Charges the order's card for the offer without the shopper (off-session), as a one-click offer
 * is. A bank that refuses that for want of the shopper's confirmation (Stripe's
 * authentication_required) gets it: the shopper is on the page, so the card is charged on-session,
 * and a bank that asks comes back requires_action for the page to take its step.
 */
async function chargeOffer(
  ctx: RequestContext,
  deps: Pick<OfferDeps, 'gateway'>,
  key: string,
  order: OrdersRow,
  offer: OneTimeOffersRow,
  reserved: ReservedOffer,
): Promise<ChargeResult> {
  const charge = (customerPresent: boolean, idempotencyKey: string) =>
    deps.gateway.charge(ctx.data, {
      amountCents: reserved.amountCents,
      source: { kind: 'saved', reference: reserved.savedMethod, customerPresent },
      idempotencyKey,
      description: `${ctx.brand.name} order ${order.order_number}: ${offer.short_item_name}`,
      metadata: { order_number: order.order_number, offer_id: offer.id },
    })
  const offSession = await charge(false, offerGatewayKey(ctx.data.brandId, key))
  if (offSession.status !== 'declined' || offSession.code !== 'authentication_required') return offSession
  return charge(true, onSessionKey(ctx.data.brandId, key))
}

/** Takes the piece and writes the pending payment, unique per order and offer: a second accept (another key, another tab) is refused before anything is charged. */
async function reserveOffer(ctx: RequestContext, deps: OfferDeps, key: string, order: OrdersRow, offer: OneTimeOffersRow, input: AcceptOffer, now: string): Promise<ReservedOffer> {
  const { db, brandId } = ctx.data
  // what is bought: the chosen item, or the first in stock of the chosen (or first) category
  if (order.status !== 'paid') throw conflict('This order is not complete yet, so nothing can be added to it.', 'order_number')
  const categories = readJson<string[]>(offer.categories, [])
  if (input.category && !categories.includes(input.category)) throw unprocessable(`This offer has no category ${input.category}.`, 'category')
  const shopper = await ctx.shopper()
  const choices = await offerChoices(ctx, offer, input.category ? [input.category] : categories, shopper.hasClub)
  const choice = input.item_id === undefined ? choices.find((c) => !input.size || c.sizes.includes(input.size)) : choices.find((c) => c.item_id === input.item_id)
  if (!choice) throw unprocessable(input.item_id === undefined ? 'Nothing in this offer is in stock in that size.' : 'That item is not part of this offer.', 'item_id')
  const size = input.size ?? (choice.sizes.length === 1 || offer.show_sizepicker === 0 ? choice.sizes[0] : undefined)
  if (!size) throw unprocessable('Choose a size.', 'size')
  if (!choice.sizes.includes(size)) throw conflict(`${choice.name} in size ${size} is sold out.`, 'size')
  const savedMethod = await oneClickMethod(db, brandId, order.order_number)
  if (!savedMethod) throw conflict("We can't add this to your order with one click. Place a new order instead.", 'order_number')
  // the offer's price is taxed at the order's address, like the order; it ships with the order, free
  const taxCents = await deps.tax.taxCentsFor(ctx.data, {
    subtotalCents: offer.price_cents,
    discountCents: 0,
    shippingCents: 0,
    country: order.shipping_country,
    state: order.shipping_state,
  })
  const line: OfferLine = {
    itemId: choice.item_id,
    size,
    name: choice.name,
    color: choice.color,
    image: choice.image,
    qty: offer.how_many,
    priceCents: offer.price_cents,
    taxCents,
    amountCents: offer.price_cents + taxCents,
    savedMethod,
  }
  const paymentId = randomUUID()
  await db.transaction().execute(async (trx) => {
    const declined = await trx
      .selectFrom('declined_offers')
      .select('offer_id')
      .where('brand_id', '=', brandId)
      .where('order_number', '=', order.order_number)
      .where('offer_id', '=', offer.id)
      .executeTakeFirst()
    if (declined) throw conflict(OFFER_DECLINED, 'order_number')
    if (!(await takeStock(trx, brandId, [{ itemId: line.itemId, size, qty: line.qty }]))) {
      throw conflict(`${choice.name} in size ${size} has just sold out.`, 'size')
    }
    const written = await writePendingOfferCharge(trx, {
      id: paymentId,
      brandId,
      orderNumber: order.order_number,
      offerId: offer.id,
      gateway: deps.gateway.name,
      idempotencyKey: key,
      amountCents: line.amountCents,
      now,
      paid: null,
      offerLine: JSON.stringify(line),
    })
    if (written) return
    const other = await trx.selectFrom('payments').select('status').where('order_number', '=', order.order_number).where('offer_id', '=', offer.id).executeTakeFirst()
    throw other?.status === 'pending'
      ? conflict(
          'An earlier try to add this to your order is still waiting for the payment service. If it went through, it will be added and we will e-mail you; if not, you can add it again in a few minutes.',
          'order_number',
        )
      : conflict('You already added this offer to your order.', 'order_number')
  })
  return { paymentId, offerId: offer.id, ...line }
}

/** The pending payment a key left when its charge had no answer, and what it adds. */
async function pendingOffer(ctx: RequestContext, key: string): Promise<ReservedOffer | undefined> {
  const row = await ctx.data.db
    .selectFrom('payments')
    .select(['id', 'offer_id', 'offer_line'])
    .where('brand_id', '=', ctx.data.brandId)
    .where('idempotency_key', '=', key)
    .where('offer_id', 'is not', null)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (!row?.offer_id || !row.offer_line) return undefined
  return { paymentId: row.id, offerId: row.offer_id, ...(JSON.parse(row.offer_line) as OfferLine) }
}

/** Paid: the pieces go on the order, the order's totals and history, the pending ledger row paid, the shopper e-mailed and the key answered, in one transaction. */
async function keepOffer(
  ctx: RequestContext,
  key: string,
  order: OrdersRow,
  reserved: ReservedOffer,
  result: Extract<ChargeResult, { status: 'succeeded' }>,
  next: string,
): Promise<StoredAnswer> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  const answer: StoredAnswer = { status: 200, data: { next } }
  const prices = spread(reserved.priceCents, reserved.qty)
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('order_lines')
      .values(
        prices.map((cents) => ({
          id: randomUUID(),
          brand_id: ctx.data.brandId,
          order_number: order.order_number,
          item_id: reserved.itemId,
          name: reserved.name,
          color: reserved.color,
          size: reserved.size,
          qty: 1,
          price_cents: cents,
          discount_cents: 0,
          total_cents: cents,
          discount_class: '',
          image1: reserved.image,
          cancelled: 0,
          offer_id: reserved.offerId,
        })),
      )
      .execute()
    const updated = await trx
      .updateTable('orders')
      .set((eb) => ({
        subtotal_cents: eb('subtotal_cents', '+', reserved.priceCents),
        tax_cents: eb('tax_cents', '+', reserved.taxCents),
        total_cents: eb('total_cents', '+', reserved.amountCents),
        // the order's history says what was added, in this same statement (orders/order-states.ts)
        ...historyColumns('offer_added', 'shopper', now, {
          offer_id: reserved.offerId,
          name: reserved.name,
          size: reserved.size,
          qty: reserved.qty,
          amount_cents: reserved.amountCents,
        }),
      }))
      .where('order_number', '=', order.order_number)
      .returning('total_cents')
      .executeTakeFirstOrThrow()
    // the shopper is told in writing, as for the order itself (sent once: in the transaction that adds it)
    const email = offerAddedEmail(ctx.brand.name, ctx.origin, order, {
      name: reserved.name,
      color: reserved.color,
      size: reserved.size,
      qty: reserved.qty,
      charged_cents: reserved.amountCents,
      tax_cents: reserved.taxCents,
      order_total_cents: updated.total_cents,
    })
    await queueEmails(trx, brandId, now, [{ to: order.email, subject: email.subject, body: email.body, orderNumber: order.order_number }])
    await settleCharge(trx, reserved.paymentId, result, now)
    await finishAttempt(ctx, key, answer, trx)
  })
  ctx.log.info({ order: order.order_number, offer: reserved.offerId }, 'one-time offer added to order')
  return answer
}

/**
 * An offer's pending payment whose charge had no answer, and that nobody tried again (the
 * reservation sweeper, reservations.ts): the gateway is asked what became of the charge. Paid, the
 * pieces go on the order as the retry would have put them; not paid, the piece goes back and the
 * key is free; the gateway unable to say, it waits for the next sweep.
 */
export async function settleUnansweredOffer(ctx: RequestContext, deps: Pick<OfferDeps, 'gateway'>, attempt: CheckoutAttemptsRow): Promise<UnansweredCharge> {
  const order = attempt.order_number
    ? await ctx.data.db.selectFrom('orders').selectAll().where('order_number', '=', attempt.order_number).where('brand_id', '=', ctx.data.brandId).executeTakeFirst()
    : undefined
  if (!order) {
    if (await takeOverAttempt(ctx, attempt)) await pauseAttempt(ctx, attempt.idempotency_key, 'interrupted', attempt.payment_id)
    return 'busy'
  }
  return settleUnanswered(ctx, deps, attempt, offerDoor(ctx, deps, attempt.idempotency_key, order))
}

/**
 * The gateway could not say for a day what became of an offer's charge: the piece goes back and the
 * pending payment with it (the sweeper tells the operator). False when someone else took the attempt.
 */
export async function abandonUnansweredOffer(ctx: RequestContext, attempt: CheckoutAttemptsRow): Promise<boolean> {
  if (!(await takeOverAttempt(ctx, attempt))) return false
  const reserved = await pendingOffer(ctx, attempt.idempotency_key)
  if (reserved) await releaseOffer(ctx, reserved, attempt.idempotency_key)
  else await releaseAttempt(ctx, attempt.idempotency_key)
  return true
}

/**
 * An offer left waiting for the shopper's bank step (requires_action) that nobody finished, or that
 * the shopper said no thanks to: the piece goes back, and the key answers from now on that it was let go. Nothing was charged: the
 * store confirms such a payment only when the page comes back after the step. False when someone
 * else took the attempt.
 */
export async function expireWaitingOffer(
  ctx: RequestContext,
  attempt: CheckoutAttemptsRow,
  /** what the key answers from now on */
  message = 'This offer waited too long for your bank and was let go. You have not been charged for it.',
): Promise<boolean> {
  if (!(await takeOverAttempt(ctx, attempt))) return false
  const reserved = await pendingOffer(ctx, attempt.idempotency_key)
  if (reserved) await giveBack(ctx, reserved)
  const answer: StoredAnswer = { status: 409, error: { message, field: 'order_number' } }
  await finishAttempt(ctx, attempt.idempotency_key, answer)
  return true
}

/** The piece back, the pending payment gone, the key free. */
async function releaseOffer(ctx: RequestContext, reserved: ReservedOffer, key: string): Promise<void> {
  await giveBack(ctx, reserved)
  await releaseAttempt(ctx, key)
}

/** The piece back on sale and the pending payment gone. */
async function giveBack(ctx: RequestContext, reserved: ReservedOffer) {
  await ctx.data.db.transaction().execute(async (trx) => {
    await giveBackStock(trx, ctx.data.brandId, [{ itemId: reserved.itemId, size: reserved.size, qty: reserved.qty }])
    await dropPendingCharge(trx, reserved.paymentId)
  })
  emitStockChanged({ brandId: ctx.data.brandId, itemIds: [reserved.itemId] }, ctx.log)
}
