import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { addLineBody, cartLineParams, changeLineBody, discountCodeBody } from './cart.schemas.ts'
import { addToCart, applyDiscountCode, changeLineQty, getCart, removeDiscountCode } from './cart.service.ts'

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cart', { schema: { tags: ['cart'], summary: "The shopper's cart with every field of SPEC §3" } }, async (request) => ({
    data: await getCart(request.ctx),
  }))

  app.post(
    '/cart/items',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add an item in a size to the cart',
        body: addLineBody,
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
        params: cartLineParams,
        body: changeLineBody,
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
        body: discountCodeBody,
      },
    },
    async (request) => {
      await applyDiscountCode(request.ctx, request.body.code)
      return { data: await getCart(request.ctx) }
    },
  )

  app.post(
    '/discount-code/remove',
    { schema: { tags: ['cart'], summary: 'Remove the discount code from the cart' } },
    async (request) => {
      await removeDiscountCode(request.ctx)
      return { data: await getCart(request.ctx) }
    },
  )
}
