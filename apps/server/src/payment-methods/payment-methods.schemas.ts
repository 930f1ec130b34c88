/** What the payment-method calls take and answer, checked alike for the API and the pages. */
import { parseBoolean, type PaymentMethod } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'

/** Ids are opaque: a malformed one is "not found", like another customer's. */
export const paymentMethodParams = z.object({ id: z.string().min(1).max(64) })

const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((value, issue) => {
    if (value === undefined || value === '') return false
    if (value === 'on') return true
    try {
      return parseBoolean(value)
    } catch {
      issue.addIssue({ code: 'custom', message: 'make_default is true or false' })
      return z.NEVER
    }
  })

export const addPaymentMethodBody = z.object({
  payment_token: z.string().trim().min(1, 'Enter your card first.').max(200),
  make_default: flag,
})

export const paymentMethodSchema = contract<PaymentMethod>('PaymentMethod')(
  z.object({
    id: z.string(),
    card_brand: z.string(),
    last4: z.string(),
    exp_month: z.int(),
    exp_year: z.int(),
    default: z.boolean().describe('the one club billing charges'),
  }),
)
