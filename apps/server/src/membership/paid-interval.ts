/**
 * Whether a membership's current billing interval is paid: its next billing date is
 * still ahead (the interval up to it was settled: charged, prepaid, skipped or paused
 * fee) and no charge of it failed. A former member who rejoins inside it owes nothing,
 * through the account's rejoin or the club checkout. The interval, not the calendar
 * month: billed on 11-28 and paid to 12-28, a rejoin on 12-02 is inside the paid
 * interval although December has no charge.
 */
import type { MembershipsRow } from '../db/schema.ts'

export function paidThrough(row: Pick<MembershipsRow, 'next_billing_date' | 'failed_period'>, today: string): boolean {
  return row.next_billing_date !== null && row.next_billing_date > today && row.failed_period === null
}
