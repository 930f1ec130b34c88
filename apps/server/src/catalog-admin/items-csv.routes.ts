/** GET and POST /api/admin/items.csv (DESIGN §8): the catalogue as CSV, and its import with a dry run. */
import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { unprocessable } from '../http/errors.ts'
import { answers } from '../http/response-schemas.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import { cachesOf } from './catalog-admin.caches.ts'
import { csvImportQuery, csvReportSchema } from './catalog-admin.schemas.ts'
import { exportItemsCsv, importItemsCsv } from './items-csv.ts'

const tags = ['admin: catalogue']

export const itemsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  // the import's body is read as it arrives (csv-parse), not gathered first: its stream is the body
  app.addContentTypeParser(['text/csv', 'application/csv'], (_request, payload, done) => done(null, payload))

  // CSV, not the JSON envelope: left out of /api/openapi.json, whose answers are all `{data}`
  app.get('/items.csv', { onRequest: allow('catalog.view'), schema: { hide: true } }, async (request, reply) => {
    const day = request.ctx.now().toISOString().slice(0, 10)
    reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store').header('content-disposition', `attachment; filename="items-${request.ctx.brand.id}-${day}.csv"`)
    return reply.send(exportItemsCsv(request.ctx))
  })

  app.post(
    '/items.csv',
    {
      onRequest: allow('catalog.edit'),
      schema: {
        tags,
        summary: 'Import the catalogue CSV (body text/csv, as GET /items.csv writes it): each change and each error with its line; ?dry_run=1 changes nothing',
        operationId: 'adminImportItemsCsv',
        consumes: ['text/csv'],
        querystring: csvImportQuery,
        response: answers(csvReportSchema),
      },
    },
    async (request) => {
      if (!(request.body instanceof Readable)) throw unprocessable('Send the CSV file as the body, with Content-Type: text/csv.', 'file')
      const dryRun = request.query.dry_run === true
      return { data: await importItemsCsv(request.ctx, acting(request, 'catalog.edit').actor, cachesOf(request), request.body, dryRun) }
    },
  )
}
