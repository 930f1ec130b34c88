/**
 * The operator's orders (DESIGN §8, docs/admin-orders.md): the list, one order, and each action
 * by each role, on both databases.
 */
import { randomUUID } from 'node:crypto'
import type { AdminOrder, AdminOrderSummary, AuditEntry, CheckoutResult, PackingSlip, Tracking } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeExchange, placeOrder, shopperWithCart, stockOf, tokenFor } from '../checkout/checkout-test-kit.ts'
import { registered } from '../membership/club-test-kit.ts'
import { moveOrder } from '../orders/order-states.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { assertLedgerAgrees } from '../test/ledger.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'

type OrdersPage = { orders: AdminOrderSummary[]; next_cursor: string | null }

describe.each(DIALECTS)('the operator’s orders on %s', (dialect) => {
  let t: TestStore
  const staff = {} as Record<'owner' | 'manager' | 'fulfilment' | 'support' | 'analyst', TestShopper>
  beforeAll(async () => {
    t = await startTestStore(dialect)
    for (const role of ['owner', 'manager', 'fulfilment', 'support', 'analyst'] as const) {
      staff[role] = await staffBrowser(t.app, (await addStaff(t.store, role)).email)
    }
  })
  afterAll(() => t.close())

  /** A paid order of `qty` pieces of one item, its shopper and number. */
  async function paidOrder(qty = 2) {
    const item = await itemWithStock(t, qty + 3)
    const shopper = await shopperWithCart(t, item.itemId, item.size, qty)
    const placed = await placeOrder(shopper, await tokenFor(shopper))
    expect(placed.statusCode, placed.body).toBe(200)
    return { shopper, item, number: dataOf<CheckoutResult>(placed).order_number }
  }

  const orderOf = (browser: TestShopper, number: string) => browser.get(`/api/admin/orders/${number}`)
  const refund = (browser: TestShopper, number: string, body: Record<string, unknown>, key: string = randomUUID()) =>
    browser.request({
      method: 'POST',
      url: `/api/admin/orders/${number}/refunds`,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    })
  const auditOf = async (number: string) =>
    dataOf<{ entries: AuditEntry[] }>(await staff.owner.get(`/api/admin/audit?entity=order`)).entries.filter((entry) => entry.entity_id === number)

  it('lists orders newest first by cursor, none twice, and finds one by number, e-mail and name', async () => {
    const { number } = await paidOrder(1)
    await paidOrder(1)
    const seen: string[] = []
    let cursor: string | null = null
    let previous = '9999'
    do {
      const page: OrdersPage = dataOf<OrdersPage>(await staff.manager.get(`/api/admin/orders?limit=1${cursor ? `&cursor=${cursor}` : ''}`))
      for (const order of page.orders) {
        expect(order.placed_at <= previous).toBe(true)
        previous = order.placed_at
      }
      seen.push(...page.orders.map((order) => order.order_number))
      cursor = page.next_cursor
    } while (cursor)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toContain(number)

    const row = await t.store.db.selectFrom('orders').select(['email', 'shipping_name']).where('order_number', '=', number).executeTakeFirstOrThrow()
    const find = async (query: string) =>
      dataOf<OrdersPage>(await staff.support.get(`/api/admin/orders?query=${encodeURIComponent(query)}`)).orders.map((order) => order.order_number)
    expect(await find(number)).toEqual([number])
    expect(await find(number.slice(0, 6))).toContain(number)
    expect(await find(row.email.toUpperCase())).toContain(number)
    expect(await find(row.shipping_name.slice(0, 4).toLowerCase())).toContain(number)
    expect(await find('zz-nobody-has-this-name')).toEqual([])
    expect((await staff.support.get('/api/admin/orders?cursor=nonsense')).statusCode).toBe(400)
    expect((await staff.support.get('/api/admin/orders?status=lost')).statusCode).toBe(400)
  })

  it('filters by status, dates, flow and club', async () => {
    const { number } = await paidOrder(1)
    const list = async (query: string) => dataOf<OrdersPage>(await staff.manager.get(`/api/admin/orders?limit=200&${query}`)).orders.map((order) => order.order_number)
    expect(await list('status=paid')).toContain(number)
    expect(await list('status=shipped,delivered')).not.toContain(number)
    const today = new Date().toISOString().slice(0, 10)
    expect(await list(`from=${today}&to=${today}`)).toContain(number)
    expect(await list('to=2000-01-01')).toEqual([])
    expect(await list('flow=free_flow')).toContain(number)
    expect(await list('club=yes')).not.toContain(number)
    expect(await list('club=no')).toContain(number)
    // oldest first, by cursor too
    const oldest: string[] = []
    let cursor: string | null = null
    do {
      const page: OrdersPage = dataOf<OrdersPage>(await staff.manager.get(`/api/admin/orders?sort=oldest&limit=2${cursor ? `&cursor=${cursor}` : ''}`))
      oldest.push(...page.orders.map((order) => order.placed_at))
      cursor = page.next_cursor
    } while (cursor)
    expect(oldest).toEqual([...oldest].sort())
    expect(new Set(oldest).size).toBeGreaterThan(1)
    expect((await staff.manager.get('/api/admin/orders?from=yesterday')).statusCode).toBe(400)
  })

  it('shows an analyst e-mails masked, and answers a page in a fixed number of statements', async () => {
    await paidOrder(1)
    const page = dataOf<OrdersPage>(await staff.analyst.get('/api/admin/orders'))
    expect(page.orders.length).toBeGreaterThan(0)
    for (const order of page.orders) expect(order.email).toMatch(/^.•••@/)
    const statements: string[] = []
    const stop = t.store.watchQueries((text) => statements.push(text))
    try {
      dataOf<OrdersPage>(await staff.manager.get('/api/admin/orders?limit=50'))
    } finally {
      stop()
    }
    // the staff session, the orders, their pieces
    expect(statements.length).toBeLessThanOrEqual(3)
  })

  it('shows one order with its lines, ledger, whole history and customer; fulfilment sees where it ships but not the customer', async () => {
    const { number } = await paidOrder(2)
    const order = dataOf<{ order: AdminOrder }>(await orderOf(staff.support, number)).order
    expect(order.lines[0]).toMatchObject({ qty: 2, refunded_qty: 0 })
    expect(order.lines[0]!.id).toBeTruthy()
    expect(order.payments[0]).toMatchObject({ kind: 'charge', status: 'succeeded' })
    expect(order.history.map((entry) => entry.event)).toEqual(expect.arrayContaining(['created', 'paid']))
    expect(order.customer?.email).toBe(order.email)
    expect(order.actions).toEqual(['cancel', 'refund', 'note', 'resend_confirmation'])
    expect(order.refund_limit).toBe(100)
    const packer = dataOf<{ order: AdminOrder }>(await orderOf(staff.fulfilment, number)).order
    expect(packer.customer).toBeNull()
    expect(packer.billing_address).toBeNull()
    expect(packer.shipping_address.address).toBeTruthy()
    expect(packer.actions).toEqual(['pack', 'ship', 'note'])
    expect(dataOf<{ order: AdminOrder }>(await orderOf(staff.analyst, number)).order.customer?.email).toMatch(/•••/)
    expect((await orderOf(staff.manager, '0000000000')).statusCode).toBe(404)
  })

  it('keeps each role to its actions (403) and refuses without a session (401)', async () => {
    const { number } = await paidOrder(1)
    const post = (browser: TestShopper, action: string, body: unknown = {}) => browser.postJson(`/api/admin/orders/${number}/${action}`, body)
    expect((await post(staff.analyst, 'pack')).statusCode).toBe(403)
    expect((await post(staff.support, 'pack')).statusCode).toBe(403)
    expect((await post(staff.support, 'ship', { carrier: 'UPS', tracking_number: '1Z1' })).statusCode).toBe(403)
    expect((await post(staff.fulfilment, 'cancel', { reason: 'x' })).statusCode).toBe(403)
    expect((await refund(staff.fulfilment, number, { amount: 1, reason: 'x' })).statusCode).toBe(403)
    expect((await refund(staff.analyst, number, { amount: 1, reason: 'x' })).statusCode).toBe(403)
    expect((await post(staff.analyst, 'notes', { text: 'hello' })).statusCode).toBe(403)
    expect((await post(staff.fulfilment, 'confirmation')).statusCode).toBe(403)
    expect((await post(staff.support, 'receive-return')).statusCode).toBe(403)
    expect((await post(staff.analyst, 'send-exchange')).statusCode).toBe(403)
    expect((await staff.manager.request({ method: 'PUT', url: '/api/admin/settings/refunds', payload: { support_refund_limit: 500 } })).statusCode).toBe(403)
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { host: 'localhost' } })
    expect(visitor.statusCode).toBe(401)
  })

  it("fulfilment packs and ships: the shopper's tracker shows it, the shopper is e-mailed, each step audited", async () => {
    const { shopper, number } = await paidOrder(1)
    const packed = dataOf<{ order: AdminOrder }>(await staff.fulfilment.postJson(`/api/admin/orders/${number}/pack`, {})).order
    expect(packed.status).toBe('packing')
    const again = await staff.fulfilment.postJson(`/api/admin/orders/${number}/pack`, {})
    expect(again.statusCode).toBe(409)
    expect((await staff.fulfilment.postJson(`/api/admin/orders/${number}/ship`, { carrier: 'UPS' })).statusCode).toBe(400)
    const shipped = dataOf<{ order: AdminOrder }>(
      await staff.fulfilment.postJson(`/api/admin/orders/${number}/ship`, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' }),
    ).order
    expect(shipped.status).toBe('shipped')
    expect(shipped.tracking).toEqual({ carrier: 'UPS', tracking_number: '1Z999AA10123456784' })
    const tracking = dataOf<Tracking>(await shopper.get(`/api/tracking/${number}`))
    expect(tracking).toMatchObject({ status: 'shipped', carrier: 'UPS', tracking_number: '1Z999AA10123456784' })
    expect(tracking.events[0]!.description).toMatch(/Shipped with UPS/)
    const mail = await t.store.db.selectFrom('outbox_emails').select(['subject']).where('order_number', '=', number).execute()
    expect(mail.map((m) => m.subject).some((subject) => /has shipped/.test(subject))).toBe(true)
    expect((await auditOf(number)).map((entry) => entry.action).sort()).toEqual(['order.pack', 'order.ship'])
    expect((await staff.fulfilment.postJson(`/api/admin/orders/${number}/ship`, { carrier: 'UPS', tracking_number: '1Z2' })).statusCode).toBe(409)
  })

  it('two staff packing one order at once: one wins, the other gets a 409 in words', async () => {
    const { number } = await paidOrder(1)
    const answers = await Promise.all([staff.fulfilment.postJson(`/api/admin/orders/${number}/pack`, {}), staff.manager.postJson(`/api/admin/orders/${number}/pack`, {})])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const loser = answers.find((answer) => answer.statusCode === 409)!
    expect(errorsOf(loser)[0]).toMatch(/packed already|changed while you were looking/)
  })

  it('support refunds part of a line, once per Idempotency-Key, with the refund in the ledger and the history', async () => {
    const { item, number } = await paidOrder(2)
    const before = dataOf<{ order: AdminOrder }>(await orderOf(staff.support, number)).order
    const line = before.lines[0]!
    const stockBefore = await stockOf(t, item.itemId, item.size)
    const key = randomUUID()
    const body = { lines: [{ line_id: line.id, qty: 1 }], shipping: false, restock: true, reason: 'Torn seam', notify: true }
    const first = await refund(staff.support, number, body, key)
    expect(first.statusCode, first.body).toBe(200)
    const order = dataOf<{ order: AdminOrder }>(first).order
    expect(order.lines[0]!.refunded_qty).toBe(1)
    expect(order.payments.filter((payment) => payment.kind === 'refund')).toHaveLength(1)
    expect(order.payments.find((payment) => payment.kind === 'refund')).toMatchObject({ status: 'succeeded', reason: 'Torn seam' })
    expect(order.refunded).toBeGreaterThan(0)
    expect(order.history.some((entry) => entry.event === 'refunded' && /Torn seam/.test(entry.description))).toBe(true)
    expect(await stockOf(t, item.itemId, item.size)).toBe(stockBefore + 1)
    // the same key again refunds nothing more
    const second = dataOf<{ order: AdminOrder }>(await refund(staff.support, number, body, key)).order
    expect(second.payments.filter((payment) => payment.kind === 'refund')).toHaveLength(1)
    expect(second.refunded).toBe(order.refunded)
    // the other piece and then one more than there is: 409
    expect((await refund(staff.support, number, { ...body, lines: [{ line_id: line.id, qty: 2 }] })).statusCode).toBe(409)
    expect((await auditOf(number)).filter((entry) => entry.action === 'order.refund')).toHaveLength(1)
    expect((await refund(staff.support, number, { reason: 'nothing named' })).statusCode).toBe(422)
    const noKey = await staff.support.postJson(`/api/admin/orders/${number}/refunds`, body)
    expect(noKey.statusCode).toBe(400)
    await assertLedgerAgrees(t.store.db)
  })

  it("keeps support within the owner's limit: $100.00 by default, another once the owner sets it (audited)", async () => {
    const { number } = await paidOrder(1)
    const order = dataOf<{ order: AdminOrder }>(await orderOf(staff.support, number)).order
    const tooMuch = 100.01
    expect(order.paid).toBeGreaterThan(2)
    await t.store.db.updateTable('store_settings').set({ support_refund_limit_cents: 100 }).where('brand_id', '=', 'popfitclothing').execute()
    const refused = await refund(staff.support, number, { amount: 2, reason: 'Goodwill' })
    expect(refused.statusCode).toBe(403)
    expect(errorsOf(refused)[0]).toMatch(/at most \$1\.00/)
    const set = await staff.owner.request({ method: 'PUT', url: '/api/admin/settings/refunds', payload: { support_refund_limit: tooMuch } })
    expect(dataOf<{ support_refund_limit: number }>(set).support_refund_limit).toBe(tooMuch)
    const audit = dataOf<{ entries: AuditEntry[] }>(await staff.owner.get('/api/admin/audit?entity=settings')).entries
    expect(audit[0]).toMatchObject({ action: 'settings.refund_limit', after: { support_refund_limit_cents: 10_001 } })
    expect((await refund(staff.support, number, { amount: 2, reason: 'Goodwill' })).statusCode).toBe(200)
    // a manager has no limit
    expect((await refund(staff.manager, number, { amount: 0.5, reason: 'Goodwill' })).statusCode).toBe(200)
    await staff.owner.request({ method: 'PUT', url: '/api/admin/settings/refunds', payload: { support_refund_limit: 100 } })
  })

  it('two refunds racing for the last amount: one 200, one 409', async () => {
    const { number } = await paidOrder(1)
    const left = dataOf<{ order: AdminOrder }>(await orderOf(staff.manager, number)).order.paid
    const answers = await Promise.all([refund(staff.manager, number, { amount: left, reason: 'Race A' }), refund(staff.owner, number, { amount: left, reason: 'Race B' })])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const order = dataOf<{ order: AdminOrder }>(await orderOf(staff.manager, number)).order
    expect(order.refunded).toBe(left)
    expect(order.status).toBe('refunded')
    await assertLedgerAgrees(t.store.db)
  })

  it('a manager cancels: refunded in full, pieces back in stock, the reason on the timeline', async () => {
    const { item, number } = await paidOrder(2)
    const stockBefore = await stockOf(t, item.itemId, item.size)
    expect((await staff.manager.postJson(`/api/admin/orders/${number}/cancel`, {})).statusCode).toBe(400)
    const cancelled = dataOf<{ order: AdminOrder }>(await staff.manager.postJson(`/api/admin/orders/${number}/cancel`, { reason: 'Customer called', restock: true })).order
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.refunded).toBe(cancelled.paid)
    expect(cancelled.history.some((entry) => entry.event === 'cancelled' && /Customer called/.test(entry.description))).toBe(true)
    expect(await stockOf(t, item.itemId, item.size)).toBe(stockBefore + 2)
    expect((await staff.manager.postJson(`/api/admin/orders/${number}/cancel`, { reason: 'again' })).statusCode).toBe(409)
    expect((await auditOf(number)).map((entry) => entry.action)).toEqual(['order.cancel'])
    await assertLedgerAgrees(t.store.db)
  })

  it('a shipped order is not cancelled (409)', async () => {
    const { number } = await paidOrder(1)
    await staff.fulfilment.postJson(`/api/admin/orders/${number}/ship`, { carrier: 'USPS', tracking_number: '9400100000000000000000' })
    const refused = await staff.support.postJson(`/api/admin/orders/${number}/cancel`, { reason: 'Too late' })
    expect(refused.statusCode).toBe(409)
    expect(errorsOf(refused)[0]).toMatch(/shipped already/)
  })

  it('notes are on the timeline for staff only, and the confirmation goes again', async () => {
    const { shopper, number } = await paidOrder(1)
    const noted = dataOf<{ order: AdminOrder }>(await staff.fulfilment.postJson(`/api/admin/orders/${number}/notes`, { text: 'Box dented, repacked' })).order
    expect(noted.history.at(-1)).toMatchObject({ event: 'note', description: 'Box dented, repacked', staff_only: true })
    expect(noted.history.at(-1)!.actor).toMatch(/@staff\.example\.com/)
    const own = dataOf<{ history: { event: string }[] }>(await shopper.get(`/api/orders/${number}`))
    expect(own.history.map((entry) => entry.event)).not.toContain('note')
    expect((await staff.support.postJson(`/api/admin/orders/${number}/notes`, { text: '' })).statusCode).toBe(400)
    const count = async () => (await t.store.db.selectFrom('outbox_emails').select('subject').where('order_number', '=', number).execute()).length
    const before = await count()
    expect((await staff.support.postJson(`/api/admin/orders/${number}/confirmation`, {})).statusCode).toBe(200)
    expect(await count()).toBe(before + 1)
    expect((await auditOf(number)).map((entry) => entry.action).sort()).toEqual(['order.note', 'order.resend_confirmation'])
  })

  it('fulfilment receives a return (refunded, back in stock) and it is audited', async () => {
    const { shopper, item, number } = await paidOrder(1)
    for (const [event, from] of [
      ['ship', 'paid'],
      ['deliver', 'shipped'],
    ] as const) {
      expect((await moveOrder(t.store.db, { brandId: 'popfitclothing', orderNumber: number, from }, event, 'carrier:UPS', { at: new Date().toISOString() })).ok).toBe(true)
    }
    const line = dataOf<{ order: AdminOrder }>(await orderOf(staff.manager, number)).order.lines[0]!
    const returned = await shopper.postJson(`/api/orders/${number}/returns`, { lines: [{ line_id: line.id, qty: 1, reason: 'Too small' }] })
    expect(returned.statusCode, returned.body).toBe(200)
    const stockBefore = await stockOf(t, item.itemId, item.size)
    const received = dataOf<{ order: AdminOrder }>(await staff.fulfilment.postJson(`/api/admin/orders/${number}/receive-return`, {})).order
    // the piece and its tax back; the shipping stays paid
    expect(received.status).toBe('partially_refunded')
    expect(received.lines[0]!.refunded_qty).toBe(1)
    expect(await stockOf(t, item.itemId, item.size)).toBe(stockBefore + 1)
    expect((await auditOf(number)).map((entry) => entry.action)).toEqual(['order.receive_return'])
    // received twice: the second is told, and nothing is refunded again
    const twice = await staff.fulfilment.postJson(`/api/admin/orders/${number}/receive-return`, {})
    expect(twice.statusCode).toBe(409)
    expect(dataOf<{ order: AdminOrder }>(await orderOf(staff.manager, number)).order.refunded).toBe(received.refunded)
    expect((await staff.fulfilment.postJson(`/api/admin/orders/${number}/send-exchange`, {})).statusCode).toBe(409)
  })

  it("two staff send a member's exchange at once: one sends it (audited), the other gets a 409", async () => {
    const who = await registered(t)
    await t.store.db.updateTable('customers').set({ has_club: 1 }).where('id', '=', who.customerId).execute()
    const item = await itemWithStock(t, 4)
    await who.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
    const number = dataOf<CheckoutResult>(await placeOrder(who.shopper, await tokenFor(who.shopper))).order_number
    for (const [event, from] of [
      ['ship', 'paid'],
      ['deliver', 'shipped'],
    ] as const) {
      expect((await moveOrder(t.store.db, { brandId: 'popfitclothing', orderNumber: number, from }, event, 'carrier:UPS', { at: new Date().toISOString() })).ok).toBe(true)
    }
    const other = await t.store.db
      .selectFrom('item_sizes')
      .select(['size'])
      .where('item_id', '=', item.itemId)
      .where('size', '!=', item.size)
      .where('stock', '>', 0)
      .executeTakeFirstOrThrow()
    const line = dataOf<{ order: AdminOrder }>(await orderOf(staff.manager, number)).order.lines[0]!
    const asked = await who.shopper.post(`/api/orders/${number}/exchanges`, { line_id: line.id, size: other.size })
    expect(asked.statusCode, asked.body).toBe(200)
    // the exchange reserved in the cart is placed at checkout (decision 223)
    const placed = await placeExchange(who.shopper)
    expect(placed.statusCode, placed.body).toBe(200)
    expect(dataOf<{ order: AdminOrder }>(await orderOf(staff.fulfilment, number)).order.actions).toEqual(['send_exchange', 'note'])
    const answers = await Promise.all([
      staff.fulfilment.postJson(`/api/admin/orders/${number}/send-exchange`, {}),
      staff.manager.postJson(`/api/admin/orders/${number}/send-exchange`, {}),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expect(dataOf<{ order: AdminOrder }>(answers.find((answer) => answer.statusCode === 200)!).order.status).toBe('exchange_sent')
    expect((await auditOf(number)).map((entry) => entry.action)).toEqual(['order.send_exchange'])
  })

  it('prints packing slips for a batch, in the order asked; an unknown number is named', async () => {
    const a = await paidOrder(1)
    const b = await paidOrder(2)
    const slips = dataOf<{ slips: PackingSlip[] }>(await staff.fulfilment.get(`/api/admin/orders/slips?numbers=${b.number},${a.number}`)).slips
    expect(slips.map((slip) => slip.order_number)).toEqual([b.number, a.number])
    expect(slips[0]!.lines[0]).toMatchObject({ qty: 2, size: b.item.size })
    expect(slips[0]!.ship_to.address).toBeTruthy()
    const missing = await staff.fulfilment.get(`/api/admin/orders/slips?numbers=${a.number},0000000001`)
    expect(missing.statusCode).toBe(404)
    expect(errorsOf(missing)[0]).toMatch(/0000000001/)
    expect((await staff.fulfilment.get('/api/admin/orders/slips?numbers=')).statusCode).toBe(400)
  })

  it("keeps each brand to its own orders: another brand's order is not found", async () => {
    const { number } = await paidOrder(1)
    const ckb = await staffBrowser(t.app, (await addStaff(t.store, 'owner', ['ckb'])).email, 'ckb.localhost')
    expect((await ckb.get(`/api/admin/orders/${number}`)).statusCode).toBe(404)
    expect((await ckb.postJson(`/api/admin/orders/${number}/pack`, {})).statusCode).toBe(404)
  })
})
