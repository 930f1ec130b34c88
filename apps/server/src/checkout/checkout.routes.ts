import { parseBoolean, type CheckoutResult } from '@store/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { unprocessable } from '../http/errors.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { SHIPPING_METHODS, type CheckoutAddress } from './checkout-input.ts'
import { checkout } from './checkout.service.ts'
import { readIdempotencyKey } from './idempotency.ts'
import { databaseTaxRates } from './tax.ts'

const part = (max: number) => z.string().trim().max(max, 'That is too long').optional().default('')
const addressFields = (prefix: 'shipping' | 'billing') => ({
  [`${prefix}_name`]: part(120),
  [`${prefix}_company`]: part(120),
  [`${prefix}_country`]: part(60),
  [`${prefix}_address`]: part(200),
  [`${prefix}_address_2`]: part(200),
  [`${prefix}_city`]: part(100),
  [`${prefix}_state`]: part(100),
  [`${prefix}_zip`]: part(20),
  [`${prefix}_phone`]: part(40),
})

const CheckoutBody = z.object({
  email: z.string({ message: 'Enter your email address' }).trim().max(254, 'That email address is too long').email('Enter a valid email address'),
  ...addressFields('shipping'),
  billing_same: z.union([z.boolean(), z.string(), z.number()]).optional(),
  ...addressFields('billing'),
  payment_token: z.string({ message: 'Enter your card details' }).trim().min(1, 'Enter your card details').max(255, 'That payment token is not valid'),
  shipping_method: z.enum(SHIPPING_METHODS, { message: 'Choose standard or express shipping' }).default('standard'),
})

export const CheckoutResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), order_number: z.string(), next: z.string() }),
  z.object({ status: z.literal('requires_action'), order_number: z.string(), next: z.null(), payment_id: z.string(), client_secret: z.string() }),
])

function addressOf(body: Record<string, string | undefined>, prefix: 'shipping' | 'billing'): CheckoutAddress {
  const get = (name: string) => body[`${prefix}_${name}`] ?? ''
  return {
    name: get('name'),
    company: get('company'),
    country: get('country'),
    address: get('address'),
    address_2: get('address_2'),
    city: get('city'),
    state: get('state'),
    zip: get('zip'),
    phone: get('phone'),
  }
}

function billingSame(value: unknown): boolean {
  if (value === undefined || value === '') return true
  try {
    return parseBoolean(value)
  } catch {
    throw unprocessable('billing_same must be true or false.', 'billing_same')
  }
}

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = await gatewayFor(app.env)
  const deps = { gateway, tax: databaseTaxRates }

  app.post(
    '/checkout',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place the order: charge the card token once per Idempotency-Key (docs/checkout.md)',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: CheckoutBody,
        response: { 200: z.object({ data: CheckoutResultSchema }) },
      },
    },
    async (request) => {
      const key = readIdempotencyKey(request.headers['idempotency-key'])
      const body = request.body as z.infer<typeof CheckoutBody> & Record<string, string | undefined>
      // a card number where the token belongs never goes further (nor into a log)
      if (/^[\d\s-]{12,23}$/.test(body.payment_token)) {
        throw unprocessable('Send the payment token from the card form, never the card number itself.', 'payment_token')
      }
      const data: CheckoutResult = await checkout(request.ctx, deps, key, {
        email: body.email.toLowerCase(),
        shipping: addressOf(body, 'shipping'),
        billing: billingSame(body.billing_same) ? null : addressOf(body, 'billing'),
        payment_token: body.payment_token,
        shipping_method: body.shipping_method,
      })
      return { data }
    },
  )
}
