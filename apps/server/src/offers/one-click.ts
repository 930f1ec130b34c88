/**
 * One click: a one-time offer is added to an order by charging again the card the order was
 * paid with. That is the order's own payment (not an offer's), succeeded, with its method kept
 * at the provider; and the order still `paid`, not yet on its way. The offer's accept and the
 * cart's `one_click_available` both read it here.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { preparedQuery } from '../db/prepared.ts'

const orderCharge = preparedQuery((db, key: { orderNumber: string; brandId: string }) =>
  db
    .selectFrom('orders')
    .leftJoin('payments', (join) =>
      join
        .onRef('payments.order_number', '=', 'orders.order_number')
        .onRef('payments.brand_id', '=', 'orders.brand_id')
        .on('payments.offer_id', 'is', null)
        .on('payments.status', '=', 'succeeded'),
    )
    .select(['orders.status', 'payments.saved_method'])
    .where('orders.order_number', '=', key.orderNumber)
    .where('orders.brand_id', '=', key.brandId),
)

/** The provider's reference to charge for a one-time offer on this order, or null when it takes no click. */
export async function oneClickMethod(db: Kysely<Database>, brandId: string, orderNumber: string): Promise<string | null> {
  const row = await orderCharge.first(db, { orderNumber, brandId })
  return row?.status === 'paid' ? (row.saved_method ?? null) : null
}
