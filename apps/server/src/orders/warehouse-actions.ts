/**
 * The warehouse's side of a shopper's return and a member's exchange (docs/orders.md): a return
 * received (the order's return received, an e-mail, then the pieces refunded and restocked, once)
 * and an exchange's replacement sent. From the operator area (orders-admin, audited) or a command.
 */
import type { Transaction } from 'kysely'
import { readJson } from '../db/json.ts'
import type { Database } from '../db/schema.ts'
import { queueEmails } from '../email/outbox.ts'
import { conflict } from '../http/errors.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { exchangeSentEmail, returnReceivedEmail } from './order-emails.ts'
import { moveOrder, type OrderActor } from './order-states.ts'
import { refundOrder, type OrderScope, type RefundOutcome } from './refunds.ts'
import type { ReturnLine } from './shopper-actions.ts'

/**
 * The warehouse received an order's requested return: the order's return received, an e-mail, then
 * the pieces refunded and put back in stock (once: the refund's key is the return's).
 */
export async function receiveReturn(scope: OrderScope, orderNumber: string, gateway: PaymentGateway, actor: OrderActor, audit?: StaffAudit): Promise<RefundOutcome> {
  const { db, brandId } = scope.data
  const now = scope.now().toISOString()
  const open = await db
    .selectFrom('order_returns')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('order_number', '=', orderNumber)
    .where('kind', '=', 'return')
    .orderBy('created_at')
    .execute()
  const waiting = open.find((row) => row.status === 'requested')
  const received = waiting ?? open.at(-1)
  if (!received) throw conflict(`No return was asked for on order ${orderNumber}.`)
  const wanted = readJson<ReturnLine[]>(received.lines, [])
  if (waiting) {
    await db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').selectAll().where('brand_id', '=', brandId).where('order_number', '=', orderNumber).executeTakeFirstOrThrow()
      const lines = await trx.selectFrom('order_lines').selectAll().where('brand_id', '=', brandId).where('order_number', '=', orderNumber).execute()
      const mine = await trx
        .updateTable('order_returns')
        .set({ status: 'received', updated_at: now })
        .where('id', '=', waiting.id)
        .where('status', '=', 'requested')
        .executeTakeFirst()
      // received at the same moment by someone else: theirs stands
      if (Number(mine.numUpdatedRows) !== 1) throw conflict('This return was received meanwhile. Please reload the order.')
      const moved = await moveOrder(trx, { brandId, orderNumber, from: 'return_requested' }, 'receive_return', actor, { at: now })
      if (!moved.ok) throw conflict(moved.reason)
      await audit?.(trx)
      const pieces = wanted.map((want) => {
        const line = lines.find((candidate) => candidate.id === want.line_id)
        return { name: line ? `${line.name} (${line.size})` : 'a piece', qty: want.qty }
      })
      await queueEmails(trx, brandId, now, [returnReceivedEmail({ name: scope.brand.name, origin: scope.origin }, order, pieces)])
    })
  }
  return refundOrder(
    scope,
    orderNumber,
    { idempotencyKey: `return:${received.id}`, lines: wanted.map((want) => ({ line_id: want.line_id, qty: want.qty })), restock: true, reason: 'Return received', notify: true },
    actor,
    { gateway },
    // a return received before whose refund did not go through: this refund is the change audited
    { audit: waiting || !audit ? undefined : (trx) => audit(trx) },
  )
}

/** The operator's audit entry of a warehouse action (the command line has none), written in the action's transaction. */
export type StaffAudit = (trx: Transaction<Database>) => Promise<void>

/** The warehouse sends an exchange's replacement: both orders' histories say so, and the shopper is told. */
export async function sendExchange(scope: OrderScope, orderNumber: string, actor: OrderActor, audit?: StaffAudit): Promise<string> {
  const { db, brandId } = scope.data
  const now = scope.now().toISOString()
  return db.transaction().execute(async (trx) => {
    const exchange = await trx
      .selectFrom('order_returns')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('order_number', '=', orderNumber)
      .where('kind', '=', 'exchange')
      .where('status', '=', 'requested')
      .orderBy('created_at')
      .executeTakeFirst()
    if (!exchange?.exchange_order_number) throw conflict(`No exchange is waiting on order ${orderNumber}.`)
    const order = await trx.selectFrom('orders').selectAll().where('brand_id', '=', brandId).where('order_number', '=', orderNumber).executeTakeFirstOrThrow()
    const line = (await trx.selectFrom('order_lines').selectAll().where('order_number', '=', exchange.exchange_order_number).executeTakeFirst()) ?? null
    await trx.updateTable('order_returns').set({ status: 'sent', updated_at: now }).where('id', '=', exchange.id).execute()
    const detail = { exchange_order: exchange.exchange_order_number }
    const moved = await moveOrder(trx, { brandId, orderNumber, from: 'exchange_requested' }, 'send_exchange', actor, { at: now, detail })
    if (!moved.ok) throw conflict(moved.reason)
    await audit?.(trx)
    const replacement = line ? `${line.name} (${line.color}) in size ${line.size}` : 'your replacement'
    await moveOrder(trx, { brandId, orderNumber: exchange.exchange_order_number, from: ['paid', 'processing'] }, 'ship', actor, { at: now, detail: { exchange_of: orderNumber } })
    await queueEmails(trx, brandId, now, [exchangeSentEmail({ name: scope.brand.name, origin: scope.origin }, order, replacement, exchange.exchange_order_number)])
    return exchange.exchange_order_number
  })
}
