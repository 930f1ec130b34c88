/**
 * The reminder before the skip cut-off (issue 37, item 7): a few days before the
 * cut-off of a member's coming month (club-billing.ts: cutoffDate), an active
 * member who has not skipped, paused or picked for that month gets one e-mail with
 * one link to skip it. Sent by the billing scheduler's runs (and `npm run billing`
 * callers may run it too); once per member per month, guaranteed by the database:
 * the outbox row's id is made of the membership and the month, so a second run,
 * on this instance or another, inserts nothing.
 */
import { addDays, cutoffDate, periodOf } from '@store/core'
import { BRANDS, type Brand } from '../brands/registry.ts'
import type { ContextLog } from '../context/request-context.ts'
import type { StoreDb } from '../db/connection.ts'
import { skipReminderEmail } from './skip-reminder-email.ts'

/** How many days before the cut-off the reminder goes (the cut-off day itself is the last day to skip). */
export const REMIND_DAYS_BEFORE_CUTOFF = 3

/** The outbox id of a member's reminder for a month: one per member per month. */
export const skipReminderId = (membershipId: string, period: string) => `skip-reminder:${membershipId}:${period}`

/** Queues the reminders due on `today` ('YYYY-MM-DD'); answers how many were queued by this run. */
export async function sendSkipReminders(store: StoreDb, options: { log: ContextLog; brandRegistry?: readonly Brand[] }, today: string): Promise<number> {
  const registry = options.brandRegistry ?? BRANDS
  // the billing dates whose cut-off is between today and REMIND_DAYS_BEFORE_CUTOFF days on
  const rows = await store.db
    .selectFrom('memberships')
    .innerJoin('customers', 'customers.id', 'memberships.customer_id')
    .select(['memberships.id', 'memberships.brand_id', 'memberships.next_billing_date', 'customers.name', 'customers.email'])
    .where('memberships.status', '=', 'active')
    .where('memberships.next_billing_date', 'is not', null)
    .where('memberships.next_billing_date', '>=', addDays(today, 0))
    .where('memberships.next_billing_date', '<=', addDays(today, 62))
    .execute()
  let queued = 0
  for (const row of rows) {
    const billing = row.next_billing_date!
    const cutoff = cutoffDate(billing)
    if (today > cutoff || today < addDays(cutoff, -REMIND_DAYS_BEFORE_CUTOFF)) continue
    const period = periodOf(billing)
    const picked = await store.db.selectFrom('membership_picks').select('id').where('membership_id', '=', row.id).where('period', '=', period).executeTakeFirst()
    if (picked) continue
    const brand = registry.find((candidate) => candidate.id === row.brand_id)
    if (!brand) continue
    const email = skipReminderEmail({ name: brand.name, publicOrigin: brand.publicOrigin }, { name: row.name, email: row.email }, { period, cutoff })
    const inserted = await store.db
      .insertInto('outbox_emails')
      .values({
        id: skipReminderId(row.id, period),
        brand_id: row.brand_id,
        to_email: email.to,
        subject: email.subject,
        body: email.body,
        created_at: new Date().toISOString(),
        sent_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst()
    // a row only when this run inserted it
    if (inserted) queued++
  }
  if (queued > 0) options.log.info({ today, queued }, 'club: skip reminders queued')
  return queued
}
