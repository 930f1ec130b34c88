import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FunnelReport, LowStockReport, SalesReport } from '@store/core'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'

interface Line {
  item_id: number
  qty: number
  price_cents: number
  discount_cents?: number
  offer_id?: string | null
  size?: string
}

let orderCount = 0
/** A placed order with its lines, as a checkout leaves it (the figures below are counted from these). */
async function placeOrder(
  db: Kysely<Database>,
  brandId: string,
  at: string,
  lines: Line[],
  options: { status?: string; discount_cents?: number; membership?: boolean } = {},
): Promise<string> {
  orderCount += 1
  const orderNumber = `RPT${String(orderCount).padStart(6, '0')}${Math.random().toString(36).slice(2, 6).toUpperCase()}`
  const subtotal = lines.reduce((sum, line) => sum + line.price_cents * line.qty, 0)
  const address = { country: 'US', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }
  await db
    .insertInto('orders')
    .values({
      order_number: orderNumber,
      brand_id: brandId,
      customer_id: null,
      cart_id: null,
      email: 'reports@example.com',
      status: options.status ?? 'paid',
      subtotal_cents: subtotal,
      discount_cents: options.discount_cents ?? 0,
      shipping_cents: 595,
      tax_cents: 100,
      total_cents: subtotal - (options.discount_cents ?? 0) + 695,
      shipping_method: 'standard',
      shipping_name: 'Report Shopper',
      ...Object.fromEntries(Object.entries(address).map(([k, v]) => [`shipping_${k}`, v])),
      billing_name: 'Report Shopper',
      ...Object.fromEntries(Object.entries(address).map(([k, v]) => [`billing_${k}`, v])),
      payment_method_id: null,
      idempotency_key: null,
      created_at: at,
      placed_by_visitor_id: null,
      reserved_until: null,
      membership_id: options.membership ? 'membership-of-reports' : null,
      club_period: options.membership ? orderNumber : null,
    } as never)
    .execute()
  await db
    .insertInto('order_lines')
    .values(
      lines.map((line, i) => ({
        id: `${orderNumber}-${i}`,
        order_number: orderNumber,
        item_id: line.item_id,
        name: 'Line',
        color: 'Black',
        size: line.size ?? 'M',
        qty: line.qty,
        price_cents: line.price_cents,
        discount_cents: line.discount_cents ?? 0,
        total_cents: line.price_cents * line.qty,
        image1: null,
        offer_id: line.offer_id ?? null,
      })),
    )
    .execute()
  return orderNumber
}

describe.each(DIALECTS)('the operator reports on %s', (dialect) => {
  let t: TestStore
  let manager: TestShopper
  let analyst: TestShopper
  let items: number[]
  let ckbItem: number
  let bump: { item_id: number; price_cents: number }
  let offerId: string

  beforeAll(async () => {
    t = await startTestStore(dialect)
    const db = t.store.db
    const managerAccount = await addStaff(t.store, 'manager')
    // the same person reads ckb's reports as an analyst, and only packs at glow (no reports there)
    await addStaff(t.store, 'analyst', ['ckb'], managerAccount.email)
    await addStaff(t.store, 'fulfilment', ['glow'], managerAccount.email)
    manager = await staffBrowser(t.app, managerAccount.email)
    analyst = await staffBrowser(t.app, (await addStaff(t.store, 'analyst')).email)
    items = (await db.selectFrom('items').select('id').where('brand_id', '=', 'popfitclothing').orderBy('id').limit(3).execute()).map((row) => row.id)
    ckbItem = (await db.selectFrom('items').select('id').where('brand_id', '=', 'ckb').orderBy('id').executeTakeFirstOrThrow()).id
    bump = await db.selectFrom('order_bumps').select(['item_id', 'price_cents']).where('brand_id', '=', 'popfitclothing').executeTakeFirstOrThrow()
    offerId = (await db.selectFrom('one_time_offers').select('id').where('brand_id', '=', 'popfitclothing').executeTakeFirstOrThrow()).id
    const [a, b] = items as [number, number]

    // 2031-03-01: two orders; 2031-03-02: none; 2031-03-03: one with a bump, one with an offer, one never paid
    await placeOrder(db, 'popfitclothing', '2031-03-01T09:00:00.000Z', [{ item_id: a, qty: 2, price_cents: 2000 }])
    await placeOrder(db, 'popfitclothing', '2031-03-01T23:59:59.000Z', [{ item_id: b, qty: 1, price_cents: 5000 }], { discount_cents: 1000 })
    await placeOrder(db, 'popfitclothing', '2031-03-03T10:00:00.000Z', [
      { item_id: a, qty: 1, price_cents: 2000 },
      { item_id: bump.item_id, qty: 1, price_cents: bump.price_cents },
    ])
    const withOffer = await placeOrder(db, 'popfitclothing', '2031-03-03T11:00:00.000Z', [
      { item_id: b, qty: 1, price_cents: 5000 },
      { item_id: a, qty: 1, price_cents: 1500, offer_id: offerId },
    ])
    await placeOrder(db, 'popfitclothing', '2031-03-03T12:00:00.000Z', [{ item_id: a, qty: 5, price_cents: 2000 }], { status: 'declined' })
    // a club month: an order, not one the checkout funnel paid
    await placeOrder(db, 'popfitclothing', '2031-03-03T13:00:00.000Z', [{ item_id: b, qty: 1, price_cents: 0 }], { membership: true })
    // the next day (outside a period ending 2031-03-03), and another brand's
    await placeOrder(db, 'popfitclothing', '2031-03-04T00:00:00.000Z', [{ item_id: a, qty: 1, price_cents: 2000 }])
    await placeOrder(db, 'ckb', '2031-03-02T08:00:00.000Z', [{ item_id: ckbItem, qty: 3, price_cents: 1000 }])
    // a refund of $15.00 on 2031-03-03 for the offer's order
    await db
      .insertInto('payments')
      .values({
        id: 'rpt-refund',
        brand_id: 'popfitclothing',
        order_number: withOffer,
        offer_id: null,
        gateway: 'test',
        gateway_payment_id: 'rf_rpt',
        idempotency_key: 'rpt-refund',
        amount_cents: 1500,
        status: 'succeeded',
        decline_reason: null,
        card_brand: null,
        last4: null,
        exp_month: null,
        exp_year: null,
        saved_method: null,
        offer_line: null,
        created_at: '2031-03-03T15:00:00.000Z',
        updated_at: '2031-03-03T15:00:00.000Z',
        kind: 'refund',
      })
      .execute()
    await db
      .insertInto('refund_lines')
      .values({ id: 'rpt-refund-line', brand_id: 'popfitclothing', payment_id: 'rpt-refund', order_number: withOffer, order_line_id: `${withOffer}-1`, qty: 1, amount_cents: 1500 })
      .execute()
    // three visitors started a checkout in the period (one twice), one the day after
    const started = (visitor: string, at: string) => ({
      id: `${visitor}-${at}`,
      brand_id: 'popfitclothing',
      visitor_id: visitor,
      customer_id: null,
      name: 'Checkout Started',
      created_at: at,
    })
    await db
      .insertInto('analytics_events')
      .values([
        started('v1', '2031-03-01T08:00:00.000Z'),
        started('v1', '2031-03-01T08:30:00.000Z'),
        started('v2', '2031-03-02T08:00:00.000Z'),
        started('v3', '2031-03-03T08:00:00.000Z'),
        started('v4', '2031-03-04T08:00:00.000Z'),
      ])
      .execute()
  })
  afterAll(() => t.close())

  const period = 'from=2031-03-01&to=2031-03-03'

  it('sales by day: every day of the period, the quiet one as zeros, a never-paid attempt not counted', async () => {
    const { report } = dataOf<{ report: SalesReport }>(await manager.get(`/api/admin/reports/sales?by=day&${period}`))
    expect(report.rows.map((row) => [row.key, row.orders, row.units, row.gross, row.refunds, row.net])).toEqual([
      ['2031-03-01', 2, 3, 80, 0, 80],
      ['2031-03-02', 0, 0, 0, 0, 0],
      ['2031-03-03', 3, 5, 20 + bump.price_cents / 100 + 65, 15, 20 + bump.price_cents / 100 + 65 - 15],
    ])
    expect(report.totals.orders).toBe(5)
    expect(report.totals.gross).toBeCloseTo(165 + bump.price_cents / 100, 2)
    expect(report.rows[0]?.average_order_value).toBe(40)
  })

  it('sales by item and by category add up to the same whole; refunds land on the refunded line', async () => {
    const byItem = dataOf<{ report: SalesReport }>(await manager.get(`/api/admin/reports/sales?by=item&${period}`)).report
    const byCategory = dataOf<{ report: SalesReport }>(await manager.get(`/api/admin/reports/sales?by=category&${period}`)).report
    const byDay = dataOf<{ report: SalesReport }>(await manager.get(`/api/admin/reports/sales?by=day&${period}`)).report
    expect(byItem.totals.units).toBe(byDay.totals.units)
    expect(byCategory.totals.units).toBe(byDay.totals.units)
    expect(byCategory.totals.gross).toBeCloseTo(byItem.totals.gross, 2)
    const itemA = byItem.rows.find((row) => row.key === String(items[0]))
    // a: 2 x $20 + $20 + $15 (the offer's line, refunded)
    expect(itemA).toMatchObject({ units: 4, gross: 75, refunds: 15, net: 60, orders: 3 })
    expect(byItem.rows.map((row) => row.gross)).toEqual([...byItem.rows.map((row) => row.gross)].sort((x, y) => y - x))
    expect(byCategory.rows.every((row) => row.label.length > 0)).toBe(true)
  })

  it("sales by brand: each brand this person reads reports at, none they don't", async () => {
    const { report } = dataOf<{ report: SalesReport }>(await manager.get(`/api/admin/reports/sales?by=brand&${period}`))
    expect(report.rows.map((row) => row.key)).toEqual(['ckb', 'popfitclothing'])
    expect(report.rows[0]).toMatchObject({ orders: 1, units: 3, gross: 30 })
    const alone = dataOf<{ report: SalesReport }>(await analyst.get(`/api/admin/reports/sales?by=brand&${period}`)).report
    expect(alone.rows.map((row) => row.key)).toEqual(['popfitclothing'])
  })

  it('the funnel: started by visitors, paid through the checkout, bumps and offers taken, with rates', async () => {
    const { report } = dataOf<{ report: FunnelReport }>(await analyst.get(`/api/admin/reports/funnel?${period}`))
    expect(report).toMatchObject({ checkout_started: 3, paid: 4, bump_taken: 1, offer_taken: 1, bump_rate: 0.25, offer_rate: 0.25 })
    expect(report.paid_rate).toBeCloseTo(1.3333, 4)
  })

  it('sizes running out: the one selling fastest first, with its days of cover', async () => {
    const db = t.store.db
    const [a, b] = items as [number, number]
    await db.updateTable('item_sizes').set({ stock: 3 }).where('item_id', '=', a).where('size', '=', 'S').execute()
    await db.updateTable('item_sizes').set({ stock: 2 }).where('item_id', '=', b).where('size', '=', 'S').execute()
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString()
    await placeOrder(db, 'popfitclothing', recent, [{ item_id: a, qty: 6, price_cents: 2000, size: 'S' }])
    const { report } = dataOf<{ report: LowStockReport }>(await manager.get('/api/admin/reports/low-stock?threshold=3'))
    const rowA = report.rows.find((row) => row.item_id === a && row.size === 'S')
    const rowB = report.rows.find((row) => row.item_id === b && row.size === 'S')
    expect(rowA).toMatchObject({ stock: 3, sold_30_days: 6, days_of_cover: 15 })
    expect(rowB).toMatchObject({ stock: 2, sold_30_days: 0, days_of_cover: null })
    expect(report.rows.indexOf(rowA as never)).toBeLessThan(report.rows.indexOf(rowB as never))
    expect(report.rows.every((row) => row.stock <= 3)).toBe(true)
  })

  it('every report downloads as CSV with a header line', async () => {
    const sales = await manager.get(`/api/admin/reports/sales.csv?by=day&${period}`)
    expect(sales.statusCode).toBe(200)
    expect(sales.headers['content-type']).toMatch(/text\/csv/)
    expect(sales.headers['content-disposition']).toMatch(/sales-by-day-2031-03-01-2031-03-03-popfitclothing/)
    const lines = sales.body.trim().split('\r\n')
    expect(lines[0]).toBe('key,label,orders,units,gross,refunds,net,average_order_value')
    expect(lines[1]).toBe('2031-03-01,2031-03-01,2,3,80,0,80,40')
    expect(lines).toHaveLength(4)
    const funnel = await manager.get(`/api/admin/reports/funnel.csv?${period}`)
    expect(funnel.body.split('\r\n')[0]).toMatch(/^from,to,checkout_started,paid,bump_taken,offer_taken/)
    expect((await manager.get('/api/admin/reports/low-stock.csv')).body).toMatch(/^item_id,name,color,size,stock,sold_30_days,days_of_cover\r\n/)
  })

  it('refuses a bad period in words, at its field, and roles without reports', async () => {
    const reversed = await manager.get('/api/admin/reports/sales?from=2031-03-03&to=2031-03-01')
    expect(reversed.statusCode).toBe(400)
    expect(errorsOf(reversed)).toEqual(['The last day comes before the first.'])
    expect(reversed.json().errors[0].field).toBe('to')
    expect((await manager.get('/api/admin/reports/funnel?from=2031-02-30')).statusCode).toBe(400)
    expect((await manager.get('/api/admin/reports/sales?by=week')).statusCode).toBe(400)
    for (const role of ['fulfilment', 'support'] as const) {
      const browser = await staffBrowser(t.app, (await addStaff(t.store, role)).email)
      expect((await browser.get('/api/admin/reports/sales')).statusCode).toBe(403)
      expect((await browser.get('/api/admin/reports/low-stock.csv')).statusCode).toBe(403)
    }
    const nobody = await t.app.inject({ method: 'GET', url: '/api/admin/reports/funnel', headers: { host: 'localhost' } })
    expect(nobody.statusCode).toBe(401)
  })
})
