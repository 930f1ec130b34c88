/** What the contact and feedback forms take and answer, checked alike for the API and for the pages. */
import { CONTACT_TOPICS, ORDER_NUMBER_FORMAT, type MessageReceived } from '@store/core'
import { z } from 'zod'
import { email } from '../accounts/accounts.schemas.ts'

const name = z.string({ message: 'Enter your name' }).trim().min(1, 'Enter your name').max(120, 'That name is too long')
const orderNumber = z
  .string()
  .trim()
  .max(32, 'That order number is too long')
  .refine((v) => v === '' || ORDER_NUMBER_FORMAT.test(v), 'An order number has letters, digits and dashes only, like 100234 or PF-100234')
  .optional()
  .transform((v) => (v ? v.replace(/^#/, '').toUpperCase() : null))
const message = (what: string) =>
  z
    .string({ message: `Enter your ${what}` })
    .trim()
    .min(10, `Tell us a little more: your ${what} needs at least 10 characters`)
    .max(4000, `Keep your ${what} to 4,000 characters or fewer`)

export const contactBody = z.object({
  name,
  email,
  topic: z.enum(CONTACT_TOPICS.map((topic) => topic.value) as [string, ...string[]], { message: 'Choose what your message is about' }),
  order_number: orderNumber,
  message: message('message'),
})
export type ContactBody = z.output<typeof contactBody>

export const feedbackBody = z.object({
  name,
  email,
  rating: z
    .union([z.literal(''), z.coerce.number().int().min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars')])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  order_number: orderNumber,
  message: message('feedback'),
})
export type FeedbackBody = z.output<typeof feedbackBody>

export const messageReceived = z.object({ reference: z.string(), message: z.string() }) satisfies z.ZodType<MessageReceived>
