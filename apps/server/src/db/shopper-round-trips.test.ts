import type { ItemSummary } from '@store/core'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placeOrder, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { roundTripsOf, statementsOf, UNLOGGED_TABLES } from '../test/statements.ts'

/**
 * Issue 38 item 8: on PostgreSQL every statement is a round trip to another process and every commit
 * that writes the log waits for the disk, so what a shopper's request asks of the database is held
 * here, for the three requests the speed figures are about (bench/checkout.ts, docs/performance.md
 * "PostgreSQL"): a cart read, an add to a new cart, a checkout. Counted with the caches warm, as a
 * running store has them. A budget that fails means a statement, a transaction or a commit was
 * added: find it (SHOW_SQL=1 prints them) before raising the figure.
 */
const BUDGETS = {
  /** the session with its open cart and lines, one statement */
  cartRead: { statements: 1, transactions: 0, durableCommits: 0 },
  /** counted and checked by the throttle (unlogged on PostgreSQL), the size read, the cart, then the session pointing at it, the line, the answer (a cart just made is not touched again) */
  addToNewCart: { statements: 7, transactions: 0, durableCommits: 3 },
  /** the attempt, the stock, order and lines in one transaction, the test gateway's two (unlogged on PostgreSQL: the provider's own records), the payment and the rest in another, the session's order list */
  checkout: { statements: 17, transactions: 2, durableCommits: 4 },
}

describe.each(DIALECTS)('what a shopper asks of the database on %s', (dialect) => {
  let t: TestStore
  let items: ItemSummary[]
  beforeAll(async () => {
    t = await startTestStore(dialect)
    items = dataOf<{ items: ItemSummary[] }>(await new TestShopper(t.app).get('/api/categories/leggings')).items.filter((item) => item.availableSizes.length > 0)
  })
  afterAll(() => t.close())

  const measured = async (run: () => Promise<unknown>) => {
    const seen = await statementsOf(t.store, run)
    if (process.env.SHOW_SQL) console.log(seen.join('\n'))
    return roundTripsOf(seen)
  }
  const add = (shopper: TestShopper, item: ItemSummary) => shopper.post('/api/cart/items', { item_id: item.id, size: item.availableSizes[0]!, qty: 1 })

  it('reads a cart of two lines in one statement, no transaction, no commit', async () => {
    const shopper = new TestShopper(t.app)
    for (const item of items.slice(0, 2)) expect((await add(shopper, item)).statusCode).toBe(200)
    await shopper.get('/api/cart') // caches warm
    expect(await measured(async () => expect((await shopper.get('/api/cart')).statusCode).toBe(200))).toEqual(BUDGETS.cartRead)
  })

  it(`adds to a new cart in ${BUDGETS.addToNewCart.statements} statements and ${BUDGETS.addToNewCart.durableCommits} commits that wait for the disk`, async () => {
    await add(new TestShopper(t.app), items[0]!) // caches warm
    const shopper = new TestShopper(t.app)
    expect(await measured(async () => expect((await add(shopper, items[0]!)).statusCode).toBe(200))).toEqual(BUDGETS.addToNewCart)
    // the session made with the cart points at it: the next read finds the line
    expect(dataOf<{ items: unknown[] }>(await shopper.get('/api/cart')).items).toHaveLength(1)
  })

  it(`checks out in ${BUDGETS.checkout.statements} statements, ${BUDGETS.checkout.transactions} transactions`, async () => {
    const checkout = async () => {
      const shopper = new TestShopper(t.app)
      await add(shopper, items[0]!)
      const token = await tokenFor(shopper)
      return () => placeOrder(shopper, token)
    }
    expect((await (await checkout())()).statusCode).toBe(200) // caches warm
    const place = await checkout()
    expect(await measured(async () => expect((await place()).statusCode).toBe(200))).toEqual(BUDGETS.checkout)
  })

  it.skipIf(dialect !== 'postgres')(
    "keeps the throttle's counts and the test gateway's records unlogged on PostgreSQL (no wait for the disk to count a request or play the provider)",
    async () => {
      for (const table of UNLOGGED_TABLES) {
        const { rows } = await sql<{ persistence: string }>`select relpersistence as persistence from pg_class where oid = ${table}::regclass`.execute(t.store.db)
        expect({ table, persistence: rows[0]?.persistence }).toEqual({ table, persistence: 'u' })
      }
    },
  )
})
