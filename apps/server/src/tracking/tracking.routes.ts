import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorBody } from '../http/errors.ts'
import { answers } from '../http/response-schemas.ts'
import { SignedWebhookCarrier, WebhookPayloadError, type Carrier } from './carrier.ts'
import { trackingSchema } from './tracking.responses.ts'
import { trackingParams, trackingQuery } from './tracking.schemas.ts'
import { getTracking, recordCarrierEvent } from './tracking.service.ts'

export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tracking/:number',
    {
      schema: {
        tags: ['orders'],
        summary: "An order's carrier and events: for its customer, or with the order's e-mail (anything else: 404)",
        operationId: 'getTracking',
        params: trackingParams,
        querystring: trackingQuery,
        response: answers(trackingSchema),
      },
    },
    async (request) => ({ data: await getTracking(request.ctx, request.params.number, request.query.email ?? null) }),
  )
}

/**
 * POST /api/tracking/webhook: the carrier's signed events (docs/tracking.md). Its own
 * plugin, so only here is a JSON body kept as bytes: the signature is over the raw body.
 */
export function trackingWebhookRoutes(carrier?: Carrier): FastifyPluginAsync {
  return async (app) => {
    const reader = carrier ?? new SignedWebhookCarrier(app.env.TRACKING_WEBHOOK_SECRET)
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body))
    app.post(
      '/tracking/webhook',
      {
        schema: {
          tags: ['orders'],
          summary: "The carrier's tracking events, signed with X-Tracking-Signature: sha256=HMAC-SHA256(secret, raw body) (401 when not)",
          operationId: 'postTrackingWebhook',
          response: answers(z.object({ outcome: z.enum(['recorded', 'duplicate']) })),
        },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        let event: ReturnType<typeof reader.readWebhook>
        try {
          event = reader.readWebhook(raw, request.headers)
        } catch (error) {
          if (error instanceof WebhookPayloadError) return reply.status(400).send(errorBody(error.message))
          throw error
        }
        if (!event) return reply.status(401).send(errorBody('The signature of this delivery is missing or wrong.'))
        const outcome = await recordCarrierEvent(request.ctx, event)
        if (outcome === 'unknown_order') return reply.status(404).send(errorBody(`There is no order ${event.order_number}.`, 'order_number'))
        return { data: { outcome } }
      },
    )
  }
}
