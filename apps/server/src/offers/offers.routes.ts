import { FLOW_TYPES } from '@store/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readIdempotencyKey } from '../payments/attempts.ts'
import { databaseTaxRates } from '../checkout/tax.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { setCheckoutFlow } from './checkout-flow.service.ts'
import { nextOfferPage } from './offer-flow.service.ts'
import { acceptOneTimeOffer, declineOneTimeOffer, getOneTimeOffer } from './one-time-offers.service.ts'
import { acceptOrderBump, declineOrderBump, getOrderBump, listOrderBumps } from './order-bumps.service.ts'

import { acceptBumpBody, acceptOfferBody, checkoutFlowBody, declineOfferBody, offerFlowQuery, offerId } from './offers.schemas.ts'
const Next = z.object({ data: z.object({ next: z.string() }) })
/** the next page, or the bank's step first (then the same Idempotency-Key again) */
const OfferAccepted = z.object({
  data: z.union([
    z.object({ next: z.string() }),
    z.object({ status: z.literal('requires_action'), payment_id: z.string(), client_secret: z.string(), amount: z.number(), next: z.null() }),
  ]),
})

const OrderBumpSchema = z.object({
  id: z.string(),
  headline: z.string(),
  text_copy: z.string(),
  short_item_name: z.string(),
  price: z.number(),
  item_id: z.number(),
  image: z.string().nullable(),
  sizes: z.array(z.string()),
  next: z.string(),
})

const nullableText = z.string().nullable()
const OneTimeOfferSchema = z.object({
  id: z.string(),
  categories: z.array(z.string()),
  banner: nullableText,
  headline: z.string(),
  text_copy: z.string(),
  extended_copy_1: nullableText,
  extended_copy_2: nullableText,
  extended_copy_3: nullableText,
  image_1: nullableText,
  image_2: nullableText,
  image_3: nullableText,
  image_4: nullableText,
  no_thanks_button_copy: z.string(),
  how_many: z.number(),
  short_item_name: z.string(),
  show_product_picker: z.boolean(),
  show_full_product_picker: z.boolean(),
  show_category_picker: z.boolean(),
  show_sizepicker: z.boolean(),
  digital_product: z.boolean(),
  price: z.number(),
  choices: z.array(z.object({ item_id: z.number(), name: z.string(), color: z.string(), image: nullableText, category: z.string(), sizes: z.array(z.string()) })),
  next: z.string(),
})

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = await gatewayFor(app.env)
  const deps = { gateway, tax: databaseTaxRates }

  app.post(
    '/checkout/flow',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Set the checkout flow on the cart, and the offer code the shopper came with (its discount code applied where allowed)',
        body: checkoutFlowBody,
        response: {
          200: z.object({
            data: z.object({
              checkout_flow: z.enum(FLOW_TYPES),
              offer_code: z.string().nullable(),
              discount_code_name: z.string().nullable(),
              offer_price: z.number().nullable(),
            }),
          }),
        },
      },
    },
    async (request) => ({ data: await setCheckoutFlow(request.ctx, request.body.checkout_flow, request.body.offer_code || null) }),
  )

  app.get(
    '/offer-flow/next',
    {
      schema: {
        tags: ['checkout'],
        summary: "Where the post-offer flow goes next (SPEC §4): type checkout-ob or checkout-oto; any other type is 'Unknown pageOfferType'",
        querystring: offerFlowQuery,
        response: { 200: Next },
      },
    },
    async (request) => ({ data: await nextOfferPage(request.ctx, request.query) }),
  )

  app.get(
    '/order-bumps',
    {
      schema: {
        tags: ['offers'],
        summary: "The brand's order bumps in order, and the first page of the flow (/checkout-ob/{id}, or /checkout without any)",
        response: { 200: z.object({ data: z.object({ ids: z.array(z.string()), first: z.string() }) }) },
      },
    },
    async (request) => ({ data: await listOrderBumps(request.ctx) }),
  )

  app.get(
    '/order-bumps/:id',
    {
      schema: {
        tags: ['offers'],
        summary: 'An order bump (SPEC §3), its sizes in stock and the next page',
        params: offerId,
        response: { 200: z.object({ data: OrderBumpSchema }) },
      },
    },
    async (request) => ({ data: await getOrderBump(request.ctx, request.params.id) }),
  )

  app.post(
    '/order-bumps/:id/accept',
    {
      schema: {
        tags: ['offers'],
        summary: "Add the bump's item to the cart at its price (before payment); data.next is the next page",
        params: offerId,
        body: acceptBumpBody,
        response: { 200: Next },
      },
    },
    async (request) => ({ data: await acceptOrderBump(request.ctx, request.params.id, request.body.size) }),
  )

  app.post(
    '/order-bumps/:id/decline',
    { schema: { tags: ['offers'], summary: 'No thanks: data.next is the next page', params: offerId, response: { 200: Next } } },
    async (request) => ({ data: await declineOrderBump(request.ctx, request.params.id) }),
  )

  app.get(
    '/one-time-offers/:id',
    {
      schema: {
        tags: ['offers'],
        summary: 'A one-time offer (SPEC §3) with its picker choices and the next page (order: the order number, carried into next)',
        params: offerId,
        querystring: z.object({ order: z.string().max(40).optional(), host: z.string().optional() }),
        response: { 200: z.object({ data: OneTimeOfferSchema }) },
      },
    },
    async (request) => ({ data: await getOneTimeOffer(request.ctx, request.params.id, request.query.order ?? null) }),
  )

  app.post(
    '/one-time-offers/:id/accept',
    {
      schema: {
        tags: ['offers'],
        summary:
          "Buy the offer: the order's saved card is charged once per Idempotency-Key and the pieces join the order; a bank that asks for its step answers requires_action, and the same key finishes after it",
        params: offerId,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: acceptOfferBody,
        response: { 200: OfferAccepted },
      },
    },
    async (request) => {
      const key = readIdempotencyKey(request.headers['idempotency-key'])
      return { data: await acceptOneTimeOffer(request.ctx, deps, key, request.params.id, request.body) }
    },
  )

  app.post(
    '/one-time-offers/:id/decline',
    {
      schema: {
        tags: ['offers'],
        summary: 'No thanks: data.next is the next page',
        params: offerId,
        body: declineOfferBody,
        response: { 200: Next },
      },
    },
    async (request) => ({ data: await declineOneTimeOffer(request.ctx, request.params.id, request.body.order_number) }),
  )
}
