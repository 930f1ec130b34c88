/**
 * Erasing a customer on request (docs/admin-customers.md): their orders stay for the
 * books (totals, lines, payments, the country and state their tax was for), but every
 * personal field goes: the account's name, e-mail, password and birthday; their saved
 * addresses; the names, addresses, phones and e-mail on their orders; the address their
 * club boxes went to; their wishlist, style answers and remembered devices; their
 * reviews' author name; their messages' sender and text; the e-mails sent to them.
 * The row stays, marked erased, so the orders still point at someone; it cannot log
 * in (no password, an address nobody has) and its sessions end. One transaction, with
 * its audit entry, which holds counts, never the data erased.
 */
import type { Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { anonymiseMessagesOf, ERASED_DOMAIN } from '../customer-service/message-inbox.ts'
import { conflict, notFound } from '../http/errors.ts'
import { statusOf } from '../membership/membership.view.ts'
import { unsignReviews } from '../reviews/review-moderation.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import type { StoreDb } from '../db/connection.ts'

const ERASED_NAME = 'Erased customer'
const ERASED_TEXT = '(erased at the customer’s request)'

/** The address an erased customer is left with: unique (the brand's e-mails are), and no one's. */
const erasedEmail = (customerId: string) => `erased-${customerId}@${ERASED_DOMAIN}`

/** A membership in these states still bills or ships: it is cancelled first, on the club's own terms. */
const LIVE_MEMBERSHIP = new Set(['active', 'skipped', 'paused', 'overdue'])

export interface ErasedCounts {
  orders_kept: number
  addresses_removed: number
  reviews_unsigned: number
  messages_anonymised: number
}

async function anonymiseOrders(trx: Transaction<Database>, brandId: string, customerId: string, email: string, erased: string): Promise<number> {
  const blank = { company: '', address: '', address_2: '', city: '', zip: '', phone: '' }
  const result = await trx
    .updateTable('orders')
    .set({
      email: erased,
      shipping_name: ERASED_NAME,
      shipping_company: blank.company,
      shipping_address: blank.address,
      shipping_address_2: blank.address_2,
      shipping_city: blank.city,
      shipping_zip: blank.zip,
      shipping_phone: blank.phone,
      billing_name: ERASED_NAME,
      billing_company: blank.company,
      billing_address: blank.address,
      billing_address_2: blank.address_2,
      billing_city: blank.city,
      billing_zip: blank.zip,
      billing_phone: blank.phone,
    })
    .where('brand_id', '=', brandId)
    .where((eb) => eb.or([eb('customer_id', '=', customerId), eb('email', '=', email)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Erases the customer's personal data; answers what was done, in counts. The caller ends their sessions. */
export async function eraseCustomer(store: StoreDb, actor: AuditActor, customerId: string): Promise<ErasedCounts> {
  const { brandId } = actor
  const now = actor.now().toISOString()
  return store.db.transaction().execute(async (trx) => {
    const customer = await trx.selectFrom('customers').select(['id', 'email', 'erased_at']).where('brand_id', '=', brandId).where('id', '=', customerId).executeTakeFirst()
    if (!customer) throw notFound('There is no such customer in this store.')
    if (customer.erased_at) throw conflict("This customer's data was already erased.")
    const memberships = await trx.selectFrom('memberships').select(['id', 'status']).where('brand_id', '=', brandId).where('customer_id', '=', customerId).execute()
    if (memberships.some((m) => LIVE_MEMBERSHIP.has(statusOf(m)))) {
      throw conflict('This customer is a member of the club: cancel their membership first (nothing more is then charged or shipped), then erase.')
    }
    const erased = erasedEmail(customerId)
    const ordersKept = await anonymiseOrders(trx, brandId, customerId, customer.email, erased)
    const addresses = await trx.deleteFrom('addresses').where('brand_id', '=', brandId).where('customer_id', '=', customerId).executeTakeFirst()
    await trx.updateTable('memberships').set({ ship_to: null, cancel_reasons: null }).where('brand_id', '=', brandId).where('customer_id', '=', customerId).execute()
    await trx.deleteFrom('wishlist_entries').where('brand_id', '=', brandId).where('customer_id', '=', customerId).execute()
    await trx.deleteFrom('style_profile_answers').where('brand_id', '=', brandId).where('owner_id', '=', customerId).execute()
    await trx.deleteFrom('known_devices').where('brand_id', '=', brandId).where('customer_id', '=', customerId).execute()
    await trx.updateTable('password_resets').set({ used_at: now }).where('brand_id', '=', brandId).where('customer_id', '=', customerId).where('used_at', 'is', null).execute()
    await trx.deleteFrom('email_changes').where('brand_id', '=', brandId).where('customer_id', '=', customerId).execute()
    const reviews = await unsignReviews(trx, brandId, customerId)
    const messages = await anonymiseMessagesOf(trx, brandId, customerId, customer.email, erased)
    // the e-mails sent to them carry their name and address; one not yet sent is not sent
    await trx.updateTable('outbox_emails').set({ to_email: erased, body: ERASED_TEXT }).where('brand_id', '=', brandId).where('to_email', '=', customer.email).execute()
    await trx
      .updateTable('outbox_emails')
      .set({ failed_at: now, last_error: 'the customer was erased' })
      .where('brand_id', '=', brandId)
      .where('to_email', '=', erased)
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .execute()
    await trx
      .updateTable('customers')
      .set({ name: ERASED_NAME, email: erased, password_hash: null, birthday_day: null, birthday_month: null, erased_at: now })
      .where('brand_id', '=', brandId)
      .where('id', '=', customerId)
      .execute()
    const counts: ErasedCounts = {
      orders_kept: ordersKept,
      addresses_removed: Number(addresses.numDeletedRows),
      reviews_unsigned: reviews,
      messages_anonymised: messages,
    }
    await audited(trx, actor, { action: 'customer.erase', entity: 'customer', id: customerId, before: { erased: false }, after: { erased: true, ...counts } })
    return counts
  })
}
