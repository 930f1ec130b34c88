import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/**
 * A page view's pixel event makes no session and sets no cookie for a visitor who has none (its answer
 * cannot undo a login sent at the same time); a visitor with a session has the event under their
 * visitor id.
 */
describe.each(DIALECTS)('pixel events and sessions on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const pageView = (shopper: TestShopper, uuid: string) => shopper.get(`/api/pixel-event?${new URLSearchParams({ uuid, event_name: 'PageView' })}`)
  const sessions = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('a visitor without a session gets none, and no cookie', async () => {
    const before = await sessions()
    const response = await pageView(new TestShopper(t.app), `pv-${dialect}-anon-0001`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['set-cookie']).toBeUndefined()
    expect(await sessions()).toBe(before)
    const row = await t.store.db.selectFrom('pixel_events').select('visitor_id').where('uuid', '=', `pv-${dialect}-anon-0001`).executeTakeFirstOrThrow()
    expect(row.visitor_id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('a visitor with a session has the event under their visitor id', async () => {
    const shopper = new TestShopper(t.app)
    const item = await t.store.db
      .selectFrom('item_sizes')
      .innerJoin('items', 'items.id', 'item_sizes.item_id')
      .select(['items.id', 'item_sizes.size'])
      .where('items.brand_id', '=', 'popfitclothing')
      .where('items.active', '=', 1)
      .where('item_sizes.stock', '>', 5)
      .executeTakeFirstOrThrow()
    expect((await shopper.post('/api/cart/items', { item_id: item.id, size: item.size, qty: 1 })).statusCode).toBe(200)
    const response = await pageView(shopper, `pv-${dialect}-known-0001`)
    expect(response.headers['set-cookie']).toBeUndefined()
    const session = await t.store.db.selectFrom('sessions').select('visitor_id').where('cart_id', 'is not', null).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    const row = await t.store.db.selectFrom('pixel_events').select('visitor_id').where('uuid', '=', `pv-${dialect}-known-0001`).executeTakeFirstOrThrow()
    expect(row.visitor_id).toBe(session.visitor_id)
  })
})
