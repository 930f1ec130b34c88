/** /api/admin/orders, /orders/{number} and its actions, /orders/slips, /settings/refunds (DESIGN §8): the operator's orders. */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromCents } from '@store/core'
import { answers } from '../http/response-schemas.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { acting, allow, signedIn } from '../staff/staff-guard.ts'
import { getAdminOrder, listAdminOrders, packingSlips } from './orders-admin.queries.ts'
import {
  cancelBody,
  noteBody,
  orderAnswerSchema,
  orderNumberParams,
  ordersPageSchema,
  ordersQuery,
  refundBody,
  refundHeaders,
  refundSettingsBody,
  refundSettingsSchema,
  shipBody,
  slipsAnswerSchema,
  slipsQuery,
} from './orders-admin.schemas.ts'
import { addNote, cancelByStaff, packOrder, receiveReturnByStaff, refundByStaff, resendConfirmation, sendExchangeByStaff, shipOrder } from './orders-admin.service.ts'
import { setSupportRefundLimit, supportRefundLimitCents } from './refund-limit.ts'

const tags = ['admin: orders']

/** The order as the member of staff who asked reads it (after their action). */
const orderFor = async (request: FastifyRequest, orderNumber: string) => ({
  data: { order: await getAdminOrder(request.ctx.data.db, request.ctx.data.brandId, signedIn(request).role, orderNumber) },
})

export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = await gatewayFor(app.env)

  app.get(
    '/orders',
    {
      onRequest: allow('orders.view'),
      schema: {
        tags,
        summary: 'Orders newest first, by status, dates, flow, club; searched by number, e-mail or name (prefixes); paged by cursor',
        operationId: 'adminListOrders',
        querystring: ordersQuery,
        response: answers(ordersPageSchema),
      },
    },
    async (request) => ({ data: await listAdminOrders(request.ctx.data.db, request.ctx.data.brandId, signedIn(request).role, request.query) }),
  )

  app.get(
    '/orders/slips',
    {
      onRequest: allow('orders.view'),
      schema: {
        tags,
        summary: 'Packing slips of the orders named (numbers: a comma list)',
        operationId: 'adminPackingSlips',
        querystring: slipsQuery,
        response: answers(slipsAnswerSchema),
      },
    },
    async (request) => ({ data: { slips: await packingSlips(request.ctx.data.db, request.ctx.data.brandId, request.query.numbers) } }),
  )

  app.get(
    '/orders/:number',
    {
      onRequest: allow('orders.view'),
      schema: {
        tags,
        summary: 'One order: lines, the payments ledger, its whole history (staff notes too), the customer, and what you may do to it',
        operationId: 'adminGetOrder',
        params: orderNumberParams,
        response: answers(orderAnswerSchema),
      },
    },
    async (request) => orderFor(request, request.params.number),
  )

  app.post(
    '/orders/:number/pack',
    {
      onRequest: allow('orders.ship'),
      schema: {
        tags,
        summary: 'Start packing (paid or a club box: packing); changed meanwhile: 409',
        operationId: 'adminPackOrder',
        params: orderNumberParams,
        response: answers(orderAnswerSchema),
      },
    },
    async (request) => {
      await packOrder(request.ctx, acting(request, 'orders.ship'), request.params.number)
      return orderFor(request, request.params.number)
    },
  )

  app.post(
    '/orders/:number/ship',
    {
      onRequest: allow('orders.ship'),
      schema: {
        tags,
        summary: "Ship with a carrier and tracking number: the shopper's tracker shows it and the shopper is e-mailed",
        operationId: 'adminShipOrder',
        params: orderNumberParams,
        body: shipBody,
        response: answers(orderAnswerSchema),
      },
    },
    async (request) => {
      await shipOrder(request.ctx, acting(request, 'orders.ship'), request.params.number, request.body)
      return orderFor(request, request.params.number)
    },
  )

  app.post(
    '/orders/:number/cancel',
    {
      onRequest: allow('orders.cancel'),
      schema: {
        tags,
        summary: 'Cancel (until it ships): everything left refunded, the pieces back in stock unless restock is false',
        operationId: 'adminCancelOrder',
        params: orderNumberParams,
        body: cancelBody,
        response: answers(orderAnswerSchema),
      },
    },
    async (request) => {
      await cancelByStaff(request.ctx, acting(request, 'orders.cancel'), gateway, request.params.number, request.body)
      return orderFor(request, request.params.number)
    },
  )

  app.post(
    '/orders/:number/refunds',
    {
      onRequest: allow('orders.refund'),
      schema: {
        tags,
        summary: 'Refund lines, the shipping or an amount, once per Idempotency-Key; more than is left: 409; past your role’s limit: 403',
        operationId: 'adminRefundOrder',
        params: orderNumberParams,
        headers: refundHeaders,
        body: refundBody,
        response: answers(orderAnswerSchema),
      },
    },
    async (request) => {
      await refundByStaff(request.ctx, acting(request, 'orders.refund'), gateway, request.params.number, {
        ...request.body,
        idempotencyKey: request.headers['idempotency-key'],
      })
      return orderFor(request, request.params.number)
    },
  )

  app.post(
    '/orders/:number/receive-return',
    {
      onRequest: allow('orders.returns'),
      schema: {
        tags,
        summary: 'The return arrived: received, its pieces refunded and back in stock',
        operationId: 'adminReceiveReturn',
        params: orderNumberParams,
        response: answers(orderAnswerSchema),
      },
    },
    async (request) => {
      await receiveReturnByStaff(request.ctx, acting(request, 'orders.returns'), gateway, request.params.number)
      return orderFor(request, request.params.number)
    },
  )

  app.post(
    '/orders/:number/send-exchange',
    {
      onRequest: allow('orders.returns'),
      schema: { tags, summary: "The exchange's replacement is sent", operationId: 'adminSendExchange', params: orderNumberParams, response: answers(orderAnswerSchema) },
    },
    async (request) => {
      await sendExchangeByStaff(request.ctx, acting(request, 'orders.returns'), request.params.number)
      return orderFor(request, request.params.number)
    },
  )

  app.post(
    '/orders/:number/notes',
    {
      onRequest: allow('orders.note'),
      schema: {
        tags,
        summary: 'A note on the timeline that only staff read',
        operationId: 'adminOrderNote',
        params: orderNumberParams,
        body: noteBody,
        response: answers(orderAnswerSchema),
      },
    },
    async (request) => {
      await addNote(request.ctx, acting(request, 'orders.note'), request.params.number, request.body.text)
      return orderFor(request, request.params.number)
    },
  )

  app.post(
    '/orders/:number/confirmation',
    {
      onRequest: allow('orders.notify'),
      schema: {
        tags,
        summary: 'Send the order confirmation e-mail again',
        operationId: 'adminResendConfirmation',
        params: orderNumberParams,
        response: answers(orderAnswerSchema),
      },
    },
    async (request) => {
      await resendConfirmation(request.ctx, acting(request, 'orders.notify'), request.params.number)
      return orderFor(request, request.params.number)
    },
  )

  app.get(
    '/settings/refunds',
    {
      onRequest: allow('orders.refund'),
      schema: { tags, summary: 'The most support may refund at once', operationId: 'adminRefundSettings', response: answers(refundSettingsSchema) },
    },
    async (request) => ({ data: { support_refund_limit: fromCents(await supportRefundLimitCents(request.ctx.data.db, request.ctx.data.brandId)) } }),
  )

  app.put(
    '/settings/refunds',
    {
      onRequest: allow('settings.edit'),
      schema: {
        tags,
        summary: 'The owner sets the most support may refund at once (audited)',
        operationId: 'adminSetRefundSettings',
        body: refundSettingsBody,
        response: answers(refundSettingsSchema),
      },
    },
    async (request) => ({
      data: { support_refund_limit: fromCents(await setSupportRefundLimit(request.ctx.data.db, acting(request, 'settings.edit').actor, request.body.support_refund_limit)) },
    }),
  )
}
