/**
 * The order's Purchase for Meta's Conversions API, queued by the server itself in the transaction
 * that writes the order paid (checkout/keep-order.ts), so it never depends on the shopper's browser
 * reaching the thank-you page (decision 234). Its event id is derived from the order's number
 * (@store/core purchaseEventId): the thank-you page's fbq copy sends the same id, and Meta counts
 * the pair once; the page's own report of Purchase (GET /api/pixel-event) is kept first-party only.
 *
 * Who bought, as the API asks: the order's e-mail and the ids of the visitor who placed it and of
 * the customer, hashed (conversions.ts); no address or browser (this may be the bank's return or a
 * webhook, not the shopper's request: the page's copy carries those). A visitor whose latest pixel
 * event said they opted out of data sale (the do_not_sell cookie, SPEC §9) gets limited data use.
 */
import { fromCents, purchaseData, purchaseEventId } from '@store/core'
import type { Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import type { Database } from '../db/schema.ts'
import { conversionsConfig, queueConversion } from './conversions.ts'

interface PaidOrder {
  order_number: string
  total_cents: number
  email: string
  customer_id: string | null
  placed_by_visitor_id: string | null
}

/** Queues the paid order's Purchase (nothing where the Conversions API is not configured; once per order). */
export async function queuePurchaseConversion(
  trx: Transaction<Database>,
  ctx: RequestContext,
  order: PaidOrder,
  lines: readonly { item_id: number; qty: number }[],
  now: Date,
): Promise<void> {
  if (!conversionsConfig(ctx.env)) return
  const { brandId } = ctx.data
  const visitorId = order.placed_by_visitor_id
  const latest = visitorId
    ? await trx
        .selectFrom('pixel_events')
        .select('limited_data_use')
        .where('brand_id', '=', brandId)
        .where('visitor_id', '=', visitorId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined
  await queueConversion(trx, {
    brandId,
    eventId: purchaseEventId(order.order_number),
    eventName: 'Purchase',
    time: now,
    sourceUrl: `${ctx.origin}/thank-you`,
    customData: purchaseData(
      order.order_number,
      fromCents(order.total_cents),
      lines.map((line) => ({ itemId: line.item_id, qty: line.qty })),
    ),
    fbclid: null,
    clientIp: null,
    userAgent: null,
    externalIds: [visitorId, order.customer_id].filter((id): id is string => Boolean(id)),
    email: order.email,
    limitedDataUse: latest?.limited_data_use === 1,
  })
}
