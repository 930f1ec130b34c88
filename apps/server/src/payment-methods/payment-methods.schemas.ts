/** What the payment-method calls take and answer, checked alike for the API and the pages. */
import type { PaymentMethod } from '@store/core'
import { z } from 'zod'
import { formFlag } from '../http/form-flag.ts'
import { contract } from '../http/response-schemas.ts'

/** Ids are opaque: a malformed one is "not found", like another customer's. */
export const paymentMethodParams = z.object({ id: z.string().min(1).max(64) })

export const addPaymentMethodBody = z.object({
  payment_token: z.string().trim().min(1, 'Enter your card first.').max(200),
  make_default: formFlag('make_default'),
})

/** A setup id of the gateway's (Stripe: seti_…): opaque, a malformed one is "not found". */
export const cardSetupParams = z.object({ id: z.string().min(1).max(100) })

/** POST /payment-methods when the card's bank wants the cardholder to confirm it first (202). */
export const cardSetupStepSchema = z.object({
  setup_id: z.string().describe('POST /payment-methods/setups/{setup_id}/complete after the step'),
  client_secret: z.string().describe("for the bank's step in the browser (Stripe.js handleNextAction)"),
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
