import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { answers } from '../http/response-schemas.ts'
import { orderSchema } from './orders.responses.ts'
import { getOrder, listOrders } from './orders.service.ts'

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:number',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order, for the session that placed it or the customer who owns it (anyone else: 404)',
        operationId: 'getOrder',
        params: z.object({ number: z.string().trim().min(1).max(40) }),
        response: answers(orderSchema),
      },
    },
    async (request) => ({ data: await getOrder(request.ctx, request.params.number) }),
  )

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The logged-in customer's orders, newest first (401 for a visitor)",
        operationId: 'listOrders',
        response: answers(z.array(orderSchema)),
      },
    },
    async (request) => ({ data: await listOrders(request.ctx) }),
  )
}
