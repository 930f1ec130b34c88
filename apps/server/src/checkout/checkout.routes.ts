import { SHIPPING_METHODS, type CheckoutResult } from '@store/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { gatewayFor } from '../payments/gateway.ts'
import { readCheckoutForm } from './checkout-input.ts'
import { checkout, quoteCheckout } from './checkout.service.ts'
import { readIdempotencyKey } from '../payments/attempts.ts'
import { databaseTaxRates } from './tax.ts'

const part = (max: number) => z.union([z.string().max(max, 'That is too long'), z.number(), z.boolean()]).optional()
const addressFields = (prefix: 'shipping' | 'billing') =>
  Object.fromEntries(['name', 'company', 'country', 'address', 'address_2', 'city', 'state', 'zip', 'phone'].map((name) => [`${prefix}_${name}`, part(200)]))

/** Shapes only: the rules are core's validateCheckoutForm, answered as a 422 listing every field in error. */
export const CheckoutBody = z.object({
  email: part(254),
  ...addressFields('shipping'),
  billing_same: part(10),
  ...addressFields('billing'),
  payment_token: part(255),
  /** a card the logged-in customer saved (GET /api/payment-methods), instead of a new card's token */
  payment_method_id: part(64),
  shipping_method: part(20),
  /** checkout_club_flow (or vip_flow) joins the club: the first period is charged with the order */
  checkout_flow: part(30),
  /** the total the shopper was shown ('45.94'): a different total is a 409, nothing reserved or charged */
  expected_total: part(20),
})

/** GET /checkout/quote's input, shared with the checkout page's services (web/store-services.ts). */
export const CheckoutQuoteQuery = z.object({
  shipping_country: z.string().trim().max(60).default('US'),
  shipping_state: z.string().trim().max(60).default(''),
  shipping_method: z.enum(SHIPPING_METHODS, { message: 'Choose standard or express shipping' }).default('standard'),
  /** checkout_club_flow (or vip_flow): the total of joining the club with this cart, as POST /checkout with it charges */
  checkout_flow: z.string().trim().max(30).optional(),
  /** the e-mail typed at checkout: a code for a first order that this e-mail has used does not count (code_refusal) */
  email: z.string().trim().max(254).optional(),
  host: z.string().optional(),
})

/** The contract's error body (DESIGN §4). */
export const ErrorsSchema = z.object({ errors: z.array(z.object({ message: z.string(), field: z.string().optional() })) })

const CheckoutResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), order_number: z.string(), next: z.string() }),
  z.object({ status: z.literal('requires_action'), order_number: z.string(), next: z.null(), payment_id: z.string(), client_secret: z.string() }),
])

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = await gatewayFor(app.env)
  const deps = { gateway, tax: databaseTaxRates }

  app.get(
    '/checkout/quote',
    {
      schema: {
        tags: ['checkout'],
        summary: 'What POST /checkout would charge for this cart, shipped to a country and state by a method (same computation)',
        querystring: CheckoutQuoteQuery,
        response: {
          200: z.object({
            data: z.object({
              subtotal: z.number(),
              discount: z.number(),
              bundle_discount: z.number().describe("what the bundle offers save, in discount (the rest is the code's)"),
              shipping_method: z.enum(SHIPPING_METHODS),
              shipping: z.number(),
              tax: z.number(),
              total: z.number(),
              club_fee: z.number().describe("joining the club with this order: its first period's price, in the subtotal; else 0"),
              shipping_options: z.array(z.object({ method: z.enum(SHIPPING_METHODS), label: z.string(), price: z.number(), free: z.boolean() })),
              code_refusal: z
                .string()
                .nullable()
                .describe("the cart's code does not count for this shopper (a code for a first order used before), in words; the figures are without it"),
            }),
          }),
          422: ErrorsSchema.describe('an empty cart (field cart)'),
        },
      },
    },
    async (request) => {
      const { shipping_country, shipping_state, shipping_method, checkout_flow, email } = request.query
      return { data: await quoteCheckout(request.ctx, deps, { country: shipping_country, state: shipping_state, method: shipping_method, flow: checkout_flow, email }) }
    },
  )

  app.post(
    '/checkout',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place the order: charge the card token once per Idempotency-Key (docs/checkout.md)',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: CheckoutBody,
        response: {
          200: z.object({ data: CheckoutResultSchema }),
          400: ErrorsSchema.describe('Idempotency-Key missing or malformed'),
          402: ErrorsSchema.describe('the card was declined (field payment_token)'),
          409: ErrorsSchema.describe('sold out (field cart), or the same key still in progress'),
          422: ErrorsSchema.describe('the form: every field in error; an empty cart; a key reused with other fields'),
          503: ErrorsSchema.describe('the payment service could not be reached: retry with the same key'),
        },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers['idempotency-key'])
      const form = readCheckoutForm(request.body)
      if ('errors' in form) return reply.status(422).send({ errors: form.errors.map(({ message, field }) => ({ message, field })) })
      const data: CheckoutResult = await checkout(request.ctx, deps, key, form.input)
      return { data }
    },
  )
}
