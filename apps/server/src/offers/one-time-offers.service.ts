/**
 * One-time offers (SPEC §3), after payment at /special-offer/{id}, then
 * /thank-you (SPEC §4). Accepting one charges the order's saved payment method
 * once (its own Idempotency-Key), and adds the pieces to the order:
 *
 * 1. claim the key; check the order is this shopper's and paid;
 * 2. one transaction: take the stock (conditional update) and write a pending
 *    payment row, unique per order and offer, so a second accept (another key,
 *    another tab) is refused before anything is charged;
 * 3. charge off-session with a key derived from the client's;
 * 4. one transaction: the lines (the offer's price spread over its pieces),
 *    the order's totals, the payment succeeded; or, declined, the stock back
 *    and the pending payment gone.
 */
import { randomUUID } from 'node:crypto'
import { fromCents, nextOfferPath, sortSizes, type OfferChoice, type OneTimeOffer } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { readJson } from '../db/json.ts'
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.ts'
import { queueEmails } from '../email/outbox.ts'
import { claimAttempt, finishAttempt, fingerprintOf, releaseAttempt, replay, type StoredAnswer } from '../checkout/idempotency.ts'
import { oneTimeOfferIds } from '../checkout/checkout.service.ts'
import { emitStockChanged } from '../checkout/stock-events.ts'
import { offerAddedEmail } from '../checkout/order-email.ts'
import { giveBackStock, takeStock } from '../checkout/stock.ts'
import type { TaxRates } from '../checkout/tax.ts'
import { mayReadOrder, orderNotFound } from '../orders/orders.service.ts'
import { oneClickMethod } from './one-click.ts'
import { GatewayUnavailable, type PaymentGateway } from '../payments/gateway.ts'

const MAX_CHOICES = 24

export interface OfferDeps {
  gateway: PaymentGateway
  tax: TaxRates
}

async function findOffer(ctx: RequestContext, id: string) {
  const offer = await ctx.data.db
    .selectFrom('one_time_offers')
    .selectAll()
    .where('id', '=', id)
    .where('brand_id', '=', ctx.data.brandId)
    .executeTakeFirst()
  if (!offer) throw notFound(`We couldn't find the offer ${id}.`)
  return offer
}

/** The path after this offer, carrying the order number. */
async function nextAfter(ctx: RequestContext, offerId: string, orderNumber: string | null): Promise<string> {
  const path = nextOfferPath('checkout-oto', await oneTimeOfferIds(ctx), offerId, false)
  return orderNumber ? `${path}?order=${encodeURIComponent(orderNumber)}` : path
}

/** Items of the offer's categories with the sizes in stock (one query). */
async function offerChoices(ctx: RequestContext, categories: string[]): Promise<OfferChoice[]> {
  if (categories.length === 0) return []
  const rows = await ctx.data.db
    .selectFrom('categories')
    .innerJoin('item_categories', 'item_categories.category_id', 'categories.id')
    .innerJoin('items', 'items.id', 'item_categories.item_id')
    .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
    .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'items.id').on('item_images.kind', '=', 'image1'))
    .select(['items.id', 'items.name', 'items.color', 'item_images.url as image', 'categories.name as category', 'item_sizes.size', 'item_categories.position'])
    .where('categories.brand_id', '=', ctx.data.brandId)
    .where('categories.name', 'in', categories)
    .where('items.active', '=', 1)
    .where('item_sizes.stock', '>', 0)
    .orderBy('item_categories.position')
    .orderBy('items.id')
    .execute()
  const byItem = new Map<number, OfferChoice>()
  for (const row of rows) {
    const found = byItem.get(row.id)
    if (found) {
      if (!found.sizes.includes(row.size)) found.sizes.push(row.size)
      continue
    }
    if (byItem.size >= MAX_CHOICES) continue
    byItem.set(row.id, { item_id: row.id, name: row.name, color: row.color, image: row.image, category: row.category, sizes: [row.size] })
  }
  return [...byItem.values()].map((choice) => ({ ...choice, sizes: sortSizes(choice.sizes) }))
}

export async function getOneTimeOffer(ctx: RequestContext, id: string, orderNumber: string | null): Promise<OneTimeOffer> {
  const offer = await findOffer(ctx, id)
  const categories = readJson<string[]>(offer.categories, [])
  const [choices, next] = await Promise.all([offerChoices(ctx, categories), nextAfter(ctx, offer.id, orderNumber)])
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
  return { next: await nextAfter(ctx, offer.id, orderNumber) }
}

/** Splits a price over n pieces, the odd cents on the first ones: 2999 over 2 -> [1500, 1499]. */
function spread(cents: number, pieces: number): number[] {
  const base = Math.floor(cents / pieces)
  return Array.from({ length: pieces }, (_, i) => base + (i < cents - base * pieces ? 1 : 0))
}

export async function acceptOneTimeOffer(ctx: RequestContext, deps: OfferDeps, key: string, id: string, input: AcceptOffer): Promise<{ next: string }> {
  const offer = await findOffer(ctx, id)
  const { order, visitorId } = await readableOrder(ctx, input.order_number)
  const claim = await claimAttempt(ctx, key, `offer:${order.order_number}:${offer.id}`, fingerprintOf([visitorId, input]), order.order_number)
  if (claim.kind === 'replay') return replay<{ next: string }>(claim.answer)
  const next = await nextAfter(ctx, offer.id, order.order_number)
  const { db, brandId } = ctx.data
  const gatewayKey = `offer:${brandId}:${key}`
  const now = ctx.now().toISOString()

  // what is bought: the chosen item, or the first in stock of the chosen (or first) category
  let reserved: { paymentId: string; itemId: number; size: string; name: string; color: string; image: string | null; amountCents: number; taxCents: number; savedMethod: string }
  try {
    if (order.status !== 'paid') throw conflict('This order is not complete yet, so nothing can be added to it.', 'order_number')
    const categories = readJson<string[]>(offer.categories, [])
    if (input.category && !categories.includes(input.category)) throw unprocessable(`This offer has no category ${input.category}.`, 'category')
    const choices = await offerChoices(ctx, input.category ? [input.category] : categories)
    const choice = input.item_id === undefined ? choices.find((c) => !input.size || c.sizes.includes(input.size)) : choices.find((c) => c.item_id === input.item_id)
    if (!choice) throw unprocessable(input.item_id === undefined ? 'Nothing in this offer is in stock in that size.' : 'That item is not part of this offer.', 'item_id')
    const size = input.size ?? (choice.sizes.length === 1 || offer.show_sizepicker === 0 ? choice.sizes[0] : undefined)
    if (!size) throw unprocessable('Choose a size.', 'size')
    if (!choice.sizes.includes(size)) throw conflict(`${choice.name} in size ${size} is sold out.`, 'size')
    const savedMethod = await oneClickMethod(db, brandId, order.order_number)
    if (!savedMethod) throw conflict("We can't add this to your order with one click. Place a new order instead.", 'order_number')
    // the offer's price is taxed at the order's address, like the order; it ships with the order, free
    const offerTaxCents = await deps.tax.taxCentsFor(ctx.data, {
      subtotalCents: offer.price_cents,
      discountCents: 0,
      shippingCents: 0,
      country: order.shipping_country,
      state: order.shipping_state,
    })
    const totals = { totalCents: offer.price_cents + offerTaxCents, taxCents: offerTaxCents }
    const paymentId = randomUUID()
    await db.transaction().execute(async (trx) => {
      if (!(await takeStock(trx, brandId, [{ itemId: choice.item_id, size, qty: offer.how_many }]))) {
        throw conflict(`${choice.name} in size ${size} has just sold out.`, 'size')
      }
      const inserted = await trx
        .insertInto('payments')
        .values({
          id: paymentId,
          brand_id: brandId,
          order_number: order.order_number,
          offer_id: offer.id,
          gateway: deps.gateway.name,
          gateway_payment_id: null,
          idempotency_key: key,
          amount_cents: totals.totalCents,
          status: 'pending',
          decline_reason: null,
          card_brand: null,
          last4: null,
          exp_month: null,
          exp_year: null,
          saved_method: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['order_number', 'offer_id']).doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw conflict('You already added this offer to your order.', 'order_number')
    })
    reserved = {
      paymentId,
      itemId: choice.item_id,
      size,
      name: choice.name,
      color: choice.color,
      image: choice.image,
      amountCents: totals.totalCents,
      taxCents: totals.taxCents,
      savedMethod,
    }
  } catch (error) {
    await releaseAttempt(ctx, key)
    throw error
  }
  emitStockChanged({ brandId, itemIds: [reserved.itemId] }, ctx.log)

  let result
  try {
    result = await deps.gateway.charge(ctx.data, {
      amountCents: reserved.amountCents,
      source: { kind: 'saved', reference: reserved.savedMethod, customerPresent: false },
      idempotencyKey: gatewayKey,
      description: `${ctx.brand.name} order ${order.order_number}: ${offer.short_item_name}`,
      metadata: { order_number: order.order_number, offer_id: offer.id },
    })
  } catch (error) {
    if (error instanceof GatewayUnavailable) {
      // outcome unknown: the reservation goes back and the key is free; a retry with it reaches the
      // gateway with the same derived key, which answers the first outcome instead of charging again
      await giveBack(ctx, reserved.paymentId, reserved.itemId, reserved.size, offer.how_many)
      await releaseAttempt(ctx, key)
      throw new HttpError(503, 'We could not reach the payment service. Try again in a moment: you will not be charged twice.')
    }
    throw error
  }

  if (result.status !== 'succeeded') {
    // a bank that wants the shopper to confirm (asked, or declined off-session for want of it) cannot be
    // answered on this page, and trying again would not help: say so rather than "try again"
    const message =
      result.status === 'declined' && result.code !== 'authentication_required'
        ? result.message
        : 'Your bank wants to confirm this payment, which we cannot do here. Nothing was charged.'
    const answer: StoredAnswer = { status: 402, error: { message, field: 'order_number' } }
    await giveBack(ctx, reserved.paymentId, reserved.itemId, reserved.size, offer.how_many)
    await finishAttempt(ctx, key, answer)
    return replay(answer)
  }

  const answer: StoredAnswer = { status: 200, data: { next } }
  const prices = spread(offer.price_cents, offer.how_many)
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('order_lines')
      .values(
        prices.map((cents) => ({
          id: randomUUID(),
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
          offer_id: offer.id,
        })),
      )
      .execute()
    const updated = await trx
      .updateTable('orders')
      .set((eb) => ({
        subtotal_cents: eb('subtotal_cents', '+', offer.price_cents),
        tax_cents: eb('tax_cents', '+', reserved.taxCents),
        total_cents: eb('total_cents', '+', reserved.amountCents),
      }))
      .where('order_number', '=', order.order_number)
      .returning('total_cents')
      .executeTakeFirstOrThrow()
    // the shopper is told in writing, as for the order itself (sent once: in the transaction that adds it)
    const email = offerAddedEmail(ctx.brand.name, ctx.origin, order, {
      name: reserved.name,
      color: reserved.color,
      size: reserved.size,
      qty: offer.how_many,
      charged_cents: reserved.amountCents,
      tax_cents: reserved.taxCents,
      order_total_cents: updated.total_cents,
    })
    await queueEmails(trx, brandId, now, [{ to: order.email, subject: email.subject, body: email.body }])
    await trx
      .updateTable('payments')
      .set({
        status: 'succeeded',
        gateway_payment_id: result.paymentId,
        card_brand: result.card?.brand ?? null,
        last4: result.card?.last4 ?? null,
        exp_month: result.card?.expMonth ?? null,
        exp_year: result.card?.expYear ?? null,
        updated_at: now,
      })
      .where('id', '=', reserved.paymentId)
      .execute()
    await finishAttempt(ctx, key, answer, trx)
  })
  ctx.log.info({ order: order.order_number, offer: offer.id }, 'one-time offer added to order')
  return replay(answer)
}

async function giveBack(ctx: RequestContext, paymentId: string, itemId: number, size: string, qty: number) {
  await ctx.data.db.transaction().execute(async (trx) => {
    await giveBackStock(trx, ctx.data.brandId, [{ itemId, size, qty }])
    await trx.deleteFrom('payments').where('id', '=', paymentId).where('status', '=', 'pending').execute()
  })
  emitStockChanged({ brandId: ctx.data.brandId, itemIds: [itemId] }, ctx.log)
}
