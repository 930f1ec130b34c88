import type { AuditEntry, CatalogCsvChange, CatalogCsvError, ItemDetail } from '@store/core'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

type Report = { dry_run: boolean; applied: boolean; items: number; changes: CatalogCsvChange[]; errors: CatalogCsvError[] }

describe.each(DIALECTS)('the catalogue CSV on %s', (dialect) => {
  let t: TestStore
  let manager: TestShopper
  let analyst: TestShopper
  beforeAll(async () => {
    t = await startTestStore(dialect)
    manager = await staffBrowser(t.app, (await addStaff(t.store, 'manager')).email)
    analyst = await staffBrowser(t.app, (await addStaff(t.store, 'analyst')).email)
  })
  afterAll(() => t.close())

  const exportCsv = async (browser = manager) => {
    const response = await browser.get('/api/admin/items.csv')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/csv/)
    return response.body
  }
  const importCsv = (csv: string, dryRun: boolean, browser = manager) =>
    browser.request({ method: 'POST', url: `/api/admin/items.csv${dryRun ? '?dry_run=1' : ''}`, payload: csv, headers: { 'content-type': 'text/csv' } })
  const rowsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[]
  const csvOf = (rows: Record<string, string>[]) => stringify(rows, { header: true, record_delimiter: 'windows' })

  it('exports one row per item and size with every editable field, and an export imported unchanged changes nothing', async () => {
    const csv = await exportCsv(analyst)
    const rows = rowsOf(csv)
    const sizes = await t.store.db
      .selectFrom('item_sizes')
      .innerJoin('items', 'items.id', 'item_sizes.item_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('items.brand_id', '=', 'popfitclothing')
      .executeTakeFirstOrThrow()
    expect(rows.length).toBe(Number(sizes.n))
    expect(Object.keys(rows[0]!)).toEqual([
      'item_id',
      'style_id',
      'name',
      'category',
      'color',
      'price',
      'member_price',
      'compare_at_price',
      'published',
      'vip_exclusive',
      'description',
      'size',
      'stock',
    ])
    expect(rows[0]!.price).toMatch(/^\d+\.\d\d$/)

    const dry = dataOf<Report>(await importCsv(csv, true))
    expect(dry).toMatchObject({ dry_run: true, applied: false, changes: [], errors: [] })
    expect(dry.items).toBeGreaterThan(10)
    const real = dataOf<Report>(await importCsv(csv, false))
    expect(real).toMatchObject({ dry_run: false, applied: false, changes: [], errors: [] })
    expect((await importCsv(csv, false, analyst)).statusCode).toBe(403)
  })

  it('reads back unchanged an item without a category or sizes (as the export writes it: empty)', async () => {
    const bare = dataOf<{ item: { id: number } }>(await manager.postJson('/api/admin/items', { name: 'Bare Legging', category: 'leggings', price: 20, color: 'Grey', sizes: 'S' }))
      .item.id
    await t.store.db.deleteFrom('item_categories').where('item_id', '=', bare).execute()
    await t.store.db.deleteFrom('item_sizes').where('item_id', '=', bare).execute()
    const csv = await exportCsv()
    const own = rowsOf(csv).filter((row) => row.item_id === String(bare))
    expect(own).toEqual([expect.objectContaining({ category: '', size: '', stock: '' })])
    expect(dataOf<Report>(await importCsv(csv, true))).toMatchObject({ changes: [], errors: [] })
  })

  it('lists each change in a dry run and changes nothing; the import makes them in one go, audited, and the storefront shows them', async () => {
    const rows = rowsOf(await exportCsv())
    const item = rows[0]!.item_id!
    const mine = rows.filter((row) => row.item_id === item)
    const price = (Number(mine[0]!.price) + 3).toFixed(2)
    for (const row of mine) {
      row.price = price
      row.name = '=Renamed by CSV'
    }
    const csv = csvOf(rows)
    const dry = dataOf<Report>(await importCsv(csv, true))
    expect(dry.errors).toEqual([])
    expect(dry.changes).toEqual([
      { line: 2, item_id: Number(item), field: 'name', from: mine[0]!.name === undefined ? '' : expect.any(String), to: '=Renamed by CSV' },
      { line: 2, item_id: Number(item), field: 'price', from: expect.any(String), to: price },
    ])
    const shopper = new TestShopper(t.app)
    expect(dataOf<ItemDetail>(await shopper.get(`/api/items/${item}`)).name).not.toBe('=Renamed by CSV')

    const done = dataOf<Report>(await importCsv(csv, false))
    expect(done.applied).toBe(true)
    const shown = dataOf<ItemDetail>(await shopper.get(`/api/items/${item}`))
    expect(shown).toMatchObject({ name: '=Renamed by CSV', price: Number(price) })
    // the next export writes the formula-like name defused for spreadsheets, and reads back unchanged
    const again = await exportCsv()
    expect(again).toContain("'=Renamed by CSV")
    expect(dataOf<Report>(await importCsv(again, true)).changes).toEqual([])

    const owner = await staffBrowser(t.app, (await addStaff(t.store, 'owner')).email)
    const audit = dataOf<{ entries: AuditEntry[] }>(await owner.get('/api/admin/audit?entity=item&limit=20')).entries
    expect(audit.find((e) => e.entity_id === item && e.action === 'item.update')).toBeDefined()
  })

  it('reports each error with its line number and changes nothing while there is one', async () => {
    const rows = rowsOf(await exportCsv())
    const first = rows[0]!
    const firstOfNext = rows.findIndex((row) => row.item_id !== first.item_id)
    const next = rows[firstOfNext]!
    first.price = 'cheap' // line 2
    next.category = 'no-such-category' // its first line
    for (const row of rows.filter((r) => r.item_id === next.item_id)) row.category = 'no-such-category'
    const stockRow = rows.findIndex((row, i) => i > firstOfNext && row.item_id !== next.item_id)
    rows[stockRow]!.stock = '999'
    // the second row of a later item, whose name disagrees with its first row's
    const changedName = rows.findIndex((row, i) => i > stockRow + 1 && row.item_id !== rows[stockRow]!.item_id && rows[i - 1]!.item_id === row.item_id)
    rows[changedName]!.name = 'Something else'
    // a new item (no item_id) starts with none in stock: a count on its row is refused
    rows.push({ ...rows[1]!, item_id: '', stock: '7' })
    rows.push({ ...rows[1]!, item_id: '99999999' })
    const csv = csvOf(rows)
    const report = dataOf<Report>(await importCsv(csv, false))
    expect(report.applied).toBe(false)
    const lines = report.errors.map((e) => [e.line, e.field])
    expect(lines).toEqual(
      expect.arrayContaining([
        [2, 'price'],
        [firstOfNext + 2, 'category'],
        [stockRow + 2, 'stock'],
        [rows.length, 'stock'],
        [rows.length + 1, 'item_id'],
      ]),
    )
    expect(report.errors.find((e) => e.line === rows.length)!.message).toMatch(/A new item starts with none in stock/)
    expect(report.errors.find((e) => e.field === 'name')).toMatchObject({ line: changedName + 2, message: expect.stringMatching(/differs from line/) })
    // that line's size still counts: it is not reported dropped as well
    expect(report.errors.filter((e) => e.field === 'size')).toEqual([])
    expect(report.errors.find((e) => e.line === 2)!.message).toMatch(/number of dollars/)

    // a header that is not ours, and a file that is not CSV
    const bad = dataOf<Report>(await importCsv('item,name\r\n1,Legging\r\n', true))
    expect(bad.errors[0]).toMatchObject({ line: 1 })
    const broken = dataOf<Report>(await importCsv('item_id,name,category,color,price,size\r\n1,"unclosed,x,y,1,S\r\n', true))
    expect(broken.errors[0]!.message).toMatch(/CSV/)
    expect((await manager.request({ method: 'POST', url: '/api/admin/items.csv', payload: { a: 1 } })).statusCode).toBe(422)
  })

  it('adds new items from rows without an item_id (one item by name and colour, a row per size): listed in a dry run, made as drafts with no stock, audited', async () => {
    const header = {
      item_id: '',
      style_id: '',
      category: 'leggings',
      price: '54.00',
      member_price: '44.00',
      compare_at_price: '',
      published: '',
      vip_exclusive: 'false',
      description: 'Made by import.',
      stock: '',
    }
    const rows = [
      { ...header, name: 'Import Rib Legging', color: 'Sage', size: 'M' },
      { ...header, name: 'Import Rib Legging', color: 'Sage', size: 'S' },
      { ...header, name: 'Import Rib Legging', color: 'Clay', size: 'L' },
    ]
    const csv = csvOf(rows)
    const dry = dataOf<Report>(await importCsv(csv, true))
    expect(dry.errors).toEqual([])
    expect(dry.changes).toEqual([
      { line: 2, item_id: null, field: 'new item', from: '', to: 'Import Rib Legging (Sage) in S, M' },
      { line: 4, item_id: null, field: 'new item', from: '', to: 'Import Rib Legging (Clay) in L' },
    ])
    const none = await t.store.db.selectFrom('items').select('id').where('name', '=', 'Import Rib Legging').execute()
    expect(none).toEqual([])

    const done = dataOf<Report>(await importCsv(csv, false))
    expect(done.applied).toBe(true)
    const made = await t.store.db
      .selectFrom('items')
      .select(['id', 'color', 'active', 'price_cents', 'member_price_cents'])
      .where('brand_id', '=', 'popfitclothing')
      .where('name', '=', 'Import Rib Legging')
      .orderBy('color')
      .execute()
    expect(made.map((item) => [item.color, item.active, item.price_cents, item.member_price_cents])).toEqual([
      ['Clay', 0, 5400, 4400],
      ['Sage', 0, 5400, 4400],
    ])
    const sizes = await t.store.db.selectFrom('item_sizes').select(['size', 'stock']).where('item_id', '=', made[1]!.id).orderBy('size').execute()
    expect(sizes).toEqual([
      { size: 'M', stock: 0 },
      { size: 'S', stock: 0 },
    ])
    const audit = dataOf<{ entries: AuditEntry[] }>(await manager.get(`/api/admin/audit?entity=item`)).entries.filter((e) => e.action === 'item.create')
    expect(audit.map((e) => e.entity_id)).toEqual(expect.arrayContaining(made.map((item) => String(item.id))))
    // the new items are in the next export, and that export imported unchanged changes nothing
    const again = await exportCsv()
    expect(rowsOf(again).filter((row) => row.name === 'Import Rib Legging')).toHaveLength(3)
    const unchanged = dataOf<Report>(await importCsv(again, true))
    expect(unchanged.changes).toEqual([])
    expect(unchanged.errors).toEqual([])

    // a new item's fields are checked as the form checks them, at their line
    const bad = dataOf<Report>(
      await importCsv(
        csvOf([
          { ...header, name: 'Nameless Price', color: 'Red', size: 'M', price: '' },
          { ...header, name: 'Hat', color: 'Red', size: 'M', category: 'hats' },
        ]),
        true,
      ),
    )
    expect(bad.errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'price'],
      [3, 'category'],
    ])
  })
})
