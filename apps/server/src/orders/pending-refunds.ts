/**
 * Refunds whose provider did not answer (or whose process died after the provider refunded): asked
 * again under the same keys, which refund nothing twice, and completed. Run by the reservation
 * sweeper (checkout/reservations.ts) every minute; an order's refund and a paused month's fee's alike.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { completeFeeRefund } from './club-fee-refunds.ts'
import type { OrderActor } from './order-states.ts'
import { sendRefund, type OrderScope } from './refund-door.ts'
import { completeRefund } from './refund-record.ts'

type Db = Kysely<Database> | Transaction<Database>

/** A refund younger than `olderThanMs` is left to the request still at work on it. */
export async function completePendingRefunds(db: Db, now: Date, contextOf: (brandId: string) => OrderScope | null, gateway: PaymentGateway, olderThanMs = 60_000): Promise<number> {
  const waiting = await db
    .selectFrom('payments')
    .select(['brand_id', 'order_number', 'refund_group'])
    .where('kind', '=', 'refund')
    .where('status', '=', 'pending')
    .where('updated_at', '<', new Date(now.getTime() - olderThanMs).toISOString())
    .groupBy(['brand_id', 'order_number', 'refund_group'])
    .limit(50)
    .execute()
  const actor: OrderActor = 'job:refund-sweeper'
  let completed = 0
  for (const refund of waiting) {
    const ctx = contextOf(refund.brand_id)
    const group = refund.refund_group
    if (!ctx || !group) continue
    const orderNumber = refund.order_number
    const record =
      orderNumber === null
        ? (refundIds: Map<string, string | null>) => completeFeeRefund(ctx, group, refundIds)
        : (refundIds: Map<string, string | null>) => completeRefund(ctx, orderNumber, group, refundIds, actor)
    if ((await sendRefund(ctx, { orderNumber, group, record }, { gateway }).catch(() => 'pending' as const)) === 'succeeded') completed += 1
  }
  return completed
}
