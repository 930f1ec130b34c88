/**
 * Generated traffic for a split test, for the results' tests and the bench (bench/split-tests.ts):
 * per variant, visitors assigned to it, some of whom placed a paid order of a known amount, some of
 * those joining the club with it. Written straight to the tables, in batches.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface VariantTraffic {
  value: string
  visitors: number
  /** visitors with one paid order each (the first ones) */
  converted: number
  orderCents: number
  /** of the converted, how many joined the club with their order */
  joins?: number
}

const BATCH = 500

export async function insertSplitTestTraffic(db: Kysely<Database>, brandId: string, testName: string, traffic: readonly VariantTraffic[], at = new Date()): Promise<void> {
  const assignedAt = new Date(at.getTime() - 60_000).toISOString()
  const orderedAt = at.toISOString()
  for (const variant of traffic) {
    for (let start = 0; start < variant.visitors; start += BATCH) {
      const indexes = Array.from({ length: Math.min(BATCH, variant.visitors - start) }, (_, k) => start + k)
      const visitor = (i: number) => `v-${testName}-${variant.value}-${i}`
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('split_test_assignments')
          .values(indexes.map((i) => ({ brand_id: brandId, test_name: testName, visitor_id: visitor(i), value: variant.value, created_at: assignedAt })))
          .execute()
        const buyers = indexes.filter((i) => i < variant.converted)
        if (buyers.length === 0) return
        await trx
          .insertInto('orders')
          .values(
            buyers.map((i) => ({
              order_number: `T${testName.slice(0, 6)}${variant.value.slice(0, 6)}${i}`.replace(/[^A-Za-z0-9]/g, ''),
              brand_id: brandId,
              customer_id: null,
              cart_id: null,
              email: `${visitor(i)}@example.com`,
              status: 'paid',
              subtotal_cents: variant.orderCents,
              discount_cents: 0,
              shipping_cents: 0,
              tax_cents: 0,
              total_cents: variant.orderCents,
              shipping_method: 'standard',
              shipping_name: 'Test Shopper',
              shipping_country: 'US',
              shipping_address: '1 Main St',
              shipping_city: 'Austin',
              shipping_state: 'TX',
              shipping_zip: '78701',
              billing_name: 'Test Shopper',
              billing_country: 'US',
              billing_address: '1 Main St',
              billing_city: 'Austin',
              billing_state: 'TX',
              billing_zip: '78701',
              payment_method_id: null,
              idempotency_key: null,
              created_at: orderedAt,
              placed_by_visitor_id: visitor(i),
              reserved_until: null,
              membership_id: null,
              club_period: null,
              club_fee_cents: i < (variant.joins ?? 0) ? 2499 : 0,
            })),
          )
          .execute()
      })
    }
  }
}
