/**
 * Club members for a billing bench (bench/billing.ts, bench/cost-curves.ts): `members` customers of
 * popfitclothing, each with a test card and a membership due on `asOf`, written 250 at a time.
 * 85% active, 10% skipped, 5% paused; one card in 33 declines.
 */
import type { StoreDb } from '../../apps/server/src/db/connection.ts'

/** Memberships to bill: each with its customer, test-gateway token and saved card. */
export async function insertMembers(store: StoreDb, members: number, asOf: string): Promise<void> {
  const now = new Date().toISOString()
  const shipTo = JSON.stringify({ email: 'bench@example.com', name: 'Bench Member', country: 'US', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' })
  const BATCH = 250
  for (let start = 0; start < members; start += BATCH) {
    const n = Math.min(BATCH, members - start)
    const rows = Array.from({ length: n }, (_, k) => {
      const i = start + k
      const id = `bench-${i}`
      return { i, id, token: `tok_test_bench_${i}` }
    })
    await store.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('customers')
        .values(rows.map((r) => ({ id: `c-${r.id}`, brand_id: 'popfitclothing', name: 'Bench Member', email: `${r.id}@example.com`, has_club: 1, created_at: now })))
        .execute()
      await trx
        .insertInto('test_gateway_tokens')
        .values(
          rows.map((r) => ({
            token: r.token,
            brand_id: 'popfitclothing',
            card_brand: 'visa',
            last4: '4242',
            exp_month: 12,
            exp_year: 2030,
            behaviour: r.i % 33 === 0 ? 'decline' : 'succeed',
            created_at: now,
          })),
        )
        .execute()
      await trx
        .insertInto('payment_methods')
        .values(
          rows.map((r) => ({
            id: `pm-${r.id}`,
            brand_id: 'popfitclothing',
            customer_id: `c-${r.id}`,
            gateway: 'test',
            gateway_token: r.token,
            card_brand: 'visa',
            last4: '4242',
            exp_month: 12,
            exp_year: 2030,
            is_default: 1,
            created_at: now,
          })),
        )
        .execute()
      await trx
        .insertInto('memberships')
        .values(
          rows.map((r) => ({
            id: r.id,
            brand_id: 'popfitclothing',
            customer_id: `c-${r.id}`,
            status: r.i % 10 === 1 ? 'skipped' : r.i % 20 === 2 ? 'paused' : 'active',
            amount_cents: 2499,
            pause_monthly_price_cents: 499,
            discount_percentage: 20,
            next_billing_date: asOf,
            billing_day: 5,
            payment_method_id: `pm-${r.id}`,
            ship_to: shipTo,
            joined_on: '2026-12-05',
            how_many: 1,
            created_at: now,
          })),
        )
        .execute()
    })
  }
}
