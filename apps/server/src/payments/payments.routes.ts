import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { gatewayFor } from './gateway.ts'
import { authenticateTestPayment, createTestToken } from './payments.service.ts'

const field = (message: string, max: number) => z.coerce.string({ message }).trim().min(1, message).max(max, message)

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = await gatewayFor(app.env)

  app.post(
    '/payments/test-tokens',
    {
      schema: {
        tags: ['payments'],
        summary: 'Test gateway only: turn a test card into a token, as Stripe.js does (404 with PAYMENT_GATEWAY=stripe)',
        body: z.object({
          number: field('Enter your card number', 30),
          cvc: field('Enter the security code', 8),
          exp_month: field('Enter the expiry month', 4),
          exp_year: field('Enter the expiry year', 6),
        }),
        response: {
          200: z.object({
            data: z.object({ token: z.string(), card_brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
          }),
        },
      },
    },
    async (request) => ({ data: await createTestToken(request.ctx, gateway, request.body) }),
  )

  app.post(
    '/payments/authenticate',
    {
      schema: {
        tags: ['payments'],
        summary: "Test gateway only: complete or cancel a payment's authentication step (3-D Secure stand-in)",
        body: z.object({
          payment_id: z.string().trim().min(1, 'payment_id is required').max(100),
          outcome: z.enum(['complete', 'cancel'], { message: "outcome is 'complete' or 'cancel'" }),
        }),
        response: { 200: z.object({ data: z.object({ payment_id: z.string(), outcome: z.enum(['complete', 'cancel']) }) }) },
      },
    },
    async (request) => ({ data: await authenticateTestPayment(request.ctx, gateway, request.body.payment_id, request.body.outcome) }),
  )
}
