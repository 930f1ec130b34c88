import type { Cart, ItemSummary } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashSessionToken } from '../sessions/session-handle.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { findOpenCartWithLines, findSessionWithOpenCart, listCartLines } from './cart.queries.ts'

/** GET /api/cart reads the session and its open cart in one statement: the same answers as two reads gave. */
describe.each(DIALECTS)('the session read with its cart on %s', (dialect) => {
  let t: TestStore
  let shopper: TestShopper
  let sessionId: string
  beforeAll(async () => {
    t = await startTestStore(dialect)
    shopper = new TestShopper(t.app)
    const items = dataOf<{ items: ItemSummary[] }>(await shopper.get('/api/categories/leggings')).items.filter((item) => item.availableSizes.length > 0)
    for (const item of items.slice(0, 2)) await shopper.post('/api/cart/items', { item_id: item.id, size: item.availableSizes[0]!, qty: 1 })
    sessionId = hashSessionToken(/sid=([^;]+)/.exec(shopper.cookieHeader)![1]!)
  })
  afterAll(() => t.close())

  it("finds the session with its open cart and lines, at the session's brand only", async () => {
    const found = await findSessionWithOpenCart(t.store.db, 'popfitclothing', sessionId)
    expect(found.session?.id).toBe(sessionId)
    expect(found.with?.cart.id).toBe(found.session?.cartId)
    expect(found.with?.lines).toHaveLength(2)
    expect(await findSessionWithOpenCart(t.store.db, 'ckb', sessionId)).toEqual({ session: null, with: null })
    // the same cookie at another brand's host: no session, no cart
    const elsewhere = await t.app.inject({ url: '/api/cart', headers: { host: 'ckb.localhost', cookie: shopper.cookieHeader } })
    expect(dataOf<Cart>(elsewhere).items).toEqual([])
  })

  it("reads every field of every line from the lines' JSON column as the plain rows have them", async () => {
    const found = await findSessionWithOpenCart(t.store.db, 'popfitclothing', sessionId)
    const cartId = found.session!.cartId!
    const rows = await listCartLines(t.store.db, cartId)
    expect(rows).toHaveLength(2)
    expect(found.with?.lines).toEqual(rows)
    expect((await findOpenCartWithLines(t.store.db, t.store.dialect, 'popfitclothing', cartId))?.lines).toEqual(rows)
  })

  it('shows the lines of the open cart only: a cart no longer open is not shown', async () => {
    expect(dataOf<Cart>(await shopper.get('/api/cart')).items).toHaveLength(2)
    const { cartId } = (await findSessionWithOpenCart(t.store.db, 'popfitclothing', sessionId)).session!
    await t.store.db.updateTable('carts').set({ status: 'ordered' }).where('id', '=', cartId!).execute()
    try {
      const found = await findSessionWithOpenCart(t.store.db, 'popfitclothing', sessionId)
      expect(found.session?.cartId).toBe(cartId)
      expect(found.with).toBeNull()
      expect(dataOf<Cart>(await shopper.get('/api/cart')).items).toEqual([])
    } finally {
      await t.store.db.updateTable('carts').set({ status: 'open' }).where('id', '=', cartId!).execute()
    }
  })

  it('an expired session shows no cart', async () => {
    const { expires_at } = await t.store.db.selectFrom('sessions').select('expires_at').where('id', '=', sessionId).executeTakeFirstOrThrow()
    await t.store.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sessionId)
      .execute()
    try {
      expect(await findSessionWithOpenCart(t.store.db, 'popfitclothing', sessionId)).toEqual({ session: null, with: null })
      const cart = dataOf<Cart>(await shopper.get('/api/cart'))
      expect(cart.items).toEqual([])
    } finally {
      await t.store.db.updateTable('sessions').set({ expires_at }).where('id', '=', sessionId).execute()
    }
    expect(dataOf<Cart>(await shopper.get('/api/cart')).items).toHaveLength(2)
  })
})
