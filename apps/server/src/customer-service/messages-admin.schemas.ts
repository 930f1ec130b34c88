/** What the operator's inbox calls take and answer (/api/admin/messages). */
import { MESSAGE_STATUSES, type AdminMessage, type MessageReply } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'

export const adminMessageSchema = contract<AdminMessage>('AdminMessage')(
  z.object({
    id: z.string(),
    kind: z.enum(['contact', 'feedback']),
    reference: z.string(),
    customer_id: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    rating: z.number().int().nullable(),
    order_number: z.string().nullable(),
    message: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    created_at: z.string(),
  }),
)

const replySchema = contract<MessageReply>('MessageReply')(z.object({ id: z.string(), body: z.string(), by: z.string().nullable(), at: z.string() }))

export const messagesQuery = z.object({
  status: z.enum(MESSAGE_STATUSES, { message: 'A message is new, answered or closed' }).optional(),
  kind: z.enum(['contact', 'feedback'], { message: 'A message is from the contact form or feedback' }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
})

export const messageIdParams = z.object({ id: z.string().trim().min(1).max(64) })

export const replyBody = z.object({
  body: z.string({ message: 'Write the reply' }).trim().min(1, 'Write the reply').max(10_000, 'The reply is too long (10,000 characters at most)'),
})

export const messagesPageSchema = z.object({
  messages: z.array(adminMessageSchema),
  counts: z.object({ new: z.number().int(), answered: z.number().int(), closed: z.number().int() }).describe('messages in each status (all of the brand)'),
  next_cursor: z.string().nullable(),
})
export const threadSchema = z.object({ message: adminMessageSchema, replies: z.array(replySchema) })
