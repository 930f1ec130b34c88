/** What the tracker takes, checked alike for the API and the pages. */
import { z } from 'zod'

/** An order number as typed: a leading '#' is dropped. */
export const trackingParams = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'Enter your order number.')
    .max(41, 'That is not an order number.')
    .transform((value) => value.replace(/^#/, '')),
})
export const trackingQuery = z.object({
  email: z.string().trim().max(254).optional().describe("the order's e-mail address: needed unless the logged-in customer owns the order"),
})
