/** /api/admin/customers (DESIGN §8): search, one customer, and a reset, a copy or the erasure of their data. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import { customerAnswerSchema, customerIdParams, customersPageSchema, customersQuery, eraseAnswerSchema, resetAnswerSchema } from './customers-admin.schemas.ts'
import { customerExport, eraseOnRequest, getCustomer, listCustomers, sendPasswordReset } from './customers-admin.service.ts'

const tags = ['admin: customers']

export const customersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      onRequest: allow('customers.view'),
      schema: {
        tags,
        summary: 'Customers, newest first, searched by e-mail, name or phone and paged by cursor',
        operationId: 'adminListCustomers',
        querystring: customersQuery,
        response: answers(customersPageSchema),
      },
    },
    async (request) => ({ data: await listCustomers(request.ctx, acting(request, 'customers.view').role, request.query) }),
  )

  app.get(
    '/customers/:id',
    {
      onRequest: allow('customers.view'),
      schema: {
        tags,
        summary: 'One customer with their orders, addresses, membership, reviews and messages',
        operationId: 'adminGetCustomer',
        params: customerIdParams,
        response: answers(customerAnswerSchema),
      },
    },
    async (request) => ({ data: { customer: await getCustomer(request.ctx, acting(request, 'customers.view').role, request.params.id) } }),
  )

  app.post(
    '/customers/:id/password-reset',
    {
      onRequest: allow('customers.edit'),
      schema: {
        tags,
        summary: "Send the customer the shoppers' password reset e-mail",
        operationId: 'adminSendPasswordReset',
        params: customerIdParams,
        response: answers(resetAnswerSchema),
      },
    },
    async (request) => ({ data: await sendPasswordReset(request.ctx, acting(request, 'customers.edit').actor, request.params.id) }),
  )

  // a file to download, not the JSON envelope: left out of /api/openapi.json, whose answers are all `{data}`
  app.get('/customers/:id/export', { onRequest: allow('customers.edit'), schema: { hide: true, params: customerIdParams } }, async (request, reply) => {
    const document = await customerExport(request.ctx, acting(request, 'customers.edit').actor, request.params.id)
    const day = request.ctx.now().toISOString().slice(0, 10)
    reply.type('application/json; charset=utf-8').header('content-disposition', `attachment; filename="customer-${request.params.id}-${day}.json"`)
    return reply.send(JSON.stringify(document, null, 2))
  })

  app.post(
    '/customers/:id/erase',
    {
      onRequest: allow('customers.edit'),
      schema: {
        tags,
        summary: "Erase the customer's personal data on their request (orders kept, anonymised; sessions ended)",
        operationId: 'adminEraseCustomer',
        params: customerIdParams,
        response: answers(eraseAnswerSchema),
      },
    },
    async (request) => {
      const staff = acting(request, 'customers.edit')
      return { data: await eraseOnRequest(request.ctx, staff.actor, staff.role, request.params.id) }
    },
  )
}
