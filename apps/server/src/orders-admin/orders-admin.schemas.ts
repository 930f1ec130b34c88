/** What the operator's order calls take and answer (DESIGN §8: /orders, /orders/{number} and its actions). */
import {
  type AdminOrder,
  type AdminOrderAddress,
  type AdminOrderSummary,
  isOrderStatus,
  type OrderStatus,
  type PackingSlip,
  type RefundSettings,
  STAFF_ORDER_ACTIONS,
} from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'
import { optionalFlag } from '../staff/staff.schemas.ts'

const text = (field: string, max: number) =>
  z
    .string({ message: `Enter the ${field}` })
    .trim()
    .min(1, `Enter the ${field}`)
    .max(max, `The ${field} is too long`)

/** Dollars as the operator types them (12.50): at most two decimals, in cents once parsed. */
const cents = (field: string) =>
  z.coerce
    .number({ message: `${field} is a number of dollars, like 12.50` })
    .min(0, `${field} cannot be below 0`)
    .max(1_000_000, `${field} is too high`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${field} has at most two decimals (cents)`)
    .transform((value) => Math.round(value * 100))

/** A yes/no answer of the list's filter: yes or no (true/false, 1/0). */
const yesNo = z
  .enum(['yes', 'no', 'true', 'false', '1', '0'], { message: 'club is yes or no' })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'yes' || value === 'true' || value === '1'))

export const ordersQuery = z.object({
  status: z
    .string()
    .max(300)
    .optional()
    .transform((value, issue): OrderStatus[] | undefined => {
      if (!value) return undefined
      const statuses = value.split(',').map((part) => part.trim())
      const unknown = statuses.find((status) => !isOrderStatus(status))
      if (unknown !== undefined) {
        issue.addIssue({ code: 'custom', message: `There is no order status “${unknown}”.` })
        return z.NEVER
      }
      return statuses as OrderStatus[]
    }),
  query: z.string().trim().max(120).optional(),
  from: z.string().trim().max(40).optional(),
  to: z.string().trim().max(40).optional(),
  flow: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_]*$/, 'flow is a flow name, such as free_flow or club_monthly')
    .optional(),
  club: yesNo,
  sort: z.enum(['newest', 'oldest'], { message: 'sort is newest or oldest' }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
})

export const orderNumberParams = z.object({ number: z.string().trim().min(1).max(40) })

export const shipBody = z.object({
  carrier: text('carrier', 60),
  tracking_number: text('tracking number', 80).regex(/^[A-Za-z0-9 -]+$/, 'A tracking number has letters, digits, spaces and dashes only'),
})

export const cancelBody = z.object({
  reason: text('reason', 500),
  restock: optionalFlag('restock').transform((value) => value ?? true),
  notify: optionalFlag('notify').transform((value) => value ?? true),
})

/** `lines`: a JSON list of {line_id, qty} (a form sends it as text), or the list itself. */
const refundLines = z
  .union([z.string().max(20_000), z.array(z.unknown()).max(200)])
  .transform((value, issue) => {
    if (typeof value !== 'string') return value
    if (value.trim() === '') return []
    try {
      return JSON.parse(value) as unknown
    } catch {
      issue.addIssue({ code: 'custom', message: 'lines is a JSON list of {line_id, qty}.' })
      return z.NEVER
    }
  })
  .pipe(
    z
      .array(
        z.object({
          line_id: z.string().trim().min(1).max(80),
          qty: z.coerce.number({ message: 'Name how many pieces to refund' }).int('Pieces are whole numbers').min(1, 'Refund at least one piece').max(999),
        }),
      )
      .max(200),
  )

export const refundBody = z.object({
  lines: refundLines.optional().transform((value) => value ?? []),
  shipping: optionalFlag('shipping').transform((value) => value ?? false),
  amount: z.preprocess((value) => (value === '' || value === null ? undefined : value), cents('The amount').optional()),
  restock: optionalFlag('restock').transform((value) => value ?? true),
  reason: text('reason', 500),
  notify: optionalFlag('notify').transform((value) => value ?? true),
})

export const refundHeaders = z.object({
  'idempotency-key': z.string().trim().min(8, 'Send an Idempotency-Key of at least 8 characters with a refund').max(200),
})

export const noteBody = z.object({ text: text('note', 2000) })

export const slipsQuery = z.object({
  numbers: z
    .string({ message: 'Choose the orders to print' })
    .max(4000)
    .transform((value) => [...new Set(value.split(',').map((part) => part.trim()))].filter((part) => part !== ''))
    .pipe(z.array(z.string().max(40)).min(1, 'Choose the orders to print').max(100, 'Print at most 100 slips at once')),
})

export const refundSettingsBody = z.object({ support_refund_limit: cents('The limit') })

const summaryFields = {
  order_number: z.string(),
  placed_at: z.string(),
  status: z.string(),
  email: z.string(),
  name: z.string(),
  total: z.number(),
  pieces: z.number().int(),
  flow: z.string(),
  club: z.boolean(),
}

const orderSummarySchema = contract<AdminOrderSummary>('AdminOrderSummary')(z.object(summaryFields))

const addressSchema = contract<AdminOrderAddress>('AdminOrderAddress')(
  z.object({
    name: z.string(),
    company: z.string(),
    address: z.string(),
    address_2: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.string(),
    phone: z.string(),
  }),
)

const adminOrderSchema = contract<AdminOrder>('AdminOrder')(
  z.object({
    ...summaryFields,
    subtotal: z.number(),
    discount: z.number(),
    shipping: z.number(),
    tax: z.number(),
    paid: z.number(),
    refunded: z.number(),
    shipping_method: z.string(),
    shipping_address: addressSchema,
    billing_address: addressSchema.nullable(),
    tracking: z.object({ carrier: z.string(), tracking_number: z.string() }).nullable(),
    lines: z.array(
      z.object({
        id: z.string(),
        item_id: z.number().int(),
        name: z.string(),
        color: z.string(),
        size: z.string(),
        qty: z.number().int(),
        price: z.number(),
        total: z.number(),
        refunded_qty: z.number().int(),
        final_sale: z.boolean(),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        status: z.string(),
        amount: z.number(),
        at: z.string(),
        card_brand: z.string().nullable(),
        last4: z.string().nullable(),
        reason: z.string().nullable(),
        decline_reason: z.string().nullable(),
      }),
    ),
    history: z.array(
      z.object({
        id: z.string(),
        at: z.string(),
        event: z.string(),
        status: z.string().nullable(),
        actor: z.string(),
        description: z.string(),
        staff_only: z.boolean(),
      }),
    ),
    customer: z.object({ id: z.string().nullable(), email: z.string(), name: z.string(), orders: z.number().int() }).nullable(),
    actions: z.array(z.enum(STAFF_ORDER_ACTIONS)),
    refund_limit: z.number().nullable(),
  }),
)

const slipSchema = contract<PackingSlip>('PackingSlip')(
  z.object({
    order_number: z.string(),
    placed_at: z.string(),
    shipping_method: z.string(),
    ship_to: addressSchema,
    lines: z.array(z.object({ name: z.string(), color: z.string(), size: z.string(), qty: z.number().int() })),
  }),
)

export const ordersPageSchema = z.object({ orders: z.array(orderSummarySchema), next_cursor: z.string().nullable() })
export const orderAnswerSchema = z.object({ order: adminOrderSchema })
export const slipsAnswerSchema = z.object({ slips: z.array(slipSchema) })
export const refundSettingsSchema = contract<RefundSettings>('RefundSettings')(z.object({ support_refund_limit: z.number() }))
