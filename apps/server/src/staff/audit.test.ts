import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'
import { audited } from './audit.ts'
import { addStaff, staffBrowser } from './staff-test-utils.ts'

type Entry = { at: string; actor: string | null; actor_email: string | null; action: string; entity: string; entity_id: string; before: unknown; after: unknown; ip: string }
type Page = { entries: Entry[]; next_cursor: string | null }

describe.each(DIALECTS)('the audit log on %s', (dialect) => {
  let t: TestStore
  let owner: { id: string; email: string }
  let browser: TestShopper
  let itemId: number
  beforeAll(async () => {
    // behind a proxy the operator named: the client's address is the proxy's word for it
    t = await startTestStore(dialect, { env: { TRUST_PROXY: '127.0.0.1' } })
    owner = await addStaff(t.store, 'owner')
    browser = await staffBrowser(t.app, owner.email)
    itemId = (await t.store.db.selectFrom('items').select('id').where('brand_id', '=', 'popfitclothing').orderBy('id').executeTakeFirstOrThrow()).id
  })
  afterAll(() => t.close())

  it('is append-only: the database refuses to change or delete an entry', async () => {
    await audited(
      t.store.db,
      { brandId: 'popfitclothing', staffId: owner.id, ip: '203.0.113.9', now: () => new Date() },
      { action: 'test.write', entity: 'test', id: 'x1', after: { n: 1 } },
    )
    await expect(t.store.db.updateTable('audit_log').set({ action: 'forged' }).where('entity_id', '=', 'x1').execute()).rejects.toThrow(/append-only/)
    await expect(t.store.db.deleteFrom('audit_log').where('entity_id', '=', 'x1').execute()).rejects.toThrow(/append-only/)
    if (dialect === 'postgres') await expect(sql`truncate audit_log`.execute(t.store.db)).rejects.toThrow(/append-only/)
    const kept = await t.store.db.selectFrom('audit_log').select('action').where('entity_id', '=', 'x1').execute()
    expect(kept).toEqual([{ action: 'test.write' }])
  })

  it('writes who, from where, what, before and after for a change, in its transaction', async () => {
    const response = await browser.request({
      method: 'PATCH',
      url: `/api/admin/items/${itemId}`,
      payload: { name: 'Audited Leggings' },
      headers: { 'x-forwarded-for': '198.51.100.77' },
      remoteAddress: '127.0.0.1',
    })
    expect(response.statusCode).toBe(200)
    const { entries } = dataOf<Page>(await browser.get(`/api/admin/audit?entity=item&actor=${encodeURIComponent(owner.email)}`))
    const entry = entries.find((e) => e.action === 'item.update' && e.entity_id === String(itemId))!
    expect(entry).toMatchObject({ actor: owner.id, actor_email: owner.email, entity: 'item', ip: '198.51.100.77' })
    expect((entry.after as { name: string }).name).toBe('Audited Leggings')
    expect((entry.before as { name: string }).name).not.toBe('Audited Leggings')
  })

  it('writes nothing when the change fails', async () => {
    const before = await t.store.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const refused = await browser.request({ method: 'PATCH', url: `/api/admin/items/${itemId}`, payload: { category: 'no-such-category' } })
    expect(refused.statusCode).toBe(422)
    const after = await t.store.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('searches by person, entity and date, pages by cursor, and exports CSV', async () => {
    for (let i = 0; i < 4; i += 1) {
      await audited(
        t.store.db,
        { brandId: 'popfitclothing', staffId: owner.id, ip: '203.0.113.9', now: () => new Date('2026-01-05T10:00:00Z') },
        { action: 'test.page', entity: 'page', id: `p${i}`, after: { note: i === 0 ? 'a, "quoted" note' : null } },
      )
    }
    await audited(
      t.store.db,
      { brandId: 'ckb', staffId: owner.id, ip: '203.0.113.9', now: () => new Date('2026-01-05T10:00:00Z') },
      { action: 'test.page', entity: 'page', id: 'ckb-only' },
    )
    const day = dataOf<Page>(await browser.get('/api/admin/audit?entity=page&from=2026-01-05&to=2026-01-05'))
    expect(day.entries.map((e) => e.entity_id).sort()).toEqual(['p0', 'p1', 'p2', 'p3'])
    expect(dataOf<Page>(await browser.get('/api/admin/audit?entity=page&from=2026-01-06')).entries).toEqual([])
    expect(dataOf<Page>(await browser.get('/api/admin/audit?entity=page&actor=someone-else@example.com')).entries).toEqual([])

    // two at a time: four entries at the same instant, none lost or repeated
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const url: string = `/api/admin/audit?entity=page&to=2026-01-05&limit=2${cursor ? `&cursor=${cursor}` : ''}`
      const page: Page = dataOf<Page>(await browser.get(url))
      seen.push(...page.entries.map((e) => e.entity_id))
      cursor = page.next_cursor
    } while (cursor)
    expect(seen.sort()).toEqual(['p0', 'p1', 'p2', 'p3'])
    expect((await browser.get('/api/admin/audit?cursor=garbage')).statusCode).toBe(400)
    expect((await browser.get('/api/admin/audit?from=yesterday')).statusCode).toBe(400)

    const csv = await browser.get('/api/admin/audit.csv?entity=page')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    expect(csv.headers['cache-control']).toBe('private, no-store')
    const lines = csv.body.trim().split('\r\n')
    expect(lines[0]).toBe('at,actor,actor_email,ip,action,entity,entity_id,before,after')
    expect(lines).toHaveLength(5)
    expect(csv.body).toContain('"{""note"":""a, \\""quoted\\"" note""}"')
    expect(csv.body).not.toContain('ckb-only')
  })
})
