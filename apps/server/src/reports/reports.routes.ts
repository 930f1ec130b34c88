/** /api/admin/reports/*: sales, the checkout funnel and sizes running out, as JSON and as CSV (reports.view). */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FunnelReport, LowStockReport, SalesReport } from '@store/core'
import { z } from 'zod'
import { answers, contract } from '../http/response-schemas.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import { csvText } from '../shared/csv.ts'
import { funnelReport, lowStockReport, salesReport, type ReportScope } from './reports.service.ts'

const tags = ['admin: reports']
const day = z.string().trim().max(10).describe('YYYY-MM-DD')
const periodQuery = z.object({
  from: day.optional().describe('first day, YYYY-MM-DD (default: 29 days before `to`)'),
  to: day.optional().describe('last day, YYYY-MM-DD (default: today)'),
})
const salesQuery = periodQuery.extend({ by: z.enum(['day', 'category', 'item', 'brand']).default('day') })
const lowStockQuery = z.object({ threshold: z.coerce.number().int().min(0).max(1000).default(5), limit: z.coerce.number().int().min(1).max(1000).default(200) })

const period = z.object({ from: z.string(), to: z.string() })
const salesFigures = z.object({ orders: z.number(), units: z.number(), gross: z.number(), refunds: z.number(), net: z.number(), average_order_value: z.number() })
const salesSchema = contract<SalesReport>('SalesReport')(
  z.object({ period, by: z.enum(['day', 'category', 'item', 'brand']), rows: z.array(salesFigures.extend({ key: z.string(), label: z.string() })), totals: salesFigures }),
)
const funnelSchema = contract<FunnelReport>('FunnelReport')(
  z.object({
    period,
    checkout_started: z.number(),
    paid: z.number(),
    bump_taken: z.number(),
    offer_taken: z.number(),
    paid_rate: z.number().nullable(),
    bump_rate: z.number().nullable(),
    offer_rate: z.number().nullable(),
    average_order_value: z.number(),
  }),
)
const lowStockSchema = contract<LowStockReport>('LowStockReport')(
  z.object({
    threshold: z.number(),
    rows: z.array(
      z.object({ item_id: z.number(), name: z.string(), color: z.string(), size: z.string(), stock: z.number(), sold_30_days: z.number(), days_of_cover: z.number().nullable() }),
    ),
  }),
)

function scopeOf(request: FastifyRequest): ReportScope {
  const staff = acting(request, 'reports.view')
  return { db: request.ctx.data.db, brandId: request.ctx.brand.id, staffId: staff.staff.id, now: request.ctx.now() }
}

function sendCsv(request: FastifyRequest, reply: FastifyReply, name: string, csv: string) {
  const today = request.ctx.now().toISOString().slice(0, 10)
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-${request.ctx.brand.id}-${today}.csv"`).send(csv)
}

const SALES_COLUMNS = ['key', 'label', 'orders', 'units', 'gross', 'refunds', 'net', 'average_order_value'] as const

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/sales',
    {
      onRequest: allow('reports.view'),
      schema: {
        tags,
        summary: 'Sales by day, category, item or brand',
        operationId: 'adminSalesReport',
        querystring: salesQuery,
        response: answers(z.object({ report: salesSchema })),
      },
    },
    async (request) => ({ data: { report: await salesReport(scopeOf(request), request.query) } }),
  )

  app.get(
    '/reports/funnel',
    {
      onRequest: allow('reports.view'),
      schema: {
        tags,
        summary: 'The checkout funnel and its take rates',
        operationId: 'adminFunnelReport',
        querystring: periodQuery,
        response: answers(z.object({ report: funnelSchema })),
      },
    },
    async (request) => ({ data: { report: await funnelReport(scopeOf(request), request.query) } }),
  )

  app.get(
    '/reports/low-stock',
    {
      onRequest: allow('reports.view'),
      schema: {
        tags,
        summary: 'Sizes running out, soonest first',
        operationId: 'adminLowStockReport',
        querystring: lowStockQuery,
        response: answers(z.object({ report: lowStockSchema })),
      },
    },
    async (request) => ({ data: { report: await lowStockReport(scopeOf(request), request.query) } }),
  )

  // CSV, not the JSON envelope: left out of /api/openapi.json, whose answers are all `{data}`
  app.get('/reports/sales.csv', { onRequest: allow('reports.view'), schema: { hide: true, querystring: salesQuery } }, async (request, reply) => {
    const report = await salesReport(scopeOf(request), request.query)
    return sendCsv(request, reply, `sales-by-${report.by}-${report.period.from}-${report.period.to}`, csvText(report.rows, [...SALES_COLUMNS]))
  })
  app.get('/reports/funnel.csv', { onRequest: allow('reports.view'), schema: { hide: true, querystring: periodQuery } }, async (request, reply) => {
    const report = await funnelReport(scopeOf(request), request.query)
    const { period: covered, ...figures } = report
    return sendCsv(
      request,
      reply,
      `funnel-${covered.from}-${covered.to}`,
      csvText([{ from: covered.from, to: covered.to, ...figures }], ['from', 'to', ...(Object.keys(figures) as (keyof typeof figures)[])]),
    )
  })
  app.get('/reports/low-stock.csv', { onRequest: allow('reports.view'), schema: { hide: true, querystring: lowStockQuery } }, async (request, reply) => {
    const report = await lowStockReport(scopeOf(request), request.query)
    return sendCsv(request, reply, 'low-stock', csvText(report.rows, ['item_id', 'name', 'color', 'size', 'stock', 'sold_30_days', 'days_of_cover']))
  })
}
