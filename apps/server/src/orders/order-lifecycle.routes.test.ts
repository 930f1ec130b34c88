/**
 * An order's life after checkout (docs/orders.md): its history, the payments ledger, refunds
 * exactly once, the shopper's cancellation, return and exchange.
 */
import { randomUUID } from 'node:crypto'
import type { Cart, CheckoutResult, Order, Tracking } from '@store/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { brandsWithOrigins } from '../brands/registry.ts'
import { count, itemWithStock, placeExchange, placeOrder, shopperWithCart, stockOf, tokenFor } from '../checkout/checkout-test-kit.ts'
import { systemContext } from '../context/request-context.ts'
import { HttpError } from '../http/errors.ts'
import { registered } from '../membership/club-test-kit.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { invalidateSettings } from '../settings/settings.service.ts'
import { assertLedgerAgrees } from '../test/ledger.ts'
import { DIALECTS, dataOf, errorsOf, type TestShopper, type TestStore, startTestStore } from '../test/harness.ts'
import { moveOrder } from './order-states.ts'
import { completePendingRefunds } from './pending-refunds.ts'
import { refundOrder, type OrderScope } from './refunds.ts'
import { receiveReturn, sendExchange } from './warehouse-actions.ts'

const silent = { info: () => {}, warn: () => {}, error: () => {} }

describe.each(DIALECTS)('an order’s life cycle on %s', (dialect) => {
  let t: TestStore
  let scope: OrderScope
  beforeAll(async () => {
    t = await startTestStore(dialect)
    const brand = brandsWithOrigins(t.app.env.publicOrigins).find((candidate) => candidate.id === 'popfitclothing')!
    scope = systemContext({ store: t.store, sessions: t.app.sessionStore, env: t.app.env }, brand, silent)
  })
  afterAll(() => t.close())

  const gateway = () => gatewayFor(t.app.env)

  /** A paid order of `qty` pieces of one item, and the shopper who placed it. */
  async function paidOrder(qty = 2, shopper?: TestShopper) {
    const item = await itemWithStock(t, qty + 3)
    const buyer = shopper ?? (await shopperWithCart(t, item.itemId, item.size, qty))
    if (shopper) await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty })
    const placed = await placeOrder(buyer, await tokenFor(buyer))
    expect(placed.statusCode, placed.body).toBe(200)
    const { order_number } = dataOf<CheckoutResult>(placed)
    const order = dataOf<Order>(await buyer.get(`/api/orders/${order_number}`))
    return { shopper: buyer, item, order, number: order_number }
  }

  const deliver = async (number: string, daysAgo = 1) => {
    const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString()
    for (const event of ['ship', 'deliver'] as const) {
      const moved = await moveOrder(t.store.db, { brandId: 'popfitclothing', orderNumber: number, from: event === 'ship' ? 'paid' : 'shipped' }, event, 'carrier:UPS', {
        at,
        detail: { carrier: 'UPS', tracking_number: '1Z999' },
      })
      expect(moved.ok).toBe(true)
    }
  }

  const refundsAtGateway = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('test_gateway_refunds')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('an order carries its history for the shopper (created, paid, the e-mail) and its paid total from the ledger', async () => {
    const { order } = await paidOrder(1)
    expect(order.status).toBe('paid')
    expect(order.history.map((entry) => entry.event)).toEqual(['created', 'paid', 'email_sent'])
    expect(order.history[1]).toMatchObject({ status: 'paid', description: `Payment of $${order.total.toFixed(2)} received` })
    expect(order.paid).toBe(order.total)
    expect(order.refunded).toBe(0)
    expect(order.actions).toEqual(['cancel'])
    expect(order.items[0]!.line_id).toBeTruthy()
    await assertLedgerAgrees(t.store.db)
  })

  it('the history is append-only: the database refuses to change or delete an entry', async () => {
    const { number } = await paidOrder(1)
    await expect(t.store.db.updateTable('order_history').set({ event: 'forged' }).where('order_number', '=', number).execute()).rejects.toThrow(/append-only/)
    await expect(t.store.db.deleteFrom('order_history').where('order_number', '=', number).execute()).rejects.toThrow(/append-only/)
    const entries = await t.store.db.selectFrom('order_history').select('event').where('order_number', '=', number).execute()
    expect(entries.map((entry) => entry.event).sort()).toEqual(['created', 'email_sent', 'paid'])
  })

  it('a carrier’s events write shipped (with carrier and tracking number) and delivered to the history', async () => {
    const { shopper, number } = await paidOrder(1)
    await deliver(number)
    const order = dataOf<Order>(await shopper.get(`/api/orders/${number}`))
    expect(order.status).toBe('delivered')
    expect(order.history.map((entry) => entry.description)).toContain('Shipped with UPS, tracking number 1Z999')
    expect(order.history.find((entry) => entry.event === 'delivered')).toMatchObject({ status: 'delivered', description: 'Delivered' })
    // the tracker shows the same entries
    const tracking = dataOf<Tracking>(await shopper.get(`/api/tracking/${number}`))
    expect(tracking.history.map((entry) => entry.description)).toEqual(order.history.map((entry) => entry.description))
  })

  it('the shopper cancels within the window: refunded in full, stock back, an e-mail, the history says so; again changes nothing', async () => {
    const { shopper, item, order, number } = await paidOrder(2)
    const before = await stockOf(t, item.itemId, item.size)
    const cancelled = await shopper.post(`/api/orders/${number}/cancel`)
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const after = dataOf<Order>(cancelled)
    expect(after.status).toBe('cancelled')
    expect(after.refunded).toBe(order.total)
    expect(after.payments.find((payment) => payment.kind === 'refund')).toMatchObject({ amount: order.total, status: 'succeeded' })
    expect(after.history.map((entry) => entry.event)).toEqual(expect.arrayContaining(['cancelled', 'refunded']))
    expect(after.actions).toEqual([])
    expect(await stockOf(t, item.itemId, item.size)).toBe(before + 2)
    const emails = await t.store.db.selectFrom('outbox_emails').select('subject').where('order_number', '=', number).execute()
    expect(emails.map((email) => email.subject)).toEqual(
      expect.arrayContaining([`Your order ${number} is cancelled`, `A refund of $${order.total.toFixed(2)} for order ${number}`]),
    )
    // a second press: the same refund, no more money, no more stock
    expect((await shopper.post(`/api/orders/${number}/cancel`)).statusCode).toBe(200)
    expect(await refundsAtGateway()).toBe(1)
    expect(await stockOf(t, item.itemId, item.size)).toBe(before + 2)
    await assertLedgerAgrees(t.store.db)
  })

  it('refuses a cancellation past the window, once packing, or by anyone else, in words', async () => {
    const late = await paidOrder(1)
    await t.store.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('order_number', '=', late.number)
      .execute()
    const refused = await late.shopper.post(`/api/orders/${late.number}/cancel`)
    expect(refused.statusCode).toBe(409)
    expect(errorsOf(refused)[0]).toBe('Orders can only be cancelled within 60 minutes of being placed.')

    const packed = await paidOrder(1)
    expect((await moveOrder(t.store.db, { brandId: 'popfitclothing', orderNumber: packed.number, from: 'paid' }, 'pack', 'staff:test', { at: new Date().toISOString() })).ok).toBe(
      true,
    )
    const refusedPacked = await packed.shopper.post(`/api/orders/${packed.number}/cancel`)
    expect(refusedPacked.statusCode).toBe(409)
    expect(errorsOf(refusedPacked)[0]).toBe('Your order is being packed already, so it can no longer be cancelled.')

    const { shopper: stranger } = await registered(t)
    expect((await stranger.post(`/api/orders/${packed.number}/cancel`)).statusCode).toBe(404)
    expect(await refundsAtGateway()).toBe(1)
    await assertLedgerAgrees(t.store.db)
  })

  it('a refund in part: the same Idempotency-Key twice refunds once; a line is never refunded beyond its pieces', async () => {
    const { order, number } = await paidOrder(2)
    const line = order.items[0]!
    const gatewayBefore = await refundsAtGateway()
    const request = { idempotencyKey: randomUUID(), lines: [{ line_id: line.line_id, qty: 1 }], restock: false, reason: 'Damaged', notify: false }
    const deps = { gateway: await gateway() }
    expect(await refundOrder(scope, number, request, 'staff:test', deps)).toBe('succeeded')
    expect(await refundOrder(scope, number, request, 'staff:test', deps)).toBe('succeeded')
    expect(await refundsAtGateway()).toBe(gatewayBefore + 1)
    const refunds = await t.store.db.selectFrom('payments').selectAll().where('order_number', '=', number).where('kind', '=', 'refund').execute()
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ amount_cents: Math.round(line.price * 100), status: 'succeeded', reason: 'Damaged', order_line_id: line.line_id })
    // still paid (the other piece ships); the history says what was refunded
    const row = await t.store.db.selectFrom('orders').select('status').where('order_number', '=', number).executeTakeFirstOrThrow()
    expect(row.status).toBe('paid')
    await expect(refundOrder(scope, number, { ...request, idempotencyKey: randomUUID(), lines: [{ line_id: line.line_id, qty: 2 }] }, 'staff:test', deps)).rejects.toThrow(
      `Only 1 of ${line.name} (${line.size}) are left to refund.`,
    )
    await assertLedgerAgrees(t.store.db)
  })

  it('two refunds racing for the last refundable amount: one refund and one 409', async () => {
    const { order, number } = await paidOrder(1)
    const deps = { gateway: await gateway() }
    const all = (key: string) =>
      refundOrder(scope, number, { idempotencyKey: key, amountCents: Math.round(order.total * 100), restock: false, reason: 'Goodwill', notify: false }, 'staff:test', deps)
    const results = await Promise.allSettled([all('race-a'), all('race-b')])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toBeInstanceOf(HttpError)
    expect((refused.reason as HttpError).statusCode).toBe(409)
    const status = await t.store.db.selectFrom('orders').select('status').where('order_number', '=', number).executeTakeFirstOrThrow()
    expect(status.status).toBe('refunded')
    await assertLedgerAgrees(t.store.db)
  })

  it('a crash between the provider’s refund and its record: the sweeper completes it, refunding nothing twice', async () => {
    const { order, number } = await paidOrder(1)
    const deps = { gateway: await gateway(), afterGatewayCall: () => Promise.reject(new Error('process died')) }
    const gatewayBefore = await refundsAtGateway()
    await expect(refundOrder(scope, number, { idempotencyKey: 'crash', all: true, restock: true, reason: 'Lost parcel', notify: true }, 'staff:test', deps)).rejects.toThrow(
      'process died',
    )
    const pending = await t.store.db.selectFrom('payments').select(['status', 'amount_cents']).where('order_number', '=', number).where('kind', '=', 'refund').execute()
    expect(pending).toEqual([{ status: 'pending', amount_cents: Math.round(order.total * 100) }])
    expect(await refundsAtGateway()).toBe(gatewayBefore + 1)
    // too soon: the request may still be at work on it
    expect(await completePendingRefunds(t.store.db, new Date(), () => scope, deps.gateway)).toBe(0)
    expect(await completePendingRefunds(t.store.db, new Date(Date.now() + 120_000), () => scope, deps.gateway)).toBe(1)
    const done = await t.store.db.selectFrom('payments').select('status').where('order_number', '=', number).where('kind', '=', 'refund').execute()
    expect(done).toEqual([{ status: 'succeeded' }])
    expect(await refundsAtGateway()).toBe(gatewayBefore + 1)
    const row = await t.store.db.selectFrom('orders').select('status').where('order_number', '=', number).executeTakeFirstOrThrow()
    expect(row.status).toBe('refunded')
    await assertLedgerAgrees(t.store.db)
  })

  it('a return: refused for a final-sale piece and past the window; requested, then received and refunded', async () => {
    const { shopper, order, number, item } = await paidOrder(2)
    const line = order.items[0]!
    const lines = JSON.stringify([{ line_id: line.line_id, qty: 1, reason: 'Too small' }])
    const early = await shopper.post(`/api/orders/${number}/returns`, { lines })
    expect(early.statusCode).toBe(409)
    expect(errorsOf(early)[0]).toBe('Returns open once your order has been delivered.')

    await deliver(number, 31)
    const late = await shopper.post(`/api/orders/${number}/returns`, { lines })
    expect(late.statusCode).toBe(409)
    expect(errorsOf(late)[0]).toBe('Returns and exchanges are open for 30 days after delivery, and that time has passed.')

    await t.store.db.updateTable('order_lines').set({ discount_class: 'leggings,clearance' }).where('id', '=', line.line_id).execute()
    await t.store.db.updateTable('store_settings').set({ return_window_days: 60 }).where('brand_id', '=', 'popfitclothing').execute()
    invalidateSettings('popfitclothing')
    try {
      const finalSale = await shopper.post(`/api/orders/${number}/returns`, { lines })
      expect(finalSale.statusCode).toBe(409)
      expect(errorsOf(finalSale)[0]).toBe('Final-sale pieces can’t be returned or exchanged.')
      await t.store.db.updateTable('order_lines').set({ discount_class: 'leggings' }).where('id', '=', line.line_id).execute()

      const asked = await shopper.post(`/api/orders/${number}/returns`, { lines })
      expect(asked.statusCode, asked.body).toBe(200)
      expect(dataOf<Order>(asked)).toMatchObject({ status: 'return_requested', actions: [] })
      const stock = await stockOf(t, item.itemId, item.size)

      expect(await receiveReturn(scope, number, await gateway(), 'job:receive-return')).toBe('succeeded')
      const after = dataOf<Order>(await shopper.get(`/api/orders/${number}`))
      expect(after.status).toBe('partially_refunded')
      expect(after.refunded).toBeGreaterThan(0)
      expect(after.items.find((candidate) => candidate.line_id === line.line_id)!.refunded_qty).toBe(1)
      expect(after.history.map((entry) => entry.event)).toEqual(expect.arrayContaining(['return_requested', 'return_received', 'refunded']))
      expect(await stockOf(t, item.itemId, item.size)).toBe(stock + 1)
      const emails = await t.store.db.selectFrom('outbox_emails').select('subject').where('order_number', '=', number).execute()
      expect(emails.map((email) => email.subject)).toEqual(
        expect.arrayContaining([`Your return for order ${number}`, `We received your return for order ${number}`, expect.stringMatching(/^A refund of \$\d+\.\d\d for order /)]),
      )
      // received twice: refunded once
      expect(await receiveReturn(scope, number, await gateway(), 'job:receive-return')).toBe('succeeded')
      expect(dataOf<Order>(await shopper.get(`/api/orders/${number}`)).refunded).toBe(after.refunded)
    } finally {
      await t.store.db.updateTable('store_settings').set({ return_window_days: 30 }).where('brand_id', '=', 'popfitclothing').execute()
      invalidateSettings('popfitclothing')
    }
    await assertLedgerAgrees(t.store.db)
  })

  it('a member exchanges a size: the replacement reserved at once and put in the cart with its label, placed at checkout with nothing charged, the two orders linked; a non-member is told to return instead', async () => {
    const who = await registered(t)
    const { order, number, item } = await paidOrder(1, who.shopper)
    await deliver(number)
    const other = await t.store.db
      .selectFrom('item_sizes')
      .select(['size', 'stock'])
      .where('item_id', '=', item.itemId)
      .where('size', '!=', item.size)
      .where('stock', '>', 0)
      .executeTakeFirstOrThrow()
    const want = { line_id: order.items[0]!.line_id, size: other.size }
    const refused = await who.shopper.post(`/api/orders/${number}/exchanges`, want)
    expect(refused.statusCode).toBe(409)
    expect(errorsOf(refused)[0]).toBe('Exchanges are for club members. You can return the piece and order the other size instead.')

    // a non-member is offered no sizes to exchange for
    expect(dataOf<Order>(await who.shopper.get(`/api/orders/${number}`)).items[0]!.exchange_sizes).toEqual([])

    await t.store.db.updateTable('customers').set({ has_club: 1 }).where('id', '=', who.customerId).execute()
    // a member is offered the other sizes in stock now, not the one bought, not a sold-out one
    const soldOut = await t.store.db
      .selectFrom('item_sizes')
      .select('size')
      .where('item_id', '=', item.itemId)
      .where('size', '!=', item.size)
      .where('size', '!=', other.size)
      .executeTakeFirst()
    if (soldOut) await t.store.db.updateTable('item_sizes').set({ stock: 0 }).where('item_id', '=', item.itemId).where('size', '=', soldOut.size).execute()
    const inStock = await t.store.db.selectFrom('item_sizes').select('size').where('item_id', '=', item.itemId).where('size', '!=', item.size).where('stock', '>', 0).execute()
    const offered = dataOf<Order>(await who.shopper.get(`/api/orders/${number}`)).items[0]!.exchange_sizes
    expect(new Set(offered)).toEqual(new Set(inStock.map((row) => row.size)))
    expect(offered).toContain(other.size)
    expect(offered).not.toContain(item.size)
    if (soldOut) expect(offered).not.toContain(soldOut.size)
    const exchanged = await who.shopper.post(`/api/orders/${number}/exchanges`, want)
    expect(exchanged.statusCode, exchanged.body).toBe(200)
    // reserved at once: the piece taken from stock, and in the cart at $0 with the exchange's label
    expect(await stockOf(t, item.itemId, other.size)).toBe(other.stock - 1)
    const cart = dataOf<Cart>(await who.shopper.get('/api/cart'))
    const name = order.items[0]!.name
    expect(cart.exchange_label).toBe(`Exchange for order ${number}: ${name} (${order.items[0]!.color}) in ${other.size}`)
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]).toMatchObject({ exchange: true, size: other.size, qty: 1, price: 0, skip_qty_controls: true, in_stock: true })
    expect(cart.cart_total).toBe(0)
    // the reserved replacement is not in the order history until it is placed
    expect(dataOf<Order[]>(await who.shopper.get('/api/orders')).map((one) => one.order_number)).toEqual([number])
    // placed on its own, at once: no order bumps before its checkout
    expect(cart.proceed_to_checkout_link).toBe('/checkout')
    const chargesBefore = await count(t, 'test_gateway_charges')
    // the checkout places it: no card, nothing charged
    const placed = await placeExchange(who.shopper)
    expect(placed.statusCode, placed.body).toBe(200)
    const result = dataOf<CheckoutResult>(placed)
    expect(result).toMatchObject({ status: 'succeeded', next: `/orders?exchanged=${number}` })
    const replacementNumber = result.order_number
    expect(await count(t, 'test_gateway_charges')).toBe(chargesBefore)
    const after = dataOf<Order>(await who.shopper.get(`/api/orders/${number}`))
    expect(after.status).toBe('exchange_requested')
    const link = after.history.find((entry) => entry.event === 'exchange_requested')!.description
    expect(link).toBe(`Exchange requested: ${name} (${order.items[0]!.color}) in size ${other.size} (order ${replacementNumber})`)
    expect(await stockOf(t, item.itemId, other.size)).toBe(other.stock - 1)
    const replacement = dataOf<Order>(await who.shopper.get(`/api/orders/${replacementNumber}`))
    expect(replacement).toMatchObject({ status: 'paid', total: 0, paid: 0 })
    expect(replacement.items[0]).toMatchObject({ size: other.size, price: 0 })
    expect(replacement.history.map((entry) => entry.description)).toEqual(
      expect.arrayContaining([`Exchange reserved for order ${number}`, `Exchange for order ${number} placed: nothing charged`]),
    )
    expect(dataOf<Order[]>(await who.shopper.get('/api/orders')).map((one) => one.order_number)).toEqual([replacementNumber, number])
    // the cart is empty again, its label gone
    expect(dataOf<Cart>(await who.shopper.get('/api/cart'))).toMatchObject({ items: [], exchange_label: null })

    expect(await sendExchange(scope, number, 'job:send-exchange')).toBe(replacementNumber)
    expect(dataOf<Order>(await who.shopper.get(`/api/orders/${number}`)).status).toBe('exchange_sent')
    expect(dataOf<Order>(await who.shopper.get(`/api/orders/${replacementNumber}`)).status).toBe('shipped')
    const emails = await t.store.db.selectFrom('outbox_emails').select('subject').where('order_number', '=', number).execute()
    expect(emails.map((email) => email.subject)).toContain(`Your exchange for order ${number}`)
    await assertLedgerAgrees(t.store.db)
  })
})

vi.setConfig({ testTimeout: 30_000 })
