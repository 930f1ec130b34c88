/**
 * What the orders say of each variant of a split test (docs/admin-promotions.md "Results"): per
 * visitor assigned, the orders placed by that visitor's sessions (orders.placed_by_visitor_id) after
 * the assignment and, for a stopped test, before it stopped, that were paid and kept; then per
 * variant the visitors, those with an order, the orders, the club joins (an order that joined the
 * club), the revenue and the sum of each visitor's revenue squared. One statement; the database
 * does the counting, the variance comes from the sums.
 */
import type { VariantTally } from '@store/core'
import { PLACED_ORDER_STATUSES } from '@store/core'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export async function tallyVariants(db: Kysely<Database>, brandId: string, test: { name: string; variants: string[]; stoppedAt: string | null }): Promise<VariantTally[]> {
  const statuses = sql.join(PLACED_ORDER_STATUSES.map((status) => sql`${status}`))
  const until = test.stoppedAt ? sql`and o.created_at <= ${test.stoppedAt}` : sql``
  const rows = await sql<{
    value: string
    visitors: string | number
    converted: string | number
    orders: string | number
    joins: string | number
    revenue: string | number | null
    squares: string | number | null
  }>`
    select v.value as value,
           count(*) as visitors,
           sum(case when v.orders > 0 then 1 else 0 end) as converted,
           sum(v.orders) as orders,
           sum(v.joined) as joins,
           sum(v.revenue) as revenue,
           sum(v.revenue * v.revenue) as squares
      from (
        select a.value as value,
               count(o.order_number) as orders,
               coalesce(sum(o.total_cents), 0) as revenue,
               max(case when o.club_fee_cents > 0 or o.checkout_flow = 'checkout_club_flow' then 1 else 0 end) as joined
          from split_test_assignments a
          left join orders o
            on o.placed_by_visitor_id = a.visitor_id
           and o.brand_id = a.brand_id
           and o.status in (${statuses})
           and o.created_at >= a.created_at
           ${until}
         where a.brand_id = ${brandId} and a.test_name = ${test.name}
         group by a.value, a.visitor_id
      ) v
     group by v.value`.execute(db)
  const byValue = new Map(rows.rows.map((row) => [row.value, row]))
  // every variant of the test, in its order (the control first), and any value assigned before the variants changed
  const values = [...test.variants, ...rows.rows.map((row) => row.value).filter((value) => !test.variants.includes(value))]
  return values.map((value) => {
    const row = byValue.get(value)
    return {
      value,
      visitors: Number(row?.visitors ?? 0),
      converted: Number(row?.converted ?? 0),
      orders: Number(row?.orders ?? 0),
      clubJoins: Number(row?.joins ?? 0),
      revenueCents: Number(row?.revenue ?? 0),
      revenueSquaresCents: Number(row?.squares ?? 0),
    }
  })
}
