/**
 * Afterpay's three doors (checkout/afterpay.ts, docs/checkout-money.md): the start, the shopper's
 * return from Afterpay's page, and Stripe's webhook. The webhook is its own plugin, so only there is
 * a JSON body kept as bytes: Stripe signs the raw body.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorBody } from '../http/errors.ts'
import { answers } from '../http/response-schemas.ts'
import { readIdempotencyKey } from '../payments/attempts.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { stripeEventOf } from '../payments/stripe-gateway.ts'
import { afterpayEvent, afterpayReturned, startAfterpay, type AfterpayReturn } from './afterpay.ts'
import { readCheckoutForm } from './checkout-input.ts'
import { CheckoutBody, ErrorsSchema } from './checkout.routes.ts'
import { databaseTaxRates } from './tax.ts'

const AfterpayAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('redirect'), order_number: z.string(), redirect_url: z.string().describe("Afterpay's page, where the shopper approves the payment") }),
  z.object({ status: z.literal('succeeded'), order_number: z.string(), next: z.string() }),
])

/** Where the return sends the shopper: the order's next page, /please-wait, or checkout with the reason (the page says it). */
function pathAfter(outcome: AfterpayReturn): string {
  if (outcome.kind === 'paid') return outcome.next
  if (outcome.kind === 'waiting') return `/please-wait?order=${encodeURIComponent(outcome.orderNumber)}`
  return `/checkout?afterpay=${outcome.reason}`
}

export const afterpayRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = await gatewayFor(app.env)
  const deps = { gateway, tax: databaseTaxRates }

  app.post(
    '/checkout/afterpay',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place the order paid by Afterpay (Stripe gateway): reserved, then the shopper goes to redirect_url to approve it; the same Idempotency-Key answers the same',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: CheckoutBody,
        response: {
          200: z.object({ data: AfterpayAnswerSchema }),
          400: ErrorsSchema.describe('Idempotency-Key missing or malformed'),
          409: ErrorsSchema.describe('sold out (field cart), or the same key still in progress'),
          422: ErrorsSchema.describe(
            'the form; Afterpay not offered (not the Stripe gateway, off for the brand) or the total outside its minimum and maximum (field payment_method)',
          ),
          503: ErrorsSchema.describe('Stripe could not be reached: retry with the same key'),
        },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers['idempotency-key'])
      const form = readCheckoutForm(request.body, 'afterpay')
      if ('errors' in form) return reply.status(422).send({ errors: form.errors.map(({ message, field }) => ({ message, field })) })
      return { data: await startAfterpay(request.ctx, deps, key, form.input) }
    },
  )

  app.get(
    '/checkout/afterpay/return',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "Stripe's return_url after Afterpay's page: settles the payment (once, whether this or the webhook comes first) and sends a browser on with a 303 to the order's next page, /please-wait, or /checkout?afterpay=declined|expired|unknown (the cart as it was); asked for JSON, answers that path",
        querystring: z.object({ payment_intent: z.string().trim().min(1, 'payment_intent is missing').max(255), redirect_status: z.string().max(40).optional() }),
        response: {
          ...answers(z.object({ next: z.string().describe('where the shopper goes now') }), 'asked with Accept: application/json'),
          303: z.null().describe('a browser: sent on to the next page (Location)'),
        },
      },
    },
    async (request, reply) => {
      const next = pathAfter(await afterpayReturned(request.ctx, deps, request.query.payment_intent))
      const accept = request.headers.accept ?? ''
      if (accept.includes('application/json') && !accept.includes('text/html')) return { data: { next } }
      return reply.redirect(next, 303)
    },
  )
}

/** POST /api/stripe/webhook: Stripe's signed events (payment_intent.succeeded, .payment_failed, .canceled) settle Afterpay's payments. */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const gateway = await gatewayFor(app.env)
  const deps = { gateway, tax: databaseTaxRates }
  const secret = app.env.STRIPE_WEBHOOK_SECRET
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body))
  app.post(
    '/stripe/webhook',
    {
      schema: {
        tags: ['checkout'],
        summary: "Stripe's events, signed with Stripe-Signature (401 when not): a PaymentIntent an Afterpay checkout waits on is settled once",
        response: answers(z.object({ outcome: z.enum(['settled', 'ignored']) })),
      },
    },
    async (request, reply) => {
      if (gateway.name !== 'stripe' || !secret) return reply.status(404).send(errorBody('This store takes no Stripe events (PAYMENT_GATEWAY=stripe and STRIPE_WEBHOOK_SECRET).'))
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const signature = request.headers['stripe-signature']
      const event = stripeEventOf(raw, typeof signature === 'string' ? signature : undefined, secret)
      if (!event) return reply.status(401).send(errorBody('The Stripe-Signature of this delivery is missing, wrong or too old.'))
      // one endpoint per brand's domain: an event of another brand's payment is that endpoint's
      if (!event.paymentIntent || event.paymentIntent.brand !== request.ctx.data.brandId) return { data: { outcome: 'ignored' as const } }
      const outcome = await afterpayEvent(request.ctx, deps, { type: event.type, paymentIntentId: event.paymentIntent.id })
      return { data: { outcome } }
    },
  )
}
