import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/**
 * DESIGN §4: a read by a visitor without a session creates none and sets no cookie. Issue 33 found
 * GET /api/utm-data making a session row on every call from a cookieless visitor; this asks every GET
 * the API documents, with parameters that let the recording ones (utm-data, pixel-event) record.
 */
describe.each(DIALECTS)('GETs from a visitor without a session on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const sessions = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('GET /api/utm-data records the visit and makes no session, nor a cookie', async () => {
    const before = await sessions()
    for (let i = 0; i < 3; i++) {
      const response = await new TestShopper(t.app).get(`/api/utm-data?utm_source=nosession-${dialect}&utm_medium=cpc&gclid=g-${i}`)
      expect(response.statusCode).toBe(200)
      expect(response.headers['set-cookie']).toBeUndefined()
    }
    expect(await sessions()).toBe(before)
    const rows = await t.store.db.selectFrom('utm_visits').select('visitor_id').where('utm_source', '=', `nosession-${dialect}`).execute()
    expect(rows).toHaveLength(3)
  })

  it('a visitor with a session has the visit under their visitor id', async () => {
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
    expect((await shopper.get(`/api/utm-data?utm_source=known-${dialect}`)).headers['set-cookie']).toBeUndefined()
    const session = await t.store.db.selectFrom('sessions').select('visitor_id').where('cart_id', 'is not', null).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    const row = await t.store.db.selectFrom('utm_visits').select('visitor_id').where('utm_source', '=', `known-${dialect}`).executeTakeFirstOrThrow()
    expect(row.visitor_id).toBe(session.visitor_id)
  })

  it('no GET the API documents makes a session or sets a cookie', async () => {
    const spec = (await new TestShopper(t.app).get('/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> }
    const paths = Object.entries(spec.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) => path.replace(/\{[^}]+\}/g, '1'))
    expect(paths).toContain('/api/utm-data')
    const query = 'uuid=probe-0001-nosession&event_name=PageView&utm_source=probe&order=1&email=pat%40example.com'
    const before = await sessions()
    const cookies: string[] = []
    for (const path of paths) {
      const response = await new TestShopper(t.app).get(`${path}?${query}`)
      expect(response.statusCode, path).toBeLessThan(500)
      if (response.headers['set-cookie'] !== undefined) cookies.push(path)
    }
    expect(cookies).toEqual([])
    expect(await sessions()).toBe(before)
  })
})
