import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { gatewayFor } from './gateway.ts'
import { authenticateTestPayment, createTestToken } from './payments.service.ts'

const field = (max: number) => z.coerce.string().trim().max(max, 'That is too long').optional().default('')
const ErrorsSchema = z.object({ errors: z.array(z.object({ message: z.string(), field: z.string().optional() })) })

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = await gatewayFor(app.env)

  app.post(
    '/payments/test-tokens',
    {
      schema: {
        tags: ['payments'],
        summary: 'Test gateway only: turn a test card into a token, as Stripe.js does (404 with PAYMENT_GATEWAY=stripe)',
        body: z.object({
          number: field(30),
          cvc: field(8),
          exp_month: field(4),
          exp_year: field(6),
        }),
        response: {
          200: z.object({
            data: z.object({ token: z.string(), card_brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
          }),
          422: ErrorsSchema.describe('core validateCardForm: fields number, cvc, exp'),
        },
      },
    },
    async (request, reply) => {
      const result = await createTestToken(request.ctx, gateway, request.body)
      if ('errors' in result) return reply.status(422).send({ errors: result.errors.map(({ message, field }) => ({ message, field })) })
      return { data: result.token }
    },
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
