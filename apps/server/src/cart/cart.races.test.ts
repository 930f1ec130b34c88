import type { Cart, ItemSummary } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/** Cart writes that race (issue: five concurrent adds left 3, six first adds made six carts). */
describe.each(DIALECTS)('cart writes racing on %s', (dialect) => {
  let t: TestStore
  let item: { id: number; size: string }

  beforeAll(async () => {
    t = await startTestStore(dialect)
    const listed = dataOf<{ items: ItemSummary[] }>(await new TestShopper(t.app).get('/api/categories/leggings')).items
    // an item with plenty of stock in some size, so only the race decides
    for (const candidate of listed) {
      const row = await t.store.db.selectFrom('item_sizes').select(['size', 'stock']).where('item_id', '=', candidate.id).where('stock', '>=', 20).executeTakeFirst()
      if (row) {
        item = { id: candidate.id, size: row.size }
        break
      }
    }
  })
  afterAll(() => t.close())

  const add = (shopper: TestShopper, qty = 1) => shopper.post('/api/cart/items', { item_id: item.id, size: item.size, qty })
  const openCarts = async () => t.store.db.selectFrom('carts').select(['id']).where('brand_id', '=', 'popfitclothing').where('status', '=', 'open').execute()

  it('adds up five concurrent adds of one item after the first: quantity 6', async () => {
    const shopper = new TestShopper(t.app)
    expect((await add(shopper)).statusCode).toBe(200)
    const answers = await Promise.all(Array.from({ length: 5 }, () => add(shopper)))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200])
    const cart = dataOf<Cart>(await shopper.get('/api/cart'))
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]!.qty).toBe(6)
  })

  it('makes one cart and one line of six concurrent first adds from one session', async () => {
    const shopper = new TestShopper(t.app)
    // a session without a cart yet (a split-test assignment writes one)
    expect((await shopper.post('/api/test-group', { key: 'Vip4sh', values: 'Control,4sh' })).statusCode).toBe(200)
    const before = (await openCarts()).length
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(shopper)))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    expect((await openCarts()).length).toBe(before + 1)
    const cart = dataOf<Cart>(await shopper.get('/api/cart'))
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]!.qty).toBe(6)
  })

  it('never passes the per-line limit, however the adds interleave', async () => {
    const shopper = new TestShopper(t.app)
    expect((await add(shopper, 3)).statusCode).toBe(200)
    const answers = await Promise.all(Array.from({ length: 3 }, () => add(shopper, 3)))
    const ok = answers.filter((answer) => answer.statusCode === 200).length
    const cart = dataOf<Cart>(await shopper.get('/api/cart'))
    // 3 then 3 + 3 = 9 fits in 10; a fourth 3 would not: exactly two of the racing three succeed
    expect(ok).toBe(2)
    expect(cart.items[0]!.qty).toBe(9)
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(422)
      expect(refused.json().errors[0].message).toMatch(/at most 10/)
    }
  })
})
