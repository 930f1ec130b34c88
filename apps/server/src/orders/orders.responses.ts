/** The order's answer (SPEC §3 order history), tied to its contract type (decision 009). */
import type { Order, OrderHistoryEntry, OrderItem, OrderPayment } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'

const text = z.string()

const orderItemSchema = contract<OrderItem>('OrderItem')(
  z.object({
    id: z.int(),
    cancelled: z.boolean(),
    qty: z.int(),
    price: z.number().describe('unit price paid'),
    total: z.number(),
    discount: z.number(),
    discount_class: text,
    name: text,
    color: text,
    size: text,
    image1: text.nullable(),
    offer_id: text.nullable().describe('the one-time offer it was bought with, or null'),
    line_id: text.describe("the order line's id (returns name it)"),
    final_sale: z.boolean().describe('a final-sale piece: neither returned nor exchanged'),
    refunded_qty: z.int().describe('pieces of this line refunded so far'),
    exchange_sizes: z.array(z.string()).describe('the other sizes of this piece in stock now, that it can be exchanged for (empty unless the order can be exchanged)'),
    exchange_colors: z
      .array(z.object({ item_id: z.int(), color: text, swatch: text, sizes: z.array(z.string()).describe('its sizes in stock now') }))
      .describe('other colours of the same style at the same price, that it can be exchanged for (empty unless the order can be exchanged)'),
  }),
)

const orderPaymentSchema = contract<OrderPayment>('OrderPayment')(
  z.object({
    kind: text.describe('charge, refund or void'),
    card_brand: text.nullable(),
    last4: text.nullable(),
    amount: z.number(),
    status: text,
    at: text.describe('ISO-8601 time of the movement'),
  }),
)

export const orderHistoryEntrySchema = contract<OrderHistoryEntry>('OrderHistoryEntry')(
  z.object({
    at: text.describe('ISO-8601 time'),
    event: text,
    status: text.nullable().describe("the order's status after it, for a move"),
    description: text.describe('the entry in words'),
  }),
)

export const orderSchema = contract<Order>('Order')(
  z.object({
    order_number: text,
    date: text.describe('ISO-8601 time the order was placed'),
    status: text,
    email: text,
    subtotal: z.number(),
    discount: z.number(),
    shipping: z.number(),
    tax: z.number(),
    total: z.number(),
    bundle_discount: z.number().describe("what the bundle offers saved, the part of discount that is not the code's (0 for orders placed before it was kept)"),
    club_fee: z.number().describe('what joining the club with this order charged for its first period, in the subtotal; else 0'),
    club_box: text.nullable().describe("the club period ('2026-11') this order is a member's monthly box of, paid by that period's fee; null for any other order"),
    waiting_until: text
      .nullable()
      .describe('waiting for payment (pending_payment): when the order is dropped, its stock and code given back, if the bank has not confirmed it (ISO-8601); else null'),
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
    items: z.array(orderItemSchema),
    payments: z.array(orderPaymentSchema),
    paid: z.number().describe('captured by the charges of the payments ledger'),
    refunded: z.number().describe('given back by its refunds'),
    actions: z.array(text).describe('what the shopper may do now: cancel, request_return, request_exchange'),
    history: z.array(orderHistoryEntrySchema).describe("the order's history meant for the shopper, oldest first"),
  }),
)
