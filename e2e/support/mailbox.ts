/**
 * The store's outbox as the tests' mailbox: without SMTP the store keeps every e-mail in its
 * database (outbox_emails), which e2e/run.mjs hands to the specs as E2E_DATABASE_PATH. Read-only,
 * beside the running store.
 */
import Database from 'better-sqlite3'

export interface SentEmail {
  subject: string
  body: string
}

/** The newest e-mail to `to` whose subject is `subject`, or null. */
export function newestEmail(to: string, subject: string): SentEmail | null {
  const path = process.env.E2E_DATABASE_PATH
  if (!path) throw new Error('E2E_DATABASE_PATH is not set (e2e/run.mjs sets it)')
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    const row = db.prepare('select subject, body from outbox_emails where to_email = ? and subject = ? order by created_at desc, id desc limit 1').get(to, subject) as
      | SentEmail
      | undefined
    return row ?? null
  } finally {
    db.close()
  }
}
