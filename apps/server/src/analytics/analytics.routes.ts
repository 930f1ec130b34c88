import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DO_NOT_SELL_COOKIE, UTM_PARAMS } from '@store/core'
import { answers, okSchema } from '../http/response-schemas.ts'
import { analyticsEventRoutes } from './analytics-events.routes.ts'
import { recordPixelEvent, recordUtmVisit } from './analytics.service.ts'

const jsonObject = z
  .string()
  .max(10_000, 'event_json_data is too long')
  .default('{}')
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text)
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'event_json_data must be a JSON object' })
    return z.NEVER
  })

const utmValue = z.string().max(200, 'UTM values are at most 200 characters')

/**
 * The utm_* parameters, declared one by one so /api/openapi.json can list them; any
 * other parameter (gclid, fbclid ...) is accepted too and kept as an extra: the
 * catchall is checked here but OpenAPI has no way to describe it as parameters.
 */
const utmQuery = z
  .object({
    ...(Object.fromEntries(UTM_PARAMS.map((name) => [name, utmValue.optional()])) as Record<(typeof UTM_PARAMS)[number], z.ZodOptional<typeof utmValue>>),
    host: z.string().optional(),
  })
  .catchall(utmValue)
  .superRefine((query, ctx) => {
    for (const name of Object.keys(query)) {
      if (name.length > 60) ctx.addIssue({ code: 'custom', message: 'Parameter names are at most 60 characters', path: [name.slice(0, 60)] })
    }
  })

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /analytics-events, in its own context (it reads text/plain bodies as JSON)
  await app.register(analyticsEventRoutes)

  app.get(
    '/pixel-event',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record an advertising pixel event (PageView, ViewContent, AddToCart ...)',
        operationId: 'recordPixelEvent',
        querystring: z.object({
          uuid: z.string({ message: 'uuid is required' }).min(8, 'uuid is too short').max(64, 'uuid is too long'),
          event_name: z.string({ message: 'event_name is required' }).regex(/^[A-Za-z][A-Za-z0-9 _-]{0,63}$/, 'event_name must be a short name like PageView'),
          event_json_data: jsonObject,
          event_source_url: z.string().max(2000).optional(),
          fbclid: z.string().max(500).optional(),
          limited_data_use: z.enum(['0', '1', 'true', 'false']).optional(),
          host: z.string().optional(),
        }),
        response: answers(okSchema),
      },
    },
    async (request) => {
      const query = request.query
      await recordPixelEvent(request.ctx, {
        ...query,
        // the page says so, or its do_not_sell cookie does (SPEC §9)
        limited_data_use: query.limited_data_use === '1' || query.limited_data_use === 'true' || request.cookies[DO_NOT_SELL_COOKIE] === '1',
        userAgent: request.headers['user-agent']?.slice(0, 500),
      })
      return { data: { ok: true } }
    },
  )

  app.get(
    '/utm-data',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record the campaign parameters of a visit',
        description: 'Any other parameter (gclid, fbclid ...) is accepted too, at most 200 characters, and kept with the visit.',
        operationId: 'recordUtmVisit',
        querystring: utmQuery,
        response: answers(okSchema),
      },
    },
    async (request) => {
      await recordUtmVisit(request.ctx, request.query)
      return { data: { ok: true } }
    },
  )
}
