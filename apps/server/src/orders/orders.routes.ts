import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { answers } from '../http/response-schemas.ts'
import { orderSchema } from './orders.responses.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { getOrder, listOrders } from './orders.service.ts'
import { requestExchange } from './exchanges.ts'
import { cancelOrder, requestReturn } from './shopper-actions.ts'

/** `lines`: a JSON list of {line_id, qty, reason} (a form sends it as text), or the list itself. */
const returnLines = z
  .union([z.string().max(20_000), z.array(z.unknown()).max(100)])
  .transform((value, context) => {
    if (typeof value !== 'string') return value
    try {
      return JSON.parse(value) as unknown
    } catch {
      context.addIssue({ code: 'custom', message: 'lines must be a JSON list of {line_id, qty, reason}.' })
      return z.NEVER
    }
  })
  .pipe(
    z
      .array(
        z.object({
          line_id: z.string().trim().min(1).max(80),
          qty: z.coerce.number().int().min(1).max(999),
          reason: z.string().trim().min(1, 'Tell us why you are returning it.').max(500),
        }),
      )
      .min(1, 'Choose at least one piece to return.'),
  )

const orderNumberParams = z.object({ number: z.string().trim().min(1).max(40) })

/** POST /orders/{number}/returns (and the /orders page's return form). */
export const returnBody = z.object({ lines: returnLines })

/** POST /orders/{number}/exchanges (and the /orders page's exchange form). */
export const exchangeBody = z.object({
  line_id: z.string().trim().min(1).max(80),
  size: z.string().trim().min(1, 'Choose the size you want instead.').max(20),
  /** another colour of the same style (an item of the same style_id, at the same price); the piece's own item when absent */
  item_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.int('Choose a colour from the list.').positive('Choose a colour from the list.').optional(),
  ),
  reason: z.string().trim().max(500).default('Size exchange'),
})

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

  const gateway = await gatewayFor(app.env)

  app.post(
    '/orders/:number/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: "Cancel the shopper's own order, not yet packing and within the brand's window: refunded, stock back (otherwise 409 with the reason)",
        operationId: 'cancelOrder',
        params: orderNumberParams,
        response: answers(orderSchema),
      },
    },
    async (request) => {
      await cancelOrder(request.ctx, request.params.number, gateway)
      return { data: await getOrder(request.ctx, request.params.number) }
    },
  )

  app.post(
    '/orders/:number/returns',
    {
      schema: {
        tags: ['orders'],
        summary: 'Ask to return pieces of a delivered order within the return window (final sale, or past the window: 409 with the reason)',
        operationId: 'returnOrder',
        params: orderNumberParams,
        body: returnBody,
        response: answers(orderSchema),
      },
    },
    async (request) => {
      await requestReturn(request.ctx, request.params.number, request.body.lines)
      return { data: await getOrder(request.ctx, request.params.number) }
    },
  )

  app.post(
    '/orders/:number/exchanges',
    {
      schema: {
        tags: ['orders'],
        summary:
          'A club member exchanges a piece for another size, or another colour of its style at the same price (item_id), where the brand has clubExchanges: the replacement reserved at once, nothing charged (else 409 with the reason)',
        operationId: 'exchangeOrder',
        params: orderNumberParams,
        body: exchangeBody,
        response: answers(orderSchema),
      },
    },
    async (request) => {
      await requestExchange(request.ctx, request.params.number, { ...request.body, reason: request.body.reason || 'Size exchange' })
      return { data: await getOrder(request.ctx, request.params.number) }
    },
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
