import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getOrder, listOrders } from './orders.service.ts'

const OrderItemSchema = z.object({
  id: z.number(),
  cancelled: z.boolean(),
  qty: z.number(),
  price: z.number(),
  total: z.number(),
  discount: z.number(),
  discount_class: z.string(),
  name: z.string(),
  color: z.string(),
  size: z.string(),
  image1: z.string().nullable(),
  offer_id: z.string().nullable(),
})

const text = z.string()
export const OrderSchema = z.object({
  order_number: text,
  date: text,
  status: text,
  email: text,
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  shipping_method: text,
  shipment_tracking_number: text.nullable(),
  shipping_name: text,
  shipping_company: text,
  shipping_country: text,
  shippingAddress: text,
  shippingAddress2: text,
  shippingCity: text,
  shippingState: text,
  shippingZip: text,
  shipping_phone: text,
  billing_name: text,
  billing_company: text,
  billing_country: text,
  billing_address: text,
  billing_address_2: text,
  billing_city: text,
  billing_state: text,
  billing_zip: text,
  billing_phone: text,
  items: z.array(OrderItemSchema),
  payments: z.array(z.object({ card_brand: text.nullable(), last4: text.nullable(), amount: z.number(), status: text })),
})

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:number',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order, for the session that placed it or the customer who owns it (anyone else: 404)',
        params: z.object({ number: z.string().trim().min(1).max(40) }),
        response: { 200: z.object({ data: OrderSchema }) },
      },
    },
    async (request) => ({ data: await getOrder(request.ctx, request.params.number) }),
  )

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The logged-in customer's orders, newest first (401 for a visitor)",
        response: { 200: z.object({ data: z.array(OrderSchema) }) },
      },
    },
    async (request) => ({ data: await listOrders(request.ctx) }),
  )
}
