/** What the operator's customer calls take and answer (DESIGN §8: /customers, /customers/{id}). */
import type { AdminCustomer, AdminCustomerAddress, AdminCustomerMembership, AdminCustomerOrder, AdminCustomerRow } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'
import { adminMessageSchema } from '../customer-service/messages-admin.schemas.ts'
import { adminReviewSchema } from '../reviews/reviews-admin.schemas.ts'

export const customersQuery = z.object({
  query: z.string().trim().max(120, 'Search for at most 120 characters').optional().describe('part of an e-mail, a name or a phone number'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
})

export const customerIdParams = z.object({ id: z.string().trim().min(1).max(64) })

const rowFields = {
  id: z.string(),
  name: z.string(),
  email: z.string().describe('masked for an analyst (m•••@example.com)'),
  phone: z.string().nullable(),
  created_at: z.string(),
  has_club: z.boolean(),
  order_count: z.number().int(),
  erased_at: z.string().nullable(),
}

const customerRowSchema = contract<AdminCustomerRow>('AdminCustomerRow')(z.object(rowFields))

const orderSchema = contract<AdminCustomerOrder>('AdminCustomerOrder')(
  z.object({ order_number: z.string(), created_at: z.string(), status: z.string(), total: z.number(), pieces: z.number().int() }),
)

const addressSchema = contract<AdminCustomerAddress>('AdminCustomerAddress')(
  z.object({
    id: z.string(),
    address_type: z.string(),
    name: z.string(),
    company: z.string(),
    address: z.string(),
    address_2: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.string(),
    phone: z.string(),
    default: z.boolean(),
  }),
)

const membershipSchema = contract<AdminCustomerMembership>('AdminCustomerMembership')(
  z.object({
    id: z.string(),
    status: z.string(),
    amount: z.number(),
    next_billing_date: z.string().nullable(),
    joined_on: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    history: z.array(z.object({ period: z.string(), kind: z.string(), status: z.string(), amount: z.number(), at: z.string() })),
  }),
)

const customerSchema = contract<AdminCustomer>('AdminCustomer')(
  z.object({
    ...rowFields,
    birthday: z.string().nullable().describe('MM-DD'),
    orders: z.array(orderSchema),
    addresses: z.array(addressSchema),
    membership: membershipSchema.nullable(),
    reviews: z.array(adminReviewSchema),
    messages: z.array(adminMessageSchema),
  }),
)

export const customersPageSchema = z.object({ customers: z.array(customerRowSchema), next_cursor: z.string().nullable() })
export const customerAnswerSchema = z.object({ customer: customerSchema })
export const resetAnswerSchema = z.object({ sent_to: z.string().describe('the address the reset e-mail goes to') })
export const eraseAnswerSchema = z.object({
  customer: customerSchema,
  erased: z.object({ orders_kept: z.number().int(), addresses_removed: z.number().int(), reviews_unsigned: z.number().int(), messages_anonymised: z.number().int() }),
})
