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
import type { RequestContext } from '../context/request-context.ts'
import type { ContactBody, FeedbackBody } from './customer-service.schemas.ts'
import { HOUR_MS, takeRequest } from '../accounts/request-limits.ts'

/** Messages per hour from one client address, and naming one e-mail address (contact and feedback together). */
export const MESSAGES_PER_IP_PER_HOUR = 10
export const MESSAGES_PER_EMAIL_PER_HOUR = 5

/** The brand's support address (store_settings.support_email; support@ its domain where unset). */
export async function supportAddress(ctx: RequestContext): Promise<string> {
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

export async function sendContact(ctx: RequestContext, input: ContactBody): Promise<MessageReceived> {
  const email = input.email.trim().toLowerCase()
  await throttle(ctx, email)
  const { db, brandId } = ctx.data
  const { customerId } = await ctx.shopper()
  const to = await supportAddress(ctx)
  const reference = newReference('C')
  const created = ctx.now().toISOString()
  const topic = CONTACT_TOPICS.find((t) => t.value === input.topic)?.caption ?? input.topic
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('contact_messages')
      .values({
        id: randomUUID(),
        reference,
        brand_id: brandId,
        customer_id: customerId,
        name: input.name,
        email,
        order_number: input.order_number,
        topic: input.topic,
        message: input.message,
        client_ip: ctx.clientIp,
        created_at: created,
      })
      .execute()
    await queueEmails(trx, brandId, created, [
      {
        to,
        subject: oneLine(`[${reference}] ${topic}: ${input.name}`),
        body: mailBody(
          [
            ['Reference', reference],
            ['From', `${input.name} <${email}>`],
            ['Customer account', customerId ? 'yes (logged in)' : 'no'],
            ['Topic', topic],
            ['Order number', input.order_number],
          ],
          input.message,
        ),
      },
    ])
  })
  return { reference, message: `Thank you, ${input.name.split(' ')[0]}. We have your message (reference ${reference}) and will reply to ${email} within one business day.` }
}

export async function sendFeedback(ctx: RequestContext, input: FeedbackBody): Promise<MessageReceived> {
  const email = input.email.trim().toLowerCase()
  await throttle(ctx, email)
  const { db, brandId } = ctx.data
  const { customerId } = await ctx.shopper()
  const to = await supportAddress(ctx)
  const reference = newReference('F')
  const created = ctx.now().toISOString()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('feedback_messages')
      .values({
        id: randomUUID(),
        reference,
        brand_id: brandId,
        customer_id: customerId,
        name: input.name,
        email,
        order_number: input.order_number,
        rating: input.rating,
        message: input.message,
        client_ip: ctx.clientIp,
        created_at: created,
      })
      .execute()
    await queueEmails(trx, brandId, created, [
      {
        to,
        subject: oneLine(`[${reference}] Feedback${input.rating ? ` (${input.rating}/5)` : ''}: ${input.name}`),
        body: mailBody(
          [
            ['Reference', reference],
            ['From', `${input.name} <${email}>`],
            ['Customer account', customerId ? 'yes (logged in)' : 'no'],
            ['Rating', input.rating === null ? null : `${input.rating} of 5`],
            ['Order number', input.order_number],
          ],
          input.message,
        ),
      },
    ])
  })
  return { reference, message: `Thank you for your feedback, ${input.name.split(' ')[0]}. Our team reads every message (reference ${reference}).` }
}
