/**
 * The operator's inbox of contact-us and feedback messages (docs/admin-customers.md):
 * the messages stay in their own tables (contact_messages, feedback_messages; this
 * module reads both as one list); each has a status (new, answered, closed: @store/core
 * message-inbox.ts) and its thread of replies (message_replies). A reply goes to the
 * sender by e-mail, queued in the transaction that records it and its audit entry.
 */
import { randomUUID } from 'node:crypto'
import { CONTACT_TOPICS, isMessageStatus, nextMessageStatus, type AdminMessage, type MessageKind, type MessageReply, type MessageStatus, MESSAGE_STATUSES } from '@store/core'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { queueEmails } from '../email/outbox.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The address an erased customer's messages are left with: nothing is sent to it. */
export const ERASED_DOMAIN = 'erased.invalid'

interface InboxFilter {
  status?: MessageStatus
  kind?: MessageKind
  customerId?: string
  email?: string
  id?: string
  cursor?: string
}

/** Both tables' messages of the brand as one list (each part filtered before they are joined, so each uses its indexes). */
function inbox(db: Db, brandId: string, filter: InboxFilter) {
  const after = filter.cursor ? decodeCursor(filter.cursor) : null
  const contact = db
    .selectFrom('contact_messages')
    .select([
      'id',
      sql<string>`'contact'`.as('kind'),
      'reference',
      'customer_id',
      'name',
      'email',
      'topic',
      sql<number | null>`cast(null as integer)`.as('rating'),
      'order_number',
      'message',
      'status',
      'created_at',
    ])
    .where('brand_id', '=', brandId)
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!))
    .$if(filter.kind === 'feedback', (q) => q.where(sql<boolean>`1 = 0`))
    .$if(filter.id !== undefined, (q) => q.where('id', '=', filter.id!))
    .$if(filter.customerId !== undefined, (q) => q.where((eb) => eb.or([eb('customer_id', '=', filter.customerId!), eb('email', '=', filter.email ?? '')])))
    .$if(after !== null, (q) => q.where((eb) => eb.or([eb('created_at', '<', after!.at), eb.and([eb('created_at', '=', after!.at), eb('id', '<', after!.id)])])))
  const feedback = db
    .selectFrom('feedback_messages')
    .select([
      'id',
      sql<string>`'feedback'`.as('kind'),
      'reference',
      'customer_id',
      'name',
      'email',
      sql<string>`'feedback'`.as('topic'),
      'rating',
      'order_number',
      'message',
      'status',
      'created_at',
    ])
    .where('brand_id', '=', brandId)
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!))
    .$if(filter.kind === 'contact', (q) => q.where(sql<boolean>`1 = 0`))
    .$if(filter.id !== undefined, (q) => q.where('id', '=', filter.id!))
    .$if(filter.customerId !== undefined, (q) => q.where((eb) => eb.or([eb('customer_id', '=', filter.customerId!), eb('email', '=', filter.email ?? '')])))
    .$if(after !== null, (q) => q.where((eb) => eb.or([eb('created_at', '<', after!.at), eb.and([eb('created_at', '=', after!.at), eb('id', '<', after!.id)])])))
  return db.selectFrom(contact.unionAll(feedback).as('m')).selectAll()
}

type InboxRow = Awaited<ReturnType<ReturnType<typeof inbox>['execute']>>[number]

const view = (row: InboxRow): AdminMessage => ({
  id: row.id,
  kind: row.kind === 'feedback' ? 'feedback' : 'contact',
  reference: row.reference,
  customer_id: row.customer_id,
  name: row.name,
  email: row.email,
  subject: row.kind === 'feedback' ? 'Feedback' : (CONTACT_TOPICS.find((t) => t.value === row.topic)?.caption ?? row.topic),
  rating: row.rating === null ? null : Number(row.rating),
  order_number: row.order_number,
  message: row.message,
  status: isMessageStatus(row.status) ? row.status : 'new',
  created_at: row.created_at,
})

const encodeCursor = (row: { created_at: string; id: string }) => Buffer.from(`${row.created_at}|${row.id}`).toString('base64url')
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  if (!at || !id) throw badRequest('This page of messages is not one we gave out. Start from the first page.', 'cursor')
  return { at, id }
}

/** A page of the inbox, newest first, with the count of messages in each status. */
export async function listMessages(
  db: Db,
  brandId: string,
  filter: { status?: MessageStatus; kind?: MessageKind; cursor?: string; limit?: number },
): Promise<{ messages: AdminMessage[]; counts: Record<MessageStatus, number>; next_cursor: string | null }> {
  const limit = filter.limit ?? 50
  const [rows, counts] = await Promise.all([
    inbox(db, brandId, filter)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute(),
    countByStatus(db, brandId),
  ])
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return { messages: page.map(view), counts, next_cursor: rows.length > limit && last ? encodeCursor(last) : null }
}

async function countByStatus(db: Db, brandId: string): Promise<Record<MessageStatus, number>> {
  const count = (table: 'contact_messages' | 'feedback_messages') =>
    db
      .selectFrom(table)
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('brand_id', '=', brandId)
      .groupBy('status')
      .execute()
  const rows = (await Promise.all([count('contact_messages'), count('feedback_messages')])).flat()
  const counts = Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, 0])) as Record<MessageStatus, number>
  for (const row of rows) if (isMessageStatus(row.status)) counts[row.status] += Number(row.n)
  return counts
}

/** The messages a customer sent (logged in, or with their account's address), newest first. */
export async function messagesOfCustomer(db: Db, brandId: string, customerId: string, email: string): Promise<AdminMessage[]> {
  const rows = await inbox(db, brandId, { customerId, email }).orderBy('created_at', 'desc').limit(100).execute()
  return rows.map(view)
}

async function repliesTo(db: Db, brandId: string, messageId: string): Promise<MessageReply[]> {
  const rows = await db
    .selectFrom('message_replies')
    .leftJoin('staff', 'staff.id', 'message_replies.staff_id')
    .select(['message_replies.id', 'message_replies.body', 'message_replies.created_at', 'staff.name'])
    .where('message_replies.brand_id', '=', brandId)
    .where('message_replies.message_id', '=', messageId)
    .orderBy('message_replies.created_at')
    .execute()
  return rows.map((row) => ({ id: row.id, body: row.body, by: row.name ?? null, at: row.created_at }))
}

async function findMessage(db: Db, brandId: string, id: string): Promise<AdminMessage> {
  const row = await inbox(db, brandId, { id }).executeTakeFirst()
  if (!row) throw notFound('There is no such message in this store.')
  return view(row)
}

/** One message with its thread of replies, oldest first. */
export async function getThread(db: Db, brandId: string, id: string): Promise<{ message: AdminMessage; replies: MessageReply[] }> {
  const message = await findMessage(db, brandId, id)
  return { message, replies: await repliesTo(db, brandId, id) }
}

const tableOf = (kind: MessageKind) => (kind === 'feedback' ? 'feedback_messages' : 'contact_messages')

/** Subjects are one line: a name cannot add headers or lines. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').slice(0, 150)

/**
 * Sends a reply to the message's sender: the reply joins the thread, the e-mail is
 * queued and the message becomes answered, all in one transaction with its audit entry.
 */
export async function replyToMessage(
  db: Kysely<Database>,
  actor: AuditActor,
  brand: { name: string },
  id: string,
  body: string,
): Promise<{ message: AdminMessage; replies: MessageReply[] }> {
  const message = await findMessage(db, actor.brandId, id)
  if (message.email.endsWith(`@${ERASED_DOMAIN}`)) throw conflict("This sender's data was erased at their request: there is no address to reply to.")
  const next = nextMessageStatus(message.status, 'reply', true)
  if ('refused' in next) throw conflict(next.refused)
  const now = actor.now().toISOString()
  const replyId = randomUUID()
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('message_replies').values({ id: replyId, brand_id: actor.brandId, message_id: id, staff_id: actor.staffId, body, created_at: now }).execute()
    await trx.updateTable(tableOf(message.kind)).set({ status: next.status }).where('id', '=', id).where('brand_id', '=', actor.brandId).execute()
    await queueEmails(trx, actor.brandId, now, [
      {
        to: message.email,
        subject: oneLine(`Re: [${message.reference}] ${message.subject}`),
        body: `Hi ${message.name.split(' ')[0]},\n\n${body}\n\n${brand.name}\n\nYou wrote (reference ${message.reference}):\n${quoted}\n`,
      },
    ])
    await audited(trx, actor, { action: 'message.reply', entity: 'message', id, before: { status: message.status }, after: { status: next.status, reply: replyId } })
  })
  return getThread(db, actor.brandId, id)
}

/** Closes a message, or opens a closed one again; audited in its transaction. */
export async function moveMessage(db: Kysely<Database>, actor: AuditActor, id: string, event: 'close' | 'reopen'): Promise<{ message: AdminMessage; replies: MessageReply[] }> {
  const message = await findMessage(db, actor.brandId, id)
  const replies = await repliesTo(db, actor.brandId, id)
  const next = nextMessageStatus(message.status, event, replies.length > 0)
  if ('refused' in next) throw conflict(next.refused)
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable(tableOf(message.kind))
      .set({ status: next.status })
      .where('id', '=', id)
      .where('brand_id', '=', actor.brandId)
      .where('status', '=', message.status)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) !== 1) throw conflict('This message changed meanwhile. Open it again to see it as it is now.')
    await audited(trx, actor, { action: `message.${event}`, entity: 'message', id, before: { status: message.status }, after: { status: next.status } })
  })
  return getThread(db, actor.brandId, id)
}

/** An erased customer's messages keep their reference and status, not who sent them nor what they said. */
export async function anonymiseMessagesOf(trx: Transaction<Database>, brandId: string, customerId: string, email: string, erasedEmail: string): Promise<number> {
  let count = 0
  for (const table of ['contact_messages', 'feedback_messages'] as const) {
    const theirs = trx
      .selectFrom(table)
      .select('id')
      .where('brand_id', '=', brandId)
      .where((eb) => eb.or([eb('customer_id', '=', customerId), eb('email', '=', email)]))
    // the replies too: they were written to the customer, often with their name or order in them
    await trx.updateTable('message_replies').set({ body: '(erased at the customer’s request)' }).where('brand_id', '=', brandId).where('message_id', 'in', theirs).execute()
    const result = await trx
      .updateTable(table)
      .set({ name: 'Erased customer', email: erasedEmail, message: '(erased at the customer’s request)', client_ip: '' })
      .where('brand_id', '=', brandId)
      .where((eb) => eb.or([eb('customer_id', '=', customerId), eb('email', '=', email)]))
      .executeTakeFirst()
    count += Number(result.numUpdatedRows)
  }
  return count
}
