import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { addWishlistBody, moveToCartBody, wishlistEntry, wishlistParams } from './wishlist.schemas.ts'
import { addToWishlist, listWishlist, moveWishlistToCart, removeFromWishlist } from './wishlist.service.ts'

const tags = ['wishlist']
const entries = { 200: z.object({ data: z.array(wishlistEntry) }) }

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/wishlist', { schema: { tags, summary: "The logged-in customer's wishlist, newest first", response: entries } }, async (request) => ({
    data: await listWishlist(request.ctx),
  }))

  app.post('/wishlist', { schema: { tags, summary: 'Add an item to the wishlist', body: addWishlistBody, response: entries } }, async (request) => ({
    data: await addToWishlist(request.ctx, request.body.item_id),
  }))

  app.post('/wishlist/:id/remove', { schema: { tags, summary: 'Remove an entry from the wishlist', params: wishlistParams, response: entries } }, async (request) => ({
    data: await removeFromWishlist(request.ctx, request.params.id),
  }))

  app.post(
    '/wishlist/:id/move-to-cart',
    { schema: { tags, summary: 'Put the item in the chosen size in the cart and take it off the wishlist', params: wishlistParams, body: moveToCartBody, response: entries } },
    async (request) => ({ data: await moveWishlistToCart(request.ctx, request.params.id, request.body.size) }),
  )
}
