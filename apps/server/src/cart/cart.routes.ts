import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { itemIdSchema } from '../catalog/catalog.routes.ts'
import { addToCart, applyDiscountCode, changeLineQty, getCart, MAX_LINE_QTY, removeDiscountCode } from './cart.service.ts'

const qty = (min: number) =>
  z.coerce
    .number({ message: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(min, min === 0 ? 'Quantity cannot be negative' : 'Quantity must be at least 1')
    .max(MAX_LINE_QTY, `You can have at most ${MAX_LINE_QTY} of one item in your cart`)

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
        body: z.object({
          item_id: itemIdSchema,
          size: z.string({ message: 'Choose a size' }).trim().min(1, 'Choose a size').max(20, 'That size is not valid'),
          qty: qty(1).default(1),
        }),
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
        params: z.object({ cartId: z.string().uuid('That cart line id is not valid') }),
        body: z.object({ qty: qty(0) }),
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
        body: z.object({
          code: z.string({ message: 'Enter a discount code' }).trim().min(1, 'Enter a discount code').max(40, 'That code is too long'),
        }),
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
