/**
 * The one order in which an order's history is read (the order page, /orders, the tracker):
 * by instant; within one instant, 'created' first, then the moves in the life cycle's order (a
 * carrier's shipped and delivered sent with one time stamp read shipped first), then the other
 * entries, then the e-mails about them; the id last only to be stable. Ids are random, so they
 * never decide what came first.
 */
import { ORDER_STATUSES } from '@store/core'
import { type SelectQueryBuilder, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

const LIFE_CYCLE = sql.raw(`case after_status ${ORDER_STATUSES.map((status, i) => `when '${status}' then ${i}`).join(' ')} else ${ORDER_STATUSES.length} end`)

export function inHistoryOrder<O>(query: SelectQueryBuilder<Database, 'order_history', O>): SelectQueryBuilder<Database, 'order_history', O> {
  return query.orderBy('at').orderBy(sql`case when event = 'created' then 0 when id like 'email:%' then 2 else 1 end`).orderBy(LIFE_CYCLE).orderBy('id')
}
