import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { answers } from '../http/response-schemas.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { addPaymentMethodBody, paymentMethodParams, paymentMethodSchema } from './payment-methods.schemas.ts'
import { addPaymentMethod, listPaymentMethods, removePaymentMethod, setDefaultPaymentMethod } from './payment-methods.service.ts'

const tags = ['payments']
const methods = answers(z.array(paymentMethodSchema), 'the customer\'s saved methods, the default first')

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
        summary: "Save a card from the provider's token (test gateway: POST /payments/test-tokens; Stripe: a PaymentMethod id); no charge. 402 refused",
        operationId: 'addPaymentMethod',
        body: addPaymentMethodBody,
        response: methods,
      },
    },
    async (request) => ({ data: await addPaymentMethod(request.ctx, gateway, request.body.payment_token, request.body.make_default) }),
  )

  app.post(
    '/payment-methods/:id/default',
    { schema: { tags, summary: 'Make a saved card the default (club billing charges it)', operationId: 'setDefaultPaymentMethod', params: paymentMethodParams, response: methods } },
    async (request) => ({ data: await setDefaultPaymentMethod(request.ctx, gateway, request.params.id) }),
  )

  app.post(
    '/payment-methods/:id/remove',
    { schema: { tags, summary: 'Forget a saved card (here and at the provider)', operationId: 'removePaymentMethod', params: paymentMethodParams, response: methods } },
    async (request) => ({ data: await removePaymentMethod(request.ctx, gateway, request.params.id) }),
  )
}
