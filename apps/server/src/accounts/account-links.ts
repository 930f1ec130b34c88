/**
 * The links an e-mail carries that act on an account: a password reset link
 * (sent to the address the account had when it was asked for) and an e-mail
 * change link (sent to the new address). A link proves only what was true when
 * it was sent, so when the password or the address changes, the links still
 * outstanding stop working (docs/members.md, "Account rules").
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Every reset link of the customer not used yet is spent: whoever holds an older e-mail (or the old mailbox) cannot reset the password with it. */
export async function voidPasswordResets(db: Db, brandId: string, customerId: string, now: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('brand_id', '=', brandId).where('customer_id', '=', customerId).where('used_at', 'is', null).execute()
}

/** The e-mail change waiting for its link is dropped (as a newer request drops it): the customer asks again with the new password. */
export async function voidEmailChanges(db: Db, brandId: string, customerId: string): Promise<void> {
  await db.deleteFrom('email_changes').where('brand_id', '=', brandId).where('customer_id', '=', customerId).where('used_at', 'is', null).execute()
}
