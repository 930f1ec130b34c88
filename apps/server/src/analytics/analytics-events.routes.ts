/**
 * POST /api/analytics-events: the browser's batches of first-party analytics
 * events (SPEC §3, §9; DESIGN §6). A batch is 1-50 events, each one of
 * ANALYTICS_EVENTS with at most 4 kB of properties and a time within the 90 s
 * batch timeout; it is stored whole, under the request's brand, visitor and
 * customer, with `brand` added to every event's properties.
 */
import { ANALYTICS_CLOCK_SKEW_MS, ANALYTICS_DEFAULTS, ANALYTICS_EVENTS, ANALYTICS_PROPERTIES_MAX_BYTES, DO_NOT_SELL_COOKIE, propertiesBytes } from '@store/core'
import type { FastifyError } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../http/errors.ts'
import { answers } from '../http/response-schemas.ts'
import { acceptedEventsSchema } from './analytics.responses.ts'
import { createAnalyticsSink } from './analytics-sink.ts'
import { publicValue } from './url-scrub.ts'

const describeInput = (input: unknown) => (typeof input === 'string' ? `'${input.slice(0, 64)}'` : String(input))

const eventName = z.enum(ANALYTICS_EVENTS, {
  error: (issue) => (issue.input === undefined ? 'Each event needs a name.' : `${describeInput(issue.input)} is not an analytics event this store records.`),
})

const properties = z.record(z.string(), z.unknown(), { error: 'Event properties must be a JSON object.' }).superRefine((value, ctx) => {
  const bytes = propertiesBytes(value)
  if (bytes > ANALYTICS_PROPERTIES_MAX_BYTES) {
    ctx.addIssue({
      code: 'custom',
      message: `Event properties are at most ${ANALYTICS_PROPERTIES_MAX_BYTES / 1024} kB as JSON; these are ${bytes} bytes.`,
    })
  }
})

const time = z
  .string({ error: 'An event time must be an ISO date such as 2025-03-01T12:00:00.000Z.' })
  .max(40, 'An event time must be an ISO date such as 2025-03-01T12:00:00.000Z.')
  .transform((text, ctx) => {
    const at = Date.parse(text)
    if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(at)) {
      ctx.addIssue({ code: 'custom', message: 'An event time must be an ISO date such as 2025-03-01T12:00:00.000Z.' })
      return z.NEVER
    }
    const now = Date.now()
    if (at < now - ANALYTICS_DEFAULTS.batchTimeoutMs - ANALYTICS_CLOCK_SKEW_MS) {
      ctx.addIssue({ code: 'custom', message: `This event is older than the ${ANALYTICS_DEFAULTS.batchTimeoutMs / 1000} s batch timeout and is not recorded.` })
      return z.NEVER
    }
    if (at > now + ANALYTICS_CLOCK_SKEW_MS) {
      ctx.addIssue({ code: 'custom', message: 'This event has a time in the future; check the clock of the device.' })
      return z.NEVER
    }
    // a clock a little ahead is recorded at the server's time
    return new Date(Math.min(at, now))
  })

const analyticsEvent = z.object(
  {
    name: eventName,
    properties: properties.optional(),
    time: time.optional(),
  },
  { error: 'Each event must be an object with a name.' },
)

const batch = z.object(
  {
    events: z
      .array(analyticsEvent, { error: 'Send the events as a list: {"events": [{"name": "Page Viewed"}]}.' })
      .min(1, 'Send at least one event.')
      .max(ANALYTICS_DEFAULTS.batchSize, `Send at most ${ANALYTICS_DEFAULTS.batchSize} events at a time.`),
  },
  { error: 'Send a JSON body such as {"events": [{"name": "Page Viewed"}]}.' },
)

/** Properties count toward a batch only once: 50 events of 4 kB, names and times fit in this. */
const BODY_LIMIT = 256 * 1024

export const analyticsEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const sink = createAnalyticsSink(app.env, app.store, app.log)

  // navigator.sendBeacon posts a string as text/plain: in this plugin only, such a body is read as JSON
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      const error = new Error('The request body is not valid JSON.') as FastifyError
      error.statusCode = 400
      done(error, undefined)
    }
  })

  app.post(
    '/analytics-events',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['analytics'],
        summary: 'Record a batch of first-party analytics events (1-50)',
        operationId: 'recordAnalyticsEvents',
        body: batch,
        response: answers(acceptedEventsSchema),
      },
    },
    async (request) => {
      const { events } = request.body
      // a shopper who opted out of data sale (SPEC §9): taken, and sent to no third party
      if (sink.kind !== 'local' && request.cookies[DO_NOT_SELL_COOKIE] === '1') return { data: { accepted: events.length } }
      const now = new Date()
      const session = await request.ctx.session.ensure()
      const recorded = sink.record(
        events.map((event) => ({
          brandId: request.brand.id,
          visitorId: session.visitorId,
          customerId: session.customerId,
          name: event.name,
          // URLs in the properties (url, path, referrer) lose their secret parameters; card numbers are masked
          properties: { ...publicValue(event.properties), brand: request.brand.id },
          time: event.time ?? now,
        })),
      )
      await recorded.catch((error: unknown) => {
        if (sink.kind === 'local') throw error
        // Mixpanel away or refusing: the page keeps the batch and tries again (analytics-client.ts)
        request.log.warn({ err: error }, 'analytics: Mixpanel did not take a batch')
        throw new HttpError(503, 'Analytics are not taken just now; send them again in a moment.')
      })
      return { data: { accepted: events.length } }
    },
  )
}
