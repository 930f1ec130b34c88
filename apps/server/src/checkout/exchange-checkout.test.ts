/**
 * A member's exchange through the cart and the checkout (docs/decisions/223): reserved at once, its
 * line in the cart with the cart's exchange_label, placed on its own with nothing charged; refused
 * in words; a reservation not checked out runs out like any other and gives the piece back.
 */
import { randomUUID } from 'node:crypto'
import type { Cart, CheckoutResult, Order } from '@store/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { registered } from '../membership/club-test-kit.ts'
import { moveOrder } from '../orders/order-states.ts'
import { invalidateSettings } from '../settings/settings.service.ts'
import { assertLedgerAgrees } from '../test/ledger.ts'
import { DIALECTS, dataOf, errorsOf, type TestShopper, type TestStore, startTestStore } from '../test/harness.ts'
import { statementsOf } from '../test/statements.ts'
import { count, itemWithStock, placeExchange, placeOrder, setStock, stockOf, sweep, tokenFor } from './checkout-test-kit.ts'
import { RESERVATION_MS } from './reserve-order.ts'

describe.each(DIALECTS)('a member’s exchange through the cart on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const brandId = 'popfitclothing'

  /** A member's delivered order of one piece, and another size of it in stock. */
  async function deliveredToMember(deliveredDaysAgo = 1) {
    const who = await registered(t)
    const item = await itemWithStock(t, 4)
    await who.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
    const placed = await placeOrder(who.shopper, await tokenFor(who.shopper))
    expect(placed.statusCode, placed.body).toBe(200)
    const number = dataOf<CheckoutResult>(placed).order_number
    const at = new Date(Date.now() - deliveredDaysAgo * 86_400_000).toISOString()
    for (const event of ['ship', 'deliver'] as const) {
      const moved = await moveOrder(t.store.db, { brandId, orderNumber: number, from: event === 'ship' ? 'paid' : 'shipped' }, event, 'carrier:UPS', { at })
      expect(moved.ok).toBe(true)
    }
    await t.store.db.updateTable('customers').set({ has_club: 1 }).where('id', '=', who.customerId).execute()
    const order = dataOf<Order>(await who.shopper.get(`/api/orders/${number}`))
    const other = await t.store.db
      .selectFrom('item_sizes')
      .select(['size', 'stock'])
      .where('item_id', '=', item.itemId)
      .where('size', '!=', item.size)
      .where('stock', '>', 1)
      .orderBy('size')
      .executeTakeFirstOrThrow()
    return { ...who, item, number, order, line: order.items[0]!, other }
  }

  const askExchange = (shopper: TestShopper, number: string, lineId: string, size: string) => shopper.post(`/api/orders/${number}/exchanges`, { line_id: lineId, size })
  const cartOf = async (shopper: TestShopper) => dataOf<Cart>(await shopper.get('/api/cart'))

  it('paid pieces beside an exchange: the exchange is placed alone first (the card checkout says so), nothing charged, once per key; then the pieces are paid as usual', async () => {
    const { shopper, number, line, other, item } = await deliveredToMember()
    expect((await askExchange(shopper, number, line.line_id, other.size)).statusCode).toBe(200)
    const paid = await itemWithStock(t, 4)
    expect((await shopper.post('/api/cart/items', { item_id: paid.itemId, size: paid.size, qty: 1 })).statusCode).toBe(200)
    const cart = await cartOf(shopper)
    expect(cart.items.map((one) => one.exchange).sort()).toEqual([false, true])
    expect(cart.exchange_label).toBe(`Exchange for order ${number}: ${line.name} (${line.color}) in ${other.size}`)
    // the exchange line costs nothing: the cart's total is the paid piece's alone
    expect(cart.items.find((one) => one.exchange)!.total).toBe(0)
    expect(cart.cart_subtotal).toBe(cart.items.find((one) => !one.exchange)!.total)

    const byCard = await placeOrder(shopper, await tokenFor(shopper))
    expect(byCard.statusCode).toBe(409)
    expect(errorsOf(byCard)[0]).toBe('Your cart holds an exchange: it is placed on its own, with nothing to pay. Confirm it at checkout first, then check out the other pieces.')

    const charges = await count(t, 'test_gateway_charges')
    const key = randomUUID()
    let placed: Awaited<ReturnType<typeof placeExchange>> | undefined
    const seen = await statementsOf(t.store, async () => {
      placed = await placeExchange(shopper, key)
    })
    expect(placed!.statusCode, placed!.body).toBe(200)
    // no more than a checkout's statements (decision 202's limit)
    console.log(`statements per exchange checkout (${dialect}): ${seen.length}`)
    expect(seen.length).toBeLessThanOrEqual(21)
    const replacement = dataOf<CheckoutResult>(placed!).order_number
    // the same key again: the same answer, one exchange
    const again = await placeExchange(shopper, key)
    expect(dataOf<CheckoutResult>(again).order_number).toBe(replacement)
    expect(await count(t, 'test_gateway_charges')).toBe(charges)
    expect(await count(t, 'payments', { column: 'order_number', value: replacement })).toBe(0)
    expect(await count(t, 'orders', { column: 'checkout_flow', value: 'exchange' })).toBeGreaterThanOrEqual(1)
    expect(await stockOf(t, item.itemId, other.size)).toBe(other.stock - 1)

    // the paid piece stayed in the cart, and checks out as ever
    const left = await cartOf(shopper)
    expect(left.exchange_label).toBeNull()
    expect(left.items.map((one) => [one.item_id, one.exchange])).toEqual([[paid.itemId, false]])
    const rest = await placeOrder(shopper, await tokenFor(shopper))
    expect(rest.statusCode, rest.body).toBe(200)
    expect(dataOf<Order>(await shopper.get(`/api/orders/${number}`)).status).toBe('exchange_requested')
    await assertLedgerAgrees(t.store.db)
  })

  it('not checked out, the reservation runs out like any other: the piece back in stock, the line out of the cart; taken out of the cart, back at once', async () => {
    const { shopper, number, line, other, item } = await deliveredToMember()
    expect((await askExchange(shopper, number, line.line_id, other.size)).statusCode).toBe(200)
    expect(await stockOf(t, item.itemId, other.size)).toBe(other.stock - 1)
    await sweep(t, new Date(Date.now() + RESERVATION_MS + 60_000))
    expect(await stockOf(t, item.itemId, other.size)).toBe(other.stock)
    expect(await cartOf(shopper)).toMatchObject({ items: [], exchange_label: null })
    const late = await placeExchange(shopper)
    expect(late.statusCode).toBe(422)
    expect(errorsOf(late)[0]).toBe('Your cart holds no exchange to place. Choose one from your orders.')
    // the order was never moved: it may be exchanged again
    expect(dataOf<Order>(await shopper.get(`/api/orders/${number}`))).toMatchObject({ status: 'delivered', actions: expect.arrayContaining(['request_exchange']) })

    expect((await askExchange(shopper, number, line.line_id, other.size)).statusCode).toBe(200)
    const held = (await cartOf(shopper)).items[0]!
    expect(held.exchange).toBe(true)
    // its quantity is fixed
    expect((await shopper.post(`/api/cart/items/${held.cartId}`, { qty: 2 })).statusCode).toBe(422)
    expect((await shopper.post(`/api/cart/items/${held.cartId}`, { qty: 0 })).statusCode).toBe(200)
    expect(await stockOf(t, item.itemId, other.size)).toBe(other.stock)
    expect(await cartOf(shopper)).toMatchObject({ items: [], exchange_label: null })
    expect(
      await t.store.db
        .selectFrom('orders')
        .select('order_number')
        .where('customer_id', '=', (await t.store.db.selectFrom('orders').select('customer_id').where('order_number', '=', number).executeTakeFirstOrThrow()).customer_id)
        .where('checkout_flow', '=', 'exchange')
        .execute(),
    ).toEqual([])
  })

  it('refused in words: a second exchange while one is in the cart, a size sold out, a final-sale piece, a brand without club exchanges, past the window, and past it by the time of the checkout', async () => {
    const { shopper, number, line, other, item } = await deliveredToMember()
    expect((await askExchange(shopper, number, line.line_id, other.size)).statusCode).toBe(200)
    const twice = await askExchange(shopper, number, line.line_id, other.size)
    expect(twice.statusCode).toBe(409)
    expect(errorsOf(twice)[0]).toBe('This exchange is in your cart already: confirm it at checkout.')
    const held = (await cartOf(shopper)).items[0]!
    expect((await shopper.post(`/api/cart/items/${held.cartId}`, { qty: 0 })).statusCode).toBe(200)

    await setStock(t, item.itemId, other.size, 0)
    try {
      const soldOut = await askExchange(shopper, number, line.line_id, other.size)
      expect(soldOut.statusCode).toBe(409)
      expect(errorsOf(soldOut)[0]).toBe(`${line.name} in size ${other.size} is sold out, so it can't be exchanged for now.`)
    } finally {
      await setStock(t, item.itemId, other.size, other.stock)
    }

    await t.store.db.updateTable('order_lines').set({ discount_class: 'leggings,clearance' }).where('id', '=', line.line_id).execute()
    const finalSale = await askExchange(shopper, number, line.line_id, other.size)
    expect(finalSale.statusCode).toBe(409)
    expect(errorsOf(finalSale)[0]).toBe('Final-sale pieces can’t be returned or exchanged.')
    await t.store.db.updateTable('order_lines').set({ discount_class: 'leggings' }).where('id', '=', line.line_id).execute()

    await t.store.db.updateTable('store_settings').set({ club_exchanges: 0 }).where('brand_id', '=', brandId).execute()
    invalidateSettings(brandId)
    try {
      const closed = await askExchange(shopper, number, line.line_id, other.size)
      expect(closed.statusCode).toBe(409)
      expect(errorsOf(closed)[0]).toBe('Exchanges are for club members. You can return the piece and order the other size instead.')
    } finally {
      await t.store.db.updateTable('store_settings').set({ club_exchanges: 1 }).where('brand_id', '=', brandId).execute()
      invalidateSettings(brandId)
    }

    const late = await deliveredToMember(31)
    const past = await askExchange(late.shopper, late.number, late.line.line_id, late.other.size)
    expect(past.statusCode).toBe(409)
    expect(errorsOf(past)[0]).toBe('Returns and exchanges are open for 30 days after delivery, and that time has passed.')

    // reserved within the window, checked out once it has closed (the brand shortened it meanwhile): refused in its words, the piece back
    const stock = await stockOf(t, item.itemId, other.size)
    expect((await askExchange(shopper, number, line.line_id, other.size)).statusCode).toBe(200)
    expect(await stockOf(t, item.itemId, other.size)).toBe(stock - 1)
    await t.store.db.updateTable('store_settings').set({ return_window_days: 0 }).where('brand_id', '=', brandId).execute()
    invalidateSettings(brandId)
    try {
      const closedMeanwhile = await placeExchange(shopper)
      expect(closedMeanwhile.statusCode).toBe(409)
      expect(errorsOf(closedMeanwhile)[0]).toBe('Returns and exchanges are open for 0 days after delivery, and that time has passed.')
    } finally {
      await t.store.db.updateTable('store_settings').set({ return_window_days: 30 }).where('brand_id', '=', brandId).execute()
      invalidateSettings(brandId)
    }
    expect(await cartOf(shopper)).toMatchObject({ items: [], exchange_label: null })
    expect(await stockOf(t, item.itemId, other.size)).toBe(stock)
    expect(dataOf<Order>(await shopper.get(`/api/orders/${number}`)).status).toBe('delivered')
  })
})

vi.setConfig({ testTimeout: 30_000 })
