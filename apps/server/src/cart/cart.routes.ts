import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { cartSchema } from './cart.responses.ts'
import { addLineBody, cartLineParams, changeLineBody, discountCodeBody } from './cart.schemas.ts'
import { addToCart, applyDiscountCode, changeLineQty, getCart, removeDiscountCode } from './cart.service.ts'

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cart',
    { schema: { tags: ['cart'], summary: "The shopper's cart with every field of SPEC §3", operationId: 'getCart', response: answers(cartSchema) } },
    async (request) => ({
      // the session and the cart in one statement (nothing read the session before the route)
      data: await getCart(request.ctx, { readSessionWithCart: true }),
    }),
  )

  app.post(
    '/cart/items',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add an item in a size to the cart',
        operationId: 'addCartItem',
        body: addLineBody,
        response: answers(cartSchema),
      },
    },
    async (request) => {
      const { item_id, size, qty: count } = request.body
      await addToCart(request.ctx, item_id, size, count)
      return { data: await getCart(request.ctx) }
    },
  )

  app.post(
    '/cart/items/:cartId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Change the quantity of a cart line (0 removes it)',
        operationId: 'changeCartItem',
        params: cartLineParams,
        body: changeLineBody,
        response: answers(cartSchema),
      },
    },
    async (request) => {
      await changeLineQty(request.ctx, request.params.cartId, request.body.qty)
      return { data: await getCart(request.ctx) }
    },
  )

  app.post(
    '/discount-code',
    {
      schema: {
        tags: ['cart'],
        summary: 'Apply a discount code to the cart',
        operationId: 'applyDiscountCode',
        body: discountCodeBody,
        response: answers(cartSchema),
      },
    },
    async (request) => {
      await applyDiscountCode(request.ctx, request.body.code)
      return { data: await getCart(request.ctx) }
    },
  )

  app.post(
    '/discount-code/remove',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove the discount code from the cart',
        operationId: 'removeDiscountCode',
        response: answers(cartSchema),
      },
    },
    async (request) => {
      await removeDiscountCode(request.ctx)
      return { data: await getCart(request.ctx) }
    },
  )
}
