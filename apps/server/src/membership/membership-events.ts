/**
 * The club's history (migration 032, docs/admin-club.md): every change of a
 * membership's state is written here, in the transaction of the change, by the
 * one function below, so the health figures read what happened and when. The
 * states come from core's state machine (`transition`); this only records them.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

/** What recovered an overdue membership, or who made a change (a member of staff on the member's behalf). */
export type EventCause = 'staff' | 'retry' | 'new_card'

export interface MembershipChange {
  brandId: string
  membershipId: string
  /** core's MembershipEvent, 'join', 'month_free', or 'save_offer_shown' */
  event: string
  from: string | null
  to: string
  at: Date
  /** the day it counts for, when not the day of `at` (a billing run's --as-of day) */
  day?: string
  cause?: EventCause | null
  /** a failed charge's retry: days since the first failure */
  retryDay?: number | null
  staffId?: string | null
  detail?: Record<string, unknown>
}

/** Writes one change of a membership: call it inside the change's transaction. */
export async function recordMembershipEvent(trx: Db, change: MembershipChange): Promise<void> {
  await recordMembershipEvents(trx, [change])
}

/** Writes many memberships' changes in one statement (a billing batch's), inside their transaction. */
export async function recordMembershipEvents(trx: Db, changes: readonly MembershipChange[]): Promise<void> {
  if (changes.length === 0) return
  await trx
    .insertInto('membership_events')
    .values(
      changes.map((change) => {
        const at = change.at.toISOString()
        return {
          id: randomUUID(),
          brand_id: change.brandId,
          membership_id: change.membershipId,
          at,
          day: change.day ?? at.slice(0, 10),
          month: (change.day ?? at).slice(0, 7),
          event: change.event,
          from_status: change.from,
          to_status: change.to,
          cause: change.cause ?? (change.staffId ? 'staff' : null),
          retry_day: change.retryDay ?? null,
          staff_id: change.staffId ?? null,
          detail_json: change.detail ? JSON.stringify(change.detail) : null,
        }
      }),
    )
    .execute()
}

/** What paid an overdue membership's month: a retry on the card that failed, or a card changed since the failure. */
export async function recoveryCause(trx: Db, membershipId: string, cardNow: string | null): Promise<EventCause> {
  const failed = await trx
    .selectFrom('membership_events')
    .select('detail_json')
    .where('membership_id', '=', membershipId)
    .where('event', '=', 'charge_failed')
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst()
  const card = failed?.detail_json ? (JSON.parse(failed.detail_json) as { card?: string | null }).card : undefined
  return card !== undefined && card !== cardNow ? 'new_card' : 'retry'
}
