/**
 * Taking and giving back stock, inside the caller's transaction. One
 * conditional UPDATE for all sizes at once (`stock = stock - qty where stock >= qty`):
 * the database re-checks the condition under its row lock (PostgreSQL) or its
 * single writer (SQLite), so two shoppers racing for the last piece cannot both
 * take it. If fewer rows changed than asked for, something was short and the
 * caller rolls back. Only items still sold (`items.active`) have stock to take.
 */
import { sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface StockWant {
  itemId: number
  size: string
  qty: number
}

/** Lines of the same item and size added together. */
function combineWants(wants: readonly StockWant[]): StockWant[] {
  const byKey = new Map<string, StockWant>()
  for (const want of wants) {
    const key = `${want.itemId}\u0000${want.size}`
    const found = byKey.get(key)
    if (found) found.qty += want.qty
    else byKey.set(key, { ...want })
  }
  return [...byKey.values()]
}

function qtyCase(wants: readonly StockWant[]) {
  return sql<number>`(case ${sql.join(
    wants.map((w) => sql`when item_id = ${w.itemId} and size = ${w.size} then cast(${w.qty} as integer)`),
    sql` `,
  )} end)`
}

/** True when every size had enough and was taken; false when any was short (roll back). */
export async function takeStock(trx: Transaction<Database>, brandId: string, wanted: readonly StockWant[]): Promise<boolean> {
  const wants = combineWants(wanted)
  if (wants.length === 0) return true
  const qty = qtyCase(wants)
  const result = await trx
    .updateTable('item_sizes')
    .set({ stock: sql`stock - ${qty}` })
    .where(sql<boolean>`${qty} is not null`)
    .where('stock', '>=', qty)
    // an item taken off sale (items.active = 0) has nothing to take, whatever its sizes hold: a cart that had it
    // before cannot buy it, nor can an offer or the club's monthly pick
    .where('item_id', 'in', (eb) =>
      eb
        .selectFrom('items')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('active', '=', 1)
        .where(
          'id',
          'in',
          wants.map((w) => w.itemId),
        ),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === wants.length
}

/** Gives stock back (a declined card, an expired reservation). */
export async function giveBackStock(trx: Transaction<Database>, brandId: string, wanted: readonly StockWant[]): Promise<void> {
  const wants = combineWants(wanted)
  if (wants.length === 0) return
  const qty = qtyCase(wants)
  await trx
    .updateTable('item_sizes')
    .set({ stock: sql`stock + ${qty}` })
    .where(sql<boolean>`${qty} is not null`)
    .where('item_id', 'in', (eb) =>
      eb
        .selectFrom('items')
        .select('id')
        .where('brand_id', '=', brandId)
        .where(
          'id',
          'in',
          wants.map((w) => w.itemId),
        ),
    )
    .execute()
}
