/**
 * An order's refund recorded, once the provider refunded it (the keep of the refund's door,
 * orders/refund-door.ts): its rows succeeded, the stock back, the order moved (refunded or
 * partially_refunded), its history entry and the e-mail; only the one who turns the rows from
 * pending to succeeded does it (the request, or the sweeper's completePendingRefunds).
 */
import { isOrderStatus, orderTransition } from '@store/core'
import type { Transaction } from 'kysely'
import { giveBackStock } from '../checkout/stock.ts'
import { emitStockChanged } from '../checkout/stock-events.ts'
import { dialectOf } from '../db/connection.ts'
import { readJson } from '../db/json.ts'
import type { Database, OrdersRow } from '../db/schema.ts'
import { queueEmails, type QueuedEmail } from '../email/outbox.ts'
import { settlePendingRefunds } from '../payments/ledger.ts'
import { ledgerTotals } from './order-details.ts'
import { refundIssuedEmail, type RefundedPiece } from './order-emails.ts'
import { moveOrder, recordOrderEvent, type OrderActor } from './order-states.ts'
import type { OrderScope } from './refund-door.ts'

/** What a refund request asked, kept on its ledger rows (payments.refund_detail) for whoever completes it. */
export interface RefundDetail {
  notify: boolean
  restock: boolean
  shipping: boolean
  lines: { line_id: string; item_id: number; size: string; name: string; qty: number; amount_cents: number }[]
}

/** The order, locked until the transaction ends on PostgreSQL (SQLite runs one transaction at a time). */
export async function lockOrder(trx: Transaction<Database>, brandId: string, orderNumber: string): Promise<OrdersRow | undefined> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('order_number', '=', orderNumber)
    .$if(dialectOf(trx) === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst()
}

export const emailBrand = (ctx: OrderScope) => ({ name: ctx.brand.name, origin: ctx.origin })

/** The request's rows succeeded, stock back, the order moved, its history and e-mail: once, whoever completes it. */
export async function completeRefund(ctx: OrderScope, orderNumber: string, group: string, refundIds: Map<string, string | null>, actor: OrderActor): Promise<void> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  const restocked = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, brandId, orderNumber)
    if (!order || !isOrderStatus(order.status)) return []
    const rows = await trx
      .selectFrom('payments')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('order_number', '=', orderNumber)
      .where('kind', '=', 'refund')
      .where('refund_group', '=', group)
      .execute()
    const flipped = await settlePendingRefunds(trx, rows, refundIds, now)
    if (flipped === 0) return []
    const detail = readJson<RefundDetail>(rows[0]!.refund_detail, { notify: true, restock: false, shipping: false, lines: [] })
    const amount = rows.reduce((sum, row) => sum + row.amount_cents, 0)
    const restockedItems: number[] = []
    if (detail.restock && detail.lines.length > 0) {
      await giveBackStock(
        trx,
        brandId,
        detail.lines.map((piece) => ({ itemId: piece.item_id, size: piece.size, qty: piece.qty })),
      )
      restockedItems.push(...detail.lines.map((piece) => piece.item_id))
    }
    const payments = await trx.selectFrom('payments').select(['kind', 'status', 'amount_cents']).where('brand_id', '=', brandId).where('order_number', '=', orderNumber).execute()
    const ledger = ledgerTotals(payments)
    const entry = {
      amount_cents: amount,
      lines: detail.lines.map((piece): RefundedPiece => ({ name: `${piece.name} (${piece.size})`, qty: piece.qty })),
      shipping: detail.shipping,
      reason: rows[0]!.reason,
    }
    const moves = order.status !== 'cancelled' && orderTransition(order.status, 'refund', { fullyRefunded: ledger.refundedCents >= ledger.paidCents }).ok
    const moved = moves
      ? await moveOrder(trx, { brandId, orderNumber, from: order.status }, 'refund', actor, {
          at: now,
          detail: entry,
          facts: { fullyRefunded: ledger.refundedCents >= ledger.paidCents },
        })
      : { ok: false }
    if (!moved.ok) await recordOrderEvent(trx, { brandId, orderNumber, event: 'refunded', actor, at: now, detail: entry })
    if (detail.notify) {
      const email: QueuedEmail = refundIssuedEmail(emailBrand(ctx), order, amount, entry.lines)
      await queueEmails(trx, brandId, now, [email])
    }
    return restockedItems
  })
  if (restocked.length > 0) emitStockChanged({ brandId, itemIds: restocked }, ctx.log)
}
