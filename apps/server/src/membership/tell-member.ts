/** How the club tells a member something: one e-mail queued in the caller's transaction, so it goes out once, with the change it tells. */
import type { Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { queueEmails, type QueuedEmail } from '../email/outbox.ts'
import type { ClubEmailBrand, ClubEmailMember } from './club-email.ts'

export async function tellMember(
  trx: Transaction<Database>,
  brandId: string,
  brand: ClubEmailBrand | undefined,
  customerId: string,
  now: string,
  write: (brand: ClubEmailBrand, member: ClubEmailMember) => QueuedEmail,
): Promise<void> {
  if (!brand) return
  const member = await trx.selectFrom('customers').select(['name', 'email']).where('id', '=', customerId).where('brand_id', '=', brandId).executeTakeFirst()
  if (member) await queueEmails(trx, brandId, now, [write(brand, member)])
}
