/** /api/admin/promotions/... (docs/admin-promotions.md): discount codes and order bumps, edited without code. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import { createDiscountCode, endDiscountCode, getDiscountCode, listDiscountCodes, updateDiscountCode } from './discount-codes.service.ts'
import { createOneTimeOffer, listOneTimeOffersForStaff, removeOneTimeOffer, updateOneTimeOffer } from './one-time-offers-admin.service.ts'
import { createOrderBump, listOrderBumpsForStaff, removeOrderBump, updateOrderBump } from './order-bumps-admin.service.ts'
import { promotionCachesOf } from './promotion-caches.ts'
import {
  discountCodeAnswer,
  discountCodePatchBody,
  discountCodesPage,
  discountCodesQuery,
  newDiscountCodeBody,
  newOneTimeOfferBody,
  oneTimeOfferAnswer,
  oneTimeOfferPatchBody,
  oneTimeOffersAnswer,
  newOrderBumpBody,
  orderBumpAnswer,
  orderBumpPatchBody,
  orderBumpsAnswer,
  promotionIdParams,
} from './promotions.schemas.ts'

const tags = ['admin: promotions']

export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/promotions/discount-codes',
    {
      onRequest: allow('reports.view'),
      schema: {
        tags,
        summary: 'Discount codes with their uses and sales, paged by cursor',
        operationId: 'adminListDiscountCodes',
        querystring: discountCodesQuery,
        response: answers(discountCodesPage),
      },
    },
    async (request) => ({ data: await listDiscountCodes(request.ctx, request.query) }),
  )

  app.get(
    '/promotions/discount-codes/:id',
    {
      onRequest: allow('reports.view'),
      schema: { tags, summary: 'One discount code', operationId: 'adminGetDiscountCode', params: promotionIdParams, response: answers(discountCodeAnswer) },
    },
    async (request) => ({ data: { discount_code: await getDiscountCode(request.ctx, request.params.id) } }),
  )

  app.post(
    '/promotions/discount-codes',
    {
      onRequest: allow('promotions.edit'),
      schema: { tags, summary: 'Create a discount code', operationId: 'adminCreateDiscountCode', body: newDiscountCodeBody, response: answers(discountCodeAnswer) },
    },
    async (request) => ({
      data: { discount_code: await createDiscountCode(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), request.body) },
    }),
  )

  app.patch(
    '/promotions/discount-codes/:id',
    {
      onRequest: allow('promotions.edit'),
      schema: {
        tags,
        summary: 'Change a discount code',
        operationId: 'adminUpdateDiscountCode',
        params: promotionIdParams,
        body: discountCodePatchBody,
        response: answers(discountCodeAnswer),
      },
    },
    async (request) => ({
      data: { discount_code: await updateDiscountCode(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), request.params.id, request.body) },
    }),
  )

  app.post(
    '/promotions/discount-codes/:id/end',
    {
      onRequest: allow('promotions.edit'),
      schema: { tags, summary: 'End a discount code now', operationId: 'adminEndDiscountCode', params: promotionIdParams, response: answers(discountCodeAnswer) },
    },
    async (request) => ({
      data: { discount_code: await endDiscountCode(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), request.params.id) },
    }),
  )

  app.get(
    '/promotions/order-bumps',
    {
      onRequest: allow('reports.view'),
      schema: { tags, summary: 'Order bumps in their order, with how they sell', operationId: 'adminListOrderBumps', response: answers(orderBumpsAnswer) },
    },
    async (request) => ({ data: { order_bumps: await listOrderBumpsForStaff(request.ctx) } }),
  )

  app.post(
    '/promotions/order-bumps',
    {
      onRequest: allow('promotions.edit'),
      schema: { tags, summary: 'Add an order bump', operationId: 'adminCreateOrderBump', body: newOrderBumpBody, response: answers(orderBumpAnswer) },
    },
    async (request) => ({
      data: { order_bump: await createOrderBump(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), request.body) },
    }),
  )

  app.patch(
    '/promotions/order-bumps/:id',
    {
      onRequest: allow('promotions.edit'),
      schema: {
        tags,
        summary: 'Change an order bump',
        operationId: 'adminUpdateOrderBump',
        params: promotionIdParams,
        body: orderBumpPatchBody,
        response: answers(orderBumpAnswer),
      },
    },
    async (request) => ({
      data: { order_bump: await updateOrderBump(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), request.params.id, request.body) },
    }),
  )

  app.post(
    '/promotions/order-bumps/:id/remove',
    {
      onRequest: allow('promotions.edit'),
      schema: { tags, summary: 'Take an order bump off the checkout', operationId: 'adminRemoveOrderBump', params: promotionIdParams, response: answers(orderBumpsAnswer) },
    },
    async (request) => ({
      data: { order_bumps: await removeOrderBump(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), request.params.id) },
    }),
  )

  app.get(
    '/promotions/one-time-offers',
    {
      onRequest: allow('reports.view'),
      schema: { tags, summary: 'One-time offers in their order, with how they sell', operationId: 'adminListOneTimeOffers', response: answers(oneTimeOffersAnswer) },
    },
    async (request) => ({ data: { one_time_offers: await listOneTimeOffersForStaff(request.ctx) } }),
  )

  app.post(
    '/promotions/one-time-offers',
    {
      onRequest: allow('promotions.edit'),
      schema: { tags, summary: 'Add a one-time offer', operationId: 'adminCreateOneTimeOffer', body: newOneTimeOfferBody, response: answers(oneTimeOfferAnswer) },
    },
    async (request) => ({
      data: { one_time_offer: await createOneTimeOffer(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), request.body) },
    }),
  )

  app.patch(
    '/promotions/one-time-offers/:id',
    {
      onRequest: allow('promotions.edit'),
      schema: {
        tags,
        summary: 'Change a one-time offer',
        operationId: 'adminUpdateOneTimeOffer',
        params: promotionIdParams,
        body: oneTimeOfferPatchBody,
        response: answers(oneTimeOfferAnswer),
      },
    },
    async (request) => ({
      data: { one_time_offer: await updateOneTimeOffer(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), request.params.id, request.body) },
    }),
  )

  app.post(
    '/promotions/one-time-offers/:id/remove',
    {
      onRequest: allow('promotions.edit'),
      schema: {
        tags,
        summary: 'Take a one-time offer out of the flow after payment',
        operationId: 'adminRemoveOneTimeOffer',
        params: promotionIdParams,
        response: answers(oneTimeOffersAnswer),
      },
    },
    async (request) => ({
      data: { one_time_offers: await removeOneTimeOffer(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), request.params.id) },
    }),
  )
}
