import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { answers } from '../http/response-schemas.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { addPaymentMethodBody, cardSetupParams, cardSetupStepSchema, paymentMethodParams, paymentMethodSchema } from './payment-methods.schemas.ts'
import { addPaymentMethod, completeCardSetup, listPaymentMethods, removePaymentMethod, setDefaultPaymentMethod } from './payment-methods.service.ts'

const tags = ['payments']
const methods = answers(z.array(paymentMethodSchema), "the customer's saved methods, the default first")

export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = await gatewayFor(app.env)

  app.get(
    '/payment-methods',
    { schema: { tags, summary: "The logged-in customer's saved cards (brand, last four, expiry)", operationId: 'listPaymentMethods', response: methods } },
    async (request) => ({ data: await listPaymentMethods(request.ctx, gateway) }),
  )

  app.post(
    '/payment-methods',
    {
      schema: {
        tags,
        summary:
          "Save a card from the provider's token (test gateway: POST /payments/test-tokens; Stripe: a PaymentMethod id); no charge. 402 refused; 202 when the bank wants the cardholder to confirm it first",
        operationId: 'addPaymentMethod',
        body: addPaymentMethodBody,
        response: {
          ...methods,
          202: z
            .object({ data: cardSetupStepSchema })
            .describe("the card's bank wants the cardholder to confirm it first: its step, then POST /payment-methods/setups/{setup_id}/complete"),
        },
      },
    },
    async (request, reply) => {
      const step = await addPaymentMethod(request.ctx, gateway, request.body.payment_token, request.body.make_default)
      if (step.status === 'saved') return { data: step.methods }
      return reply.status(202).send({ data: { setup_id: step.setup_id, client_secret: step.client_secret } })
    },
  )

  app.post(
    '/payment-methods/setups/:id/complete',
    {
      schema: {
        tags,
        summary:
          "Keep a card whose bank asked, after the cardholder's step (202 of POST /payment-methods). 402 the bank refused it; 409 not confirmed yet; 404 no such setup of this customer",
        operationId: 'completeCardSetup',
        params: cardSetupParams,
        response: methods,
      },
    },
    async (request) => ({ data: await completeCardSetup(request.ctx, gateway, request.params.id) }),
  )

  app.post(
    '/payment-methods/:id/default',
    {
      schema: { tags, summary: 'Make a saved card the default (club billing charges it)', operationId: 'setDefaultPaymentMethod', params: paymentMethodParams, response: methods },
    },
    async (request) => ({ data: await setDefaultPaymentMethod(request.ctx, gateway, request.params.id) }),
  )

  app.post(
    '/payment-methods/:id/remove',
    { schema: { tags, summary: 'Forget a saved card (here and at the provider)', operationId: 'removePaymentMethod', params: paymentMethodParams, response: methods } },
    async (request) => ({ data: await removePaymentMethod(request.ctx, gateway, request.params.id) }),
  )
}
