/**
 * Reservations that ran out: an order still 'pending_payment' past its
 * reserved_until (a shopper who never finished 3-D Secure, a process that died
 * between reserving and charging) gives its stock back and its cart is open
 * again. The order row goes, so the same Idempotency-Key can reserve afresh
 * under the same order number; its charge, if one was made, is found again by
 * the gateway's idempotency key, never made twice.
 *
 * An order whose charge had no answer (the payment service out of reach: the
 * shopper was told to try again) and that nobody tried again may have been
 * paid all the same. Its release is logged as a warning naming the order, the
 * amount and the key the provider knows the payment by (Stripe: metadata
 * store_key), so the operator can look it up and give the money back.
 */
import type { StoreDb } from '../db/connection.ts'
import { gatewayKeyOf, reopenCart } from './checkout.service.ts'
import { emitStockChanged } from './stock-events.ts'
import { giveBackStock } from './stock.ts'

const BATCH = 50
const SWEEP_MS = 60_000

export interface SweeperLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export async function releaseExpiredReservations(store: StoreDb, now: Date = new Date(), log?: SweeperLog): Promise<number> {
  const { db } = store
  const expired = await db
    .selectFrom('orders')
    .select(['order_number', 'brand_id', 'cart_id', 'total_cents'])
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
      const unanswered = await db
        .selectFrom('checkout_attempts')
        .select('idempotency_key')
        .where('brand_id', '=', order.brand_id)
        .where('scope', '=', 'checkout')
        .where('order_number', '=', order.order_number)
        .where('state', '=', 'interrupted')
        .executeTakeFirst()
      if (unanswered) {
        log?.warn(
          { order: order.order_number, brand: order.brand_id, amount_cents: order.total_cents, store_key: gatewayKeyOf(order.brand_id, unanswered.idempotency_key) },
          'a reservation ran out after its charge had no answer: look for a payment with this store_key at the provider, and refund it if it was taken',
        )
      }
    }
  }
  return released
}

/** Sweeps every minute in this process (any number of instances may: each order is released once); returns stop(). */
export function startReservationSweeper(store: StoreDb, log: SweeperLog): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = releaseExpiredReservations(store, new Date(), log).catch((error: unknown) => log.error({ err: error }, 'releasing expired reservations failed'))
  }, SWEEP_MS)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
