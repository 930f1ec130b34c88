/**
 * Contact us and customer feedback: each message is stored (contact_messages,
 * feedback_messages) and e-mailed to the brand's support address through the
 * outbox, throttled per address and per e-mail in the database. Nothing is
 * e-mailed to the address the form names (no relay for strangers' mail): the
 * page shows the confirmation and a reference to quote.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { queueEmails } from '../email/outbox.ts'
import { CONTACT_TOPICS, type MessageReceived } from '@store/core'
import type { Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import type { ContactMessagesTable, Database, FeedbackMessagesTable } from '../db/schema.ts'
import type { ContactBody, FeedbackBody } from './customer-service.schemas.ts'
import { HOUR_MS, takeRequest } from '../accounts/request-limits.ts'

/** Messages per hour from one client address, and naming one e-mail address (contact and feedback together). */
export const MESSAGES_PER_IP_PER_HOUR = 10
export const MESSAGES_PER_EMAIL_PER_HOUR = 5

/** The brand's support address (store_settings.support_email; support@ its domain where unset). */
async function supportAddress(ctx: RequestContext): Promise<string> {
  const row = await ctx.data.db.selectFrom('store_settings').select(['support_email', 'domain']).where('brand_id', '=', ctx.data.brandId).executeTakeFirst()
  return row?.support_email || `support@${row?.domain ?? 'localhost'}`
}

const newReference = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`

/** Messages (contact and feedback together) per client address and per e-mail address named, in an hour. */
async function throttle(ctx: RequestContext, email: string) {
  await takeRequest(ctx, [
    { key: `messages:ip:${ctx.clientIp}`, max: MESSAGES_PER_IP_PER_HOUR, windowMs: HOUR_MS, message: 'Many messages were sent from this network in a short while.' },
    { key: `messages:email:${email}`, max: MESSAGES_PER_EMAIL_PER_HOUR, windowMs: HOUR_MS, message: 'Many messages were sent for this email address in a short while.' },
  ])
}

/** One line per field for the support inbox; the shopper's text is quoted as given. */
function mailBody(fields: [string, string | number | null][], text: string): string {
  const lines = fields.filter(([, value]) => value !== null && value !== '').map(([label, value]) => `${label}: ${value}`)
  return `${lines.join('\n')}\n\n${text}\n`
}

/** Subjects are one line: a name cannot add headers or lines. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').slice(0, 120)

/** The columns contact_messages and feedback_messages share. */
type MessageRow = Pick<ContactMessagesTable, Exclude<keyof ContactMessagesTable & keyof FeedbackMessagesTable, 'status'>>

/** The support e-mail of a message: its subject and the fields above the shopper's text. */
interface SupportMail {
  subject: string
  fields: [string, string | number | null][]
}

/**
 * What both forms do: throttle the sender, then in one transaction store the
 * message (`store`, into its own table) and queue its e-mail to the brand's
 * support address. Answers the row as stored, its reference included.
 */
async function receiveMessage(
  ctx: RequestContext,
  input: { name: string; email: string; order_number: string | null; message: string },
  referencePrefix: 'C' | 'F',
  store: (trx: Transaction<Database>, row: MessageRow) => Promise<unknown>,
  mail: (row: MessageRow) => SupportMail,
): Promise<MessageRow> {
  const email = input.email.trim().toLowerCase()
  await throttle(ctx, email)
  const { db, brandId } = ctx.data
  const { customerId } = await ctx.shopper()
  const to = await supportAddress(ctx)
  const row: MessageRow = {
    id: randomUUID(),
    reference: newReference(referencePrefix),
    brand_id: brandId,
    customer_id: customerId,
    name: input.name,
    email,
    order_number: input.order_number,
    message: input.message,
    client_ip: ctx.clientIp,
    created_at: ctx.now().toISOString(),
  }
  const { subject, fields } = mail(row)
  const from: SupportMail['fields'] = [
    ['Reference', row.reference],
    ['From', `${row.name} <${row.email}>`],
    ['Customer account', customerId ? 'yes (logged in)' : 'no'],
  ]
  await db.transaction().execute(async (trx) => {
    await store(trx, row)
    await queueEmails(trx, brandId, row.created_at, [{ to, subject: oneLine(subject), body: mailBody([...from, ...fields], row.message) }])
  })
  return row
}

const firstName = (name: string) => name.split(' ')[0]

export async function sendContact(ctx: RequestContext, input: ContactBody): Promise<MessageReceived> {
  const topic = CONTACT_TOPICS.find((t) => t.value === input.topic)?.caption ?? input.topic
  const { reference, email } = await receiveMessage(
    ctx,
    input,
    'C',
    (trx, row) =>
      trx
        .insertInto('contact_messages')
        .values({ ...row, topic: input.topic })
        .execute(),
    (row) => ({
      subject: `[${row.reference}] ${topic}: ${row.name}`,
      fields: [
        ['Topic', topic],
        ['Order number', row.order_number],
      ],
    }),
  )
  return { reference, message: `Thank you, ${firstName(input.name)}. We have your message (reference ${reference}) and will reply to ${email} within one business day.` }
}

export async function sendFeedback(ctx: RequestContext, input: FeedbackBody): Promise<MessageReceived> {
  const { reference } = await receiveMessage(
    ctx,
    input,
    'F',
    (trx, row) =>
      trx
        .insertInto('feedback_messages')
        .values({ ...row, rating: input.rating })
        .execute(),
    (row) => ({
      subject: `[${row.reference}] Feedback${input.rating ? ` (${input.rating}/5)` : ''}: ${row.name}`,
      fields: [
        ['Rating', input.rating === null ? null : `${input.rating} of 5`],
        ['Order number', row.order_number],
      ],
    }),
  )
  return { reference, message: `Thank you for your feedback, ${firstName(input.name)}. Our team reads every message (reference ${reference}).` }
}
