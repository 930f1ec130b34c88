/**
 * Reservations that ran out: an order still 'pending_payment' past its
 * reserved_until (a shopper who never finished 3-D Secure, a process that died
 * between reserving and charging) gives its stock back and its cart is open
 * again. The order row goes, so the same Idempotency-Key can reserve afresh
 * under the same order number; its charge, if one was made, is found again by
 * the gateway's idempotency key, never made twice.
 */
import type { StoreDb } from '../db/connection.ts'
import { reopenCart } from './checkout.service.ts'
import { emitStockChanged } from './stock-events.ts'
import { giveBackStock } from './stock.ts'

const BATCH = 50
const SWEEP_MS = 60_000

export async function releaseExpiredReservations(store: StoreDb, now: Date = new Date()): Promise<number> {
  const { db } = store
  const expired = await db
    .selectFrom('orders')
    .select(['order_number', 'brand_id', 'cart_id'])
    .where('status', '=', 'pending_payment')
    .where('reserved_until', '<', now.toISOString())
    .orderBy('reserved_until')
    .limit(BATCH)
    .execute()
  let released = 0
  for (const order of expired) {
    const itemIds = await db.transaction().execute(async (trx) => {
      const mine = await trx
        .updateTable('orders')
        .set({ status: 'expired' })
        .where('order_number', '=', order.order_number)
        .where('status', '=', 'pending_payment')
        .executeTakeFirst()
      if (Number(mine.numUpdatedRows) !== 1) return null
      const lines = await trx.selectFrom('order_lines').select(['item_id', 'size', 'qty']).where('order_number', '=', order.order_number).execute()
      await giveBackStock(trx, order.brand_id, lines.map((line) => ({ itemId: line.item_id, size: line.size, qty: line.qty })))
      await trx.deleteFrom('order_lines').where('order_number', '=', order.order_number).execute()
      await trx.deleteFrom('payments').where('order_number', '=', order.order_number).execute()
      await trx.deleteFrom('orders').where('order_number', '=', order.order_number).execute()
      if (order.cart_id) {
        await reopenCart(trx, order.cart_id, now.toISOString())
      }
      return lines.map((line) => line.item_id)
    })
    if (itemIds) {
      released += 1
      emitStockChanged({ brandId: order.brand_id, itemIds })
    }
  }
  return released
}

/** Sweeps every minute in this process (any number of instances may: each order is released once); returns stop(). */
export function startReservationSweeper(store: StoreDb, log: { error(details: object, message: string): void }): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = releaseExpiredReservations(store).catch((error: unknown) => log.error({ err: error }, 'releasing expired reservations failed'))
  }, SWEEP_MS)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
