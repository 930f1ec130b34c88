/** /api/admin/promotions/... (docs/admin-promotions.md): discount codes, order bumps, one-time offers, bundle offers, social-media specials and free gifts, edited without code. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import { createDiscountCode, endDiscountCode, getDiscountCode, listDiscountCodes, updateDiscountCode } from './discount-codes.service.ts'
import { createOneTimeOffer, listOneTimeOffersForStaff, removeOneTimeOffer, updateOneTimeOffer } from './one-time-offers-admin.service.ts'
import { createOrderBump, listOrderBumpsForStaff, removeOrderBump, updateOrderBump } from './order-bumps-admin.service.ts'
import { promotionCachesOf } from './promotion-caches.ts'
import { createBundleOffer, listBundleOffersForStaff, removeBundleOffer, updateBundleOffer } from './bundle-offers-admin.service.ts'
import { editorRoutes } from './editor-routes.ts'
import { createSpecial, listSpecialsForStaff, updateSpecial } from './specials-admin.service.ts'
import {
  bundleOfferAnswer,
  bundleOfferPatchBody,
  bundleOffersAnswer,
  newBundleOfferBody,
  newSpecialBody,
  specialAnswer,
  specialPatchBody,
  specialsAnswer,
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

  editorRoutes(app, {
    path: '/promotions/order-bumps',
    words: { one: 'an order bump', many: 'Order bumps', name: 'OrderBump', names: 'OrderBumps', remove: 'Take an order bump off the checkout' },
    bodies: { create: newOrderBumpBody, patch: orderBumpPatchBody },
    answers: { one: orderBumpAnswer, many: orderBumpsAnswer },
    list: async (ctx) => ({ order_bumps: await listOrderBumpsForStaff(ctx) }),
    create: async (ctx, actor, caches, body) => ({ order_bump: await createOrderBump(ctx, actor, caches, body) }),
    update: async (ctx, actor, caches, id, body) => ({ order_bump: await updateOrderBump(ctx, actor, caches, id, body) }),
    remove: async (ctx, actor, caches, id) => ({ order_bumps: await removeOrderBump(ctx, actor, caches, id) }),
  })

  editorRoutes(app, {
    path: '/promotions/one-time-offers',
    words: { one: 'a one-time offer', many: 'One-time offers', name: 'OneTimeOffer', names: 'OneTimeOffers', remove: 'Take a one-time offer out of the flow after payment' },
    bodies: { create: newOneTimeOfferBody, patch: oneTimeOfferPatchBody },
    answers: { one: oneTimeOfferAnswer, many: oneTimeOffersAnswer },
    list: async (ctx) => ({ one_time_offers: await listOneTimeOffersForStaff(ctx) }),
    create: async (ctx, actor, caches, body) => ({ one_time_offer: await createOneTimeOffer(ctx, actor, caches, body) }),
    update: async (ctx, actor, caches, id, body) => ({ one_time_offer: await updateOneTimeOffer(ctx, actor, caches, id, body) }),
    remove: async (ctx, actor, caches, id) => ({ one_time_offers: await removeOneTimeOffer(ctx, actor, caches, id) }),
  })

  editorRoutes(app, {
    path: '/promotions/bundle-offers',
    words: { one: 'a bundle offer', many: 'Bundle offers', name: 'BundleOffer', names: 'BundleOffers', remove: 'End a bundle offer' },
    bodies: { create: newBundleOfferBody, patch: bundleOfferPatchBody },
    answers: { one: bundleOfferAnswer, many: bundleOffersAnswer },
    list: async (ctx) => ({ bundle_offers: await listBundleOffersForStaff(ctx) }),
    create: async (ctx, actor, caches, body) => ({ bundle_offer: await createBundleOffer(ctx, actor, caches, body) }),
    update: async (ctx, actor, caches, id, body) => ({ bundle_offer: await updateBundleOffer(ctx, actor, caches, id, body) }),
    remove: async (ctx, actor, caches, id) => ({ bundle_offers: await removeBundleOffer(ctx, actor, caches, id) }),
  })

  // a special is not removed: ads keep pointing at its landing; ending it (no item) makes the landing say so
  editorRoutes(app, {
    path: '/promotions/social-media-specials',
    words: { one: 'a social media special or free gift', many: 'Social media specials and free gifts', name: 'SocialMediaSpecial', names: 'SocialMediaSpecials' },
    bodies: { create: newSpecialBody, patch: specialPatchBody },
    answers: { one: specialAnswer, many: specialsAnswer },
    list: async (ctx) => ({ social_media_specials: await listSpecialsForStaff(ctx) }),
    create: async (ctx, actor, caches, body) => ({ social_media_special: await createSpecial(ctx, actor, caches, body) }),
    update: async (ctx, actor, caches, id, body) => ({ social_media_special: await updateSpecial(ctx, actor, caches, id, body) }),
  })
}
