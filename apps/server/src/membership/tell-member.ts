/** How the club tells a member something: one e-mail queued in the caller's transaction, so it goes out once, with the change it tells. */
import type { Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { queueEmails, type QueuedEmail } from '../email/outbox.ts'
import type { ClubEmailBrand, ClubEmailMember } from './club-email.ts'

/** One member's e-mail: to whom (the customer), and how it is written from their name and address. */
export interface ClubLetter {
  customerId: string
  write: (brand: ClubEmailBrand, member: ClubEmailMember) => QueuedEmail
}

export async function tellMember(
  trx: Transaction<Database>,
  brandId: string,
  brand: ClubEmailBrand | undefined,
  customerId: string,
  now: string,
  write: ClubLetter['write'],
): Promise<void> {
  await tellMembers(trx, brandId, brand, now, [{ customerId, write }])
}

/** Many members' e-mails (a billing batch's): their customers read in one statement, the e-mails queued in one. */
export async function tellMembers(trx: Transaction<Database>, brandId: string, brand: ClubEmailBrand | undefined, now: string, letters: readonly ClubLetter[]): Promise<void> {
  if (!brand || letters.length === 0) return
  const members = await trx
    .selectFrom('customers')
    .select(['id', 'name', 'email'])
    .where('id', 'in', [...new Set(letters.map((letter) => letter.customerId))])
    .where('brand_id', '=', brandId)
    .execute()
  const byId = new Map(members.map((member) => [member.id, member]))
  const emails = letters.flatMap((letter) => {
    const member = byId.get(letter.customerId)
    return member ? [letter.write(brand, { name: member.name, email: member.email })] : []
  })
  await queueEmails(trx, brandId, now, emails)
}
