/**
 * A club box takes its items from stock (monthly-order.ts), and the catalogue's caches are told once
 * it is committed, as checkout's orders are: else an anonymous visitor's cached item page would still
 * offer the size the box took, and "Add to cart" would answer that it is sold out (the fresh-clone CI
 * of b1ea3fb saw exactly that in the browser tests).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { onStockChanged, type StockChange } from '../checkout/stock-events.ts'
import { TestGateway } from '../payments/test-gateway.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { runBilling } from './billing.ts'
import { billOn, member } from './club-test-kit.ts'

const quiet = { info() {}, warn() {}, error() {} }

describe.each(DIALECTS)('a club box tells the caches what it took from stock (%s)', (dialect) => {
  let t: TestStore
  const changes: StockChange[] = []
  let stop: () => void = () => {}
  beforeAll(async () => {
    t = await startTestStore(dialect)
    stop = onStockChanged((change) => changes.push(change))
  })
  afterAll(async () => {
    stop()
    await t?.close()
  })
  afterEach(() => void changes.splice(0))

  /** The items of the membership's box for a period. */
  async function boxItems(membershipId: string, period?: string): Promise<number[]> {
    let query = t.store.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.order_number', 'order_lines.order_number')
      .select('order_lines.item_id')
      .where('orders.membership_id', '=', membershipId)
      .where('orders.checkout_flow', '=', 'club_monthly')
    if (period) query = query.where('orders.club_period', '=', period)
    return (await query.execute()).map((row) => row.item_id)
  }

  const told = (brandId: string) => changes.filter((change) => change.brandId === brandId).flatMap((change) => change.itemIds)

  it("a join's first box", async () => {
    const m = await member(t)
    const items = await boxItems(m.membershipId)
    expect(items.length).toBeGreaterThan(0)
    expect(told('popfitclothing')).toEqual(expect.arrayContaining(items))
  })

  it("a month's box, charged by the billing run", async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, '2026-12-01')
    changes.splice(0)
    const summary = await runBilling(t.store, { gateway: new TestGateway(), log: quiet, brands: ['popfitclothing'] }, '2026-12-01')
    expect(summary.charged).toBeGreaterThanOrEqual(1)
    const items = await boxItems(m.membershipId, '2026-12')
    expect(items.length).toBeGreaterThan(0)
    expect(told('popfitclothing')).toEqual(expect.arrayContaining(items))
  })
})
