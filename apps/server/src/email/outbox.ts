/** Queuing e-mail: a row of outbox_emails, delivered later by the outbox worker (outbox-worker.ts). */
import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface QueuedEmail {
  to: string
  subject: string
  body: string
  /** the order the e-mail is about: it becomes an entry of the order's history (migration 024) */
  orderNumber?: string
}

/** Queues e-mails of a brand, in the caller's transaction when it passes one. */
export async function queueEmails(db: Kysely<Database> | Transaction<Database>, brandId: string, createdAt: string, emails: QueuedEmail[]): Promise<void> {
  if (emails.length === 0) return
  await db
    .insertInto('outbox_emails')
    .values(
      emails.map((email) => ({
        id: randomUUID(),
        brand_id: brandId,
        to_email: email.to,
        subject: email.subject,
        body: email.body,
        created_at: createdAt,
        sent_at: null,
        order_number: email.orderNumber ?? null,
      })),
    )
    .execute()
}
