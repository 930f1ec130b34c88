/**
 * A billing run keeps CLUB_BILLING_CONCURRENCY charges at the payment service (decision 268): only
 * the gateway call holds a place there, the pages of due members flow in without a pause, and a
 * page's skipped and prepaid months are settled in one transaction (one member at a time when it
 * cannot be written), each period still once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestGateway } from '../payments/test-gateway.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { atTheService, flow, runBilling, type BillingOptions } from './billing.ts'
import { billOn, gatewayChargesFor, member } from './club-test-kit.ts'

const quiet = { info() {}, warn() {}, error() {} }
const options = (extra: Partial<BillingOptions> = {}): BillingOptions => ({ gateway: new TestGateway(), log: quiet, brands: ['popfitclothing'], ...extra })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The test gateway, keeping the most charges that ever waited at it at once. */
class WatchedGateway extends TestGateway {
  waiting = 0
  most = 0
  override async charge(...args: Parameters<TestGateway['charge']>) {
    this.waiting += 1
    this.most = Math.max(this.most, this.waiting)
    try {
      return await super.charge(...args)
    } finally {
      this.waiting -= 1
    }
  }
}

describe('a run at the payment service', () => {
  it('a gate lets so many calls at once, the next in line taking the place of the one that ends', async () => {
    const gate = atTheService(3)
    let inside = 0
    let most = 0
    const order: number[] = []
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gate(async () => {
          inside += 1
          most = Math.max(most, inside)
          await sleep(5)
          order.push(i)
          inside -= 1
        }),
      ),
    )
    expect(most).toBe(3)
    expect(order).toHaveLength(10)
    // a call that throws gives its place back
    await expect(gate(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused')
    let ran = 0
    await Promise.all(Array.from({ length: 3 }, () => gate(async () => void ran++)))
    expect(ran).toBe(3)
  })

  it('pages flow: the next page is read while the last one is still at work, every item worked once, no more than the concurrency at once', async () => {
    const pages = [[1, 2, 3, 4], [5, 6, 7, 8], [9], []]
    const events: string[] = []
    let inside = 0
    let most = 0
    const worked: number[] = []
    await flow(
      async () => {
        events.push(`read ${events.filter((e) => e.startsWith('read')).length + 1}`)
        return pages.shift() ?? []
      },
      3,
      async (item) => {
        inside += 1
        most = Math.max(most, inside)
        await sleep(10)
        worked.push(item)
        events.push(`done ${item}`)
        inside -= 1
      },
    )
    expect(worked.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(most).toBe(3)
    // page 2 was read before the items of page 1 were all done: no pause between pages
    expect(events.indexOf('read 2')).toBeLessThan(events.indexOf('done 4'))
  })

  it('a page that cannot be read ends the run with its error, once the items at work are done', async () => {
    let done = 0
    let read = 0
    const run = flow(
      async () => {
        read += 1
        if (read === 1) return [1, 2]
        throw new Error('the database went away')
      },
      2,
      async () => {
        await sleep(10)
        done += 1
      },
    )
    await expect(run).rejects.toThrow('the database went away')
    expect(done).toBe(2)
  })
})

describe.each(DIALECTS)('club billing keeps its charges at the service (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('with a concurrency of 4 and a service that answers in 100 ms, 12 members have 4 charges at the service at once, never more, and each is charged once', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => member(t)))
    for (const m of members) await billOn(t, m.membershipId, '2028-02-03')
    const gateway = new WatchedGateway({ latencyMs: 100 })
    const summary = await runBilling(t.store, options({ gateway, concurrency: 4 }), '2028-02-03')
    expect(summary.charged).toBe(12)
    expect(gateway.most).toBe(4)
    for (const m of members) expect(await gatewayChargesFor(t, m.membershipId, '2028-02')).toBe(1)
  })

  it("a page's skipped and prepaid months are settled by two runs at once: each once, the skip ended, the prepaid month used with its box, one change in the club's history each", async () => {
    const skipped = await Promise.all(Array.from({ length: 3 }, () => member(t)))
    const prepaid = await Promise.all(Array.from({ length: 2 }, () => member(t)))
    for (const m of [...skipped, ...prepaid]) await billOn(t, m.membershipId, '2028-04-07')
    for (const m of skipped) await t.store.db.updateTable('memberships').set({ status: 'skipped' }).where('id', '=', m.membershipId).execute()
    for (const m of prepaid) await t.store.db.updateTable('memberships').set({ prepaid_months: 2 }).where('id', '=', m.membershipId).execute()
    await Promise.all([runBilling(t.store, options(), '2028-04-07'), runBilling(t.store, options(), '2028-04-07')])
    for (const m of skipped) {
      const row = await t.store.db.selectFrom('memberships').select(['status', 'next_billing_date']).where('id', '=', m.membershipId).executeTakeFirstOrThrow()
      expect(row).toEqual({ status: 'active', next_billing_date: '2028-05-07' })
      const events = await t.store.db
        .selectFrom('membership_events')
        .select(['from_status', 'to_status'])
        .where('membership_id', '=', m.membershipId)
        .where('event', '=', 'period_started')
        .execute()
      expect(events).toEqual([{ from_status: 'skipped', to_status: 'active' }])
    }
    for (const m of prepaid) {
      const row = await t.store.db.selectFrom('memberships').select(['prepaid_months', 'next_billing_date']).where('id', '=', m.membershipId).executeTakeFirstOrThrow()
      expect(row).toEqual({ prepaid_months: 1, next_billing_date: '2028-05-07' })
      const boxes = await t.store.db.selectFrom('orders').select('total_cents').where('membership_id', '=', m.membershipId).where('club_period', '=', '2028-04').execute()
      expect(boxes).toEqual([{ total_cents: 0 }])
      expect(await gatewayChargesFor(t, m.membershipId, '2028-04')).toBe(0)
    }
  })

  it('a prepaid month whose box cannot be written leaves that member due for the next run; the others of its page are settled', async () => {
    const [fine, troubled] = await Promise.all([member(t), member(t)])
    for (const m of [fine!, troubled!]) {
      await billOn(t, m.membershipId, '2028-06-09')
      await t.store.db.updateTable('memberships').set({ prepaid_months: 2 }).where('id', '=', m.membershipId).execute()
    }
    // the troubled member's joining order already holds June's box place (one per membership and period)
    await t.store.db.updateTable('orders').set({ membership_id: troubled!.membershipId, club_period: '2028-06' }).where('order_number', '=', troubled!.order).execute()
    await runBilling(t.store, options(), '2028-06-09')
    const dates = async (membershipId: string) =>
      t.store.db.selectFrom('memberships').select(['prepaid_months', 'next_billing_date']).where('id', '=', membershipId).executeTakeFirstOrThrow()
    expect(await dates(fine!.membershipId)).toEqual({ prepaid_months: 1, next_billing_date: '2028-07-09' })
    expect(await dates(troubled!.membershipId)).toEqual({ prepaid_months: 2, next_billing_date: '2028-06-09' })
    // the place freed, the next run settles it: one box for June
    await t.store.db.updateTable('orders').set({ club_period: null }).where('order_number', '=', troubled!.order).execute()
    await runBilling(t.store, options(), '2028-06-09')
    expect(await dates(troubled!.membershipId)).toEqual({ prepaid_months: 1, next_billing_date: '2028-07-09' })
    const boxes = await t.store.db.selectFrom('orders').select('order_number').where('membership_id', '=', troubled!.membershipId).where('club_period', '=', '2028-06').execute()
    expect(boxes).toHaveLength(1)
  })
})
