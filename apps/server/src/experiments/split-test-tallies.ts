/**
 * What the orders say of each variant of a split test (docs/admin-promotions.md "Results"): per
 * visitor assigned, the orders placed by that visitor's sessions (orders.placed_by_visitor_id) after
 * the assignment and, for a stopped test, before it stopped, that were paid and kept; then per
 * variant the visitors, those with an order, the orders, the club joins (an order that joined the
 * club), the revenue and the sum of each visitor's revenue squared. The database does the counting
 * (two statements), the variance comes from the sums.
 */
import type { VariantTally } from '@store/core'
import { PLACED_ORDER_STATUSES } from '@store/core'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

type Count = string | number

export async function tallyVariants(db: Kysely<Database>, brandId: string, test: { name: string; variants: string[]; stoppedAt: string | null }): Promise<VariantTally[]> {
  const statuses = sql.join(PLACED_ORDER_STATUSES.map((status) => sql`${status}`))
  const until = test.stoppedAt ? sql`and o.created_at <= ${test.stoppedAt}` : sql``
  // two statements: the visitors per variant (the assignments' key alone), and the few visitors with
  // orders, found from the brand's orders (each looks its visitor up by the assignments' key) rather
  // than from every visitor (most have none). CROSS JOIN: SQLite takes the tables in the order
  // written (the orders first); PostgreSQL plans it as any inner join
  const [visitors, buyers] = await Promise.all([
    db
      .selectFrom('split_test_assignments')
      .select((eb) => ['value', eb.fn.countAll<Count>().as('visitors')])
      .where('brand_id', '=', brandId)
      .where('test_name', '=', test.name)
      .groupBy('value')
      .execute(),
    sql<{ value: string; converted: Count; orders: Count; joins: Count; revenue: Count | null; squares: Count | null }>`
      select v.value as value,
             count(*) as converted,
             sum(v.orders) as orders,
             sum(v.joined) as joins,
             sum(v.revenue) as revenue,
             sum(v.revenue * v.revenue) as squares
        from (
          select a.value as value,
                 count(*) as orders,
                 sum(o.total_cents) as revenue,
                 max(case when o.club_fee_cents > 0 or o.checkout_flow = 'checkout_club_flow' then 1 else 0 end) as joined
            from orders o
            cross join split_test_assignments a
           where a.brand_id = o.brand_id
             and a.test_name = ${test.name}
             and a.visitor_id = o.placed_by_visitor_id
             and o.brand_id = ${brandId}
             and o.placed_by_visitor_id is not null
             and o.status in (${statuses})
             and o.created_at >= a.created_at
             ${until}
           group by a.value, a.visitor_id
        ) v
       group by v.value`.execute(db),
  ])
  const known = [...visitors.map((row) => row.value), ...buyers.rows.map((row) => row.value)]
  // every variant of the test, in its order (the control first), and any value assigned before the variants changed
  const values = [...test.variants, ...new Set(known.filter((value) => !test.variants.includes(value)))]
  return values.map((value) => {
    const row = buyers.rows.find((buyer) => buyer.value === value)
    return {
      value,
      visitors: Number(visitors.find((count) => count.value === value)?.visitors ?? 0),
      converted: Number(row?.converted ?? 0),
      orders: Number(row?.orders ?? 0),
      clubJoins: Number(row?.joins ?? 0),
      revenueCents: Number(row?.revenue ?? 0),
      revenueSquaresCents: Number(row?.squares ?? 0),
    }
  })
}
