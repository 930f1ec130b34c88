/** GET /api/admin/audit and /audit.csv: the brand's audit log, searchable by person, entity and date. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AuditEntry } from '@store/core'
import { z } from 'zod'
import { answers, contract } from '../http/response-schemas.ts'
import { auditCsv, listAudit } from './audit.ts'
import { allow } from './staff-guard.ts'

const filters = z.object({
  entity: z.string().trim().max(60).optional(),
  entity_id: z.string().trim().max(100).optional(),
  actor: z.string().trim().max(254).optional().describe('a staff id or e-mail'),
  from: z.string().trim().max(40).optional().describe('YYYY-MM-DD or a date-time, inclusive'),
  to: z.string().trim().max(40).optional().describe('YYYY-MM-DD or a date-time, inclusive'),
})

const entrySchema = contract<AuditEntry>('AuditEntry')(
  z.object({
    id: z.string(),
    at: z.string(),
    actor: z.string().nullable().describe('the staff id; null for the command line'),
    actor_email: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entity_id: z.string(),
    before: z.unknown().describe('the values before (JSON), null for a creation'),
    after: z.unknown().describe('the values after (JSON), null for a removal'),
    ip: z.string(),
  }),
)

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      onRequest: allow('audit.view'),
      schema: {
        tags: ['admin: audit'],
        summary: 'The audit log, newest first',
        operationId: 'adminAudit',
        querystring: filters.extend({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(500).optional() }),
        response: answers(z.object({ entries: z.array(entrySchema), next_cursor: z.string().nullable() })),
      },
    },
    async (request) => {
      const query = request.query
      return { data: await listAudit(request.ctx.data.db, request.ctx.brand.id, query) }
    },
  )

  // CSV, not the JSON envelope: left out of /api/openapi.json, whose answers are all `{data}`
  app.get('/audit.csv', { onRequest: allow('audit.view'), schema: { hide: true, querystring: filters } }, async (request, reply) => {
    const query = request.query
    const day = request.ctx.now().toISOString().slice(0, 10)
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="audit-${request.ctx.brand.id}-${day}.csv"`)
    return reply.send(auditCsv(request.ctx.data.db, request.ctx.brand.id, query))
  })
}
