import { SHIPPING_METHODS } from '@store/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { quoteCheckout } from './checkout-quote.ts'
import { databaseTaxRates } from './tax.ts'

/** The quote's input, shared by the API and the checkout page (web/store-services.ts). */
export const checkoutQuoteQuery = z.object({
  country: z.string().trim().max(60).optional().default(''),
  state: z.string().trim().max(60).optional().default(''),
  shipping_method: z.enum(SHIPPING_METHODS, { message: 'Choose standard or express shipping.' }).optional().default('standard'),
  host: z.string().optional(),
})

export const CheckoutQuoteSchema = z.object({
  shipping_options: z.array(z.object({ method: z.enum(SHIPPING_METHODS), label: z.string(), price: z.number(), free: z.boolean() })),
  shipping_method: z.enum(SHIPPING_METHODS),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
})

export const checkoutQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkout/quote',
    {
      schema: {
        tags: ['checkout'],
        summary: "The checkout's figures for a shipping method and the address's country and state, as POST /checkout will charge them",
        querystring: checkoutQuoteQuery,
        response: { 200: z.object({ data: CheckoutQuoteSchema }) },
      },
    },
    async (request) => ({ data: await quoteCheckout(request.ctx, databaseTaxRates, request.query) }),
  )
}
